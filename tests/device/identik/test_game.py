"""IDENTIK through the device loop: the scripted 4-player game, undo, sounds, power cuts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from device.games.identik.ui import IdentikUi
from device.script import read_script
from engine.identik.rules import outcome
from engine.identik.view import scores
from tests.conftest import ROOT as REPO
from tests.conftest import Harness

SCRIPT = REPO / "tests" / "scripts" / "identik_full_game.txt"


def identik(h: Harness) -> IdentikUi:
    """The IDENTIK app's state."""
    state = h.state("identik")
    assert isinstance(state, IdentikUi)
    return state


def test_the_scripted_game_ends_on_the_expected_scorecard(harness: Callable[..., Harness]) -> None:
    """Rulebook 002 l.84-87 through the buttons: 4 rounds, totals = narrator + artist points,
    most points wins (the hand-counted scorecard is in the script's header)."""
    from device.headless import run_script

    h = harness(seed=4)
    run_script(h.runner, h.clock, read_script(SCRIPT))
    game = identik(h).game
    assert game is not None and game.phase == "over"
    assert [r.narrator for r in game.history] == [2, 3, 4, 1]
    assert [r.super_criterion for r in game.history] == [3, 9, 10, 5]
    card = [(line.narrator_points, line.artist_points, line.total) for line in scores(game)]
    assert card == [(3, 13, 16), (5, 12, 17), (6, 12, 18), (3, 8, 11)]
    result = outcome(game)
    assert result is not None and result.winners == (3,)
    assert h.runner.render()[1].endswith(":identik.over")


def open_game(h: Harness) -> None:
    """Home -> IDENTIK -> start a 4-player game with seat 1 narrating first."""
    h.press("down", "down", "ok", "down", "down", "down", "down", "ok", "roll")


def test_hourglass_sounds_through_the_loop(harness: Callable[..., Harness]) -> None:
    """Issue 4 step 3: a beep each of the last 10 seconds, the alarm at zero, pencils down."""
    h = harness()
    open_game(h)
    h.press("ok", "timer")
    start = h.clock.now_ms()
    h.wait(95)
    assert h.sounds == [(start + ms, "tick") for ms in range(80_000, 90_000, 1000)] + [
        (start + 90_000, "alarm")
    ]
    game = identik(h).game
    assert game is not None and game.phase == "passing"


def test_hold_back_undoes_a_tick(harness: Callable[..., Harness]) -> None:
    """A wrong tick is taken back by the device's undo (hold back)."""
    h = harness()
    open_game(h)
    h.press("ok", "timer")
    h.wait(90)
    h.press("up", "seat2", "seat3")
    game = identik(h).game
    assert game is not None and game.ticks[0] == (2, 3)
    h.press("back!")
    game = identik(h).game
    assert game is not None and game.ticks[0] == (2,)
    assert "Seat 3 ticked criterion 1" in h.runner.session.message


def test_a_power_cut_mid_judging_resumes_on_the_same_screen(harness: Callable[..., Harness],
                                                           tmp_path: Path) -> None:
    """Nothing acknowledged is lost: the criterion and ticks come back after a restart."""
    db = tmp_path / "easel.db"
    h = harness(db=db)
    open_game(h)
    h.press("up", "ok", "timer")
    h.wait(90)
    h.press("up", "seat2", "ok", "seat4")
    before = identik(h)
    h.store.close()  # the old process is gone, and its lock on the database with it
    again = harness(db=db)
    assert identik(again) == before
    assert again.runner.render()[1].endswith(":identik.judging")
