"""The pause menu (issue 13): a game's Menu key opens Resume, Undo, Home, Settings over the game
under way, through the real runner, its real SQLite store and the Toolbox's real key table."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from device.framework.loader import app
from device.framework.registry import PAUSE
from device.system.pause.ui import PauseUi
from tests.conftest import Harness


def _labels(h: Harness) -> dict[str, str]:
    owner = h.runner.session.app()
    return owner.bindings(h.runner.session.state(), h.runner.ctx()).labels()  # type: ignore[attr-defined, no-any-return]


def _in_toolbox(h: Harness) -> None:
    h.press("ok")  # home: the Toolbox is the first entry
    assert h.runner.session.mode == "toolbox"


def test_menu_key_opens_the_pause_menu_with_resume_under_the_cursor() -> None:
    h = Harness()
    _in_toolbox(h)
    assert _labels(h)["back"] == "Menu"
    h.press("back")
    assert h.runner.session.mode == PAUSE
    assert h.state() == PauseUi(game="toolbox", cursor=0)
    assert _labels(h) == {"up": "Up", "down": "Down", "ok": "Resume", "back": "Resume"}
    h.press("ok")
    assert h.runner.session.mode == "toolbox"


def test_back_in_the_pause_menu_resumes_the_game() -> None:
    h = Harness()
    _in_toolbox(h)
    h.press("seat2", "back", "back")  # the order screen -> the Toolbox menu -> the pause menu
    assert h.runner.session.mode == PAUSE
    h.press("down", "back")
    assert h.runner.session.mode == "toolbox"
    assert h.state().game.order.seats == (2,)  # type: ignore[attr-defined]


def test_undo_undoes_the_last_step_and_shows_the_game_with_its_label() -> None:
    h = Harness()
    _in_toolbox(h)
    h.press("seat2", "seat4", "back", "back")
    h.press("down")
    assert _labels(h)["ok"] == "Undo"
    h.press("ok")
    assert h.runner.session.mode == "toolbox"
    assert h.state().game.order.seats == (2,)  # type: ignore[attr-defined]
    assert h.runner.session.message == "Undid: seat 4 took #2"
    h.press("ok!")  # and hold ok redoes it, as after a held back
    assert h.state().game.order.seats == (2, 4)  # type: ignore[attr-defined]


def test_undo_with_nothing_to_undo_says_so_over_the_game() -> None:
    h = Harness()
    _in_toolbox(h)
    h.press("back", "down", "ok")
    assert h.runner.session.mode == "toolbox"
    assert h.runner.session.message == "Nothing to undo"


def test_home_leaves_for_the_home_menu_which_offers_to_continue() -> None:
    h = Harness()
    _in_toolbox(h)
    h.press("seat3", "back", "back", "down", "down", "ok")
    assert h.runner.session.mode == "home"
    toolbox = next(entry for entry in h.runner.ctx().menu if entry.key == "toolbox")
    assert toolbox.under_way
    assert h.runner.session.states[PAUSE] == PauseUi()  # nothing is paused any more
    h.press("ok")
    assert h.runner.session.mode == "toolbox"
    assert h.state().game.order.seats == (3,)  # type: ignore[attr-defined]


def test_settings_from_the_pause_menu_go_back_to_the_pause_menu() -> None:
    """Back retraces the way in: Settings -> the pause menu (cursor on Settings) -> the game."""
    h = Harness()
    _in_toolbox(h)
    h.press("back", "up")
    assert _labels(h)["ok"] == "Open"
    h.press("ok")
    assert h.runner.session.mode == "settings"
    assert _labels(h)["back"] == "Back"
    h.press("ok", "up", "ok")  # language: English -> French, applied at once
    assert h.runner.session.settings.language == "fr"
    h.press("back")
    assert h.runner.session.mode == PAUSE
    assert h.state() == PauseUi(game="toolbox", cursor=3)
    assert _labels(h)["back"] == "Reprendre"
    h.press("back")
    assert h.runner.session.mode == "toolbox"


def test_settings_opened_from_home_still_lead_home() -> None:
    h = Harness()
    _in_toolbox(h)
    h.press("back", "down", "down", "ok")  # pause menu -> Home
    h.press("up", "ok")  # the last home entry: Settings
    assert h.runner.session.mode == "settings"
    assert _labels(h)["back"] == "Home"
    h.press("back")
    assert h.runner.session.mode == "home"


def test_the_pause_menu_survives_a_power_cut(tmp_path: Path) -> None:
    db = tmp_path / "easel.db"
    h = Harness(db)
    _in_toolbox(h)
    h.press("seat3", "back", "back", "down")
    h.store.close()  # the process stops; every acknowledged press is on disk
    again = Harness(db)
    assert again.runner.session.mode == PAUSE
    assert again.state() == PauseUi(game="toolbox", cursor=1)
    again.press("up", "ok")
    assert again.runner.session.mode == "toolbox"
    assert again.state().game.order.seats == (3,)  # type: ignore[attr-defined]


def test_a_saved_pause_menu_over_no_game_is_refused() -> None:
    with pytest.raises(ValueError, match="not a game"):
        app(PAUSE).load({"game": "chess", "cursor": 0})
    with pytest.raises(ValueError, match="cursor"):
        app(PAUSE).load({"game": "artbox", "cursor": 4})


def test_the_pause_menu_names_the_paused_game_in_both_languages() -> None:
    from device.run.gallery import render_sample

    assert render_sample(PAUSE, "artbox", "epd2in13_V4", "fr").size == (250, 122)
    h = Harness()
    _in_toolbox(h)
    h.press("back")
    _image, key = h.runner.render()
    assert key.endswith(":pause:pause")


def test_a_killed_process_comes_back_on_the_pause_menu(tmp_path: Path) -> None:
    """SIGKILL while the pause menu shows (cursor on Undo): the restart shows the same menu over
    the same game, and Undo still undoes the game's last step."""
    from tests.device.test_resume import _feed, _final_state, _start

    db = tmp_path / "easel.db"
    proc = _start(db, tmp_path / "f1")
    _feed(proc, ["press ok", "press seat2", "press seat4", "press back", "press back", "press down"])
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    state = _final_state(db, tmp_path / "f2")
    assert state["mode"] == PAUSE
    assert state["states"]["pause"] == {"game": "toolbox", "cursor": 1}  # type: ignore[index]
    proc = _start(db, tmp_path / "f3")
    _feed(proc, ["press ok"])
    proc.communicate("", timeout=60)
    after = json.loads((tmp_path / "f3" / "state.json").read_text(encoding="utf-8"))
    assert after["mode"] == "toolbox"
    assert after["states"]["toolbox"]["game"]["order"]["seats"] == [2]
