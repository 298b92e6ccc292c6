"""IDENTIK through the device loop: the scripted 4-player game, undo, sounds, power cuts."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from device.games.identik.ui import IdentikUi
from device.run.script import read_script
from engine.identik.rules import outcome
from engine.identik.view import scores
from tests.conftest import ROOT as REPO
from tests.conftest import Harness

SCRIPTS = REPO / "tests" / "scripts"
TABLE_BUILD = SCRIPTS / "identik_full_game.txt"
FOUR_KEYS = SCRIPTS / "identik_full_game_four_keys.txt"
CLASSIFIED = re.compile(r"^(press|hold) \S+\s+# (setup: .+|extra: .+|rule: .+ \(002 l\.\d+\))$")


def identik(h: Harness) -> IdentikUi:
    """The IDENTIK app's state."""
    state = h.state("identik")
    assert isinstance(state, IdentikUi)
    return state


@pytest.mark.parametrize("script", [TABLE_BUILD, FOUR_KEYS], ids=["table-build", "four-keys"])
def test_the_scripted_game_ends_on_the_expected_scorecard(harness: Callable[..., Harness], script: Path) -> None:
    """Rulebook 002 l.84-87 through the buttons: 4 rounds, totals = narrator + artist points,
    most points wins (the hand-counted scorecard is in the script's header), on the table build
    and with the four keys alone."""
    from device.run.headless import run_script

    h = harness(seed=4)
    run_script(h.runner, h.clock, read_script(script))
    game = identik(h).game
    assert game is not None and game.phase == "over"
    assert [r.narrator for r in game.history] == [2, 3, 4, 1]
    assert [r.super_criterion for r in game.history] == [3, 9, 10, 5]
    card = [(line.narrator_points, line.artist_points, line.total) for line in scores(game)]
    assert card == [(3, 13, 16), (5, 12, 17), (6, 12, 18), (3, 8, 11)]
    result = outcome(game)
    assert result is not None and result.winners == (3,)
    assert h.runner.render()[1].endswith(":identik.over")


def round_counts(script: Path) -> dict[int, tuple[int, int]]:
    """Per round of a script: (presses that are rulebook actions, extra presses)."""
    counts: dict[int, list[int]] = {}
    current = None
    for line in script.read_text(encoding="utf-8").splitlines():
        if marker := re.match(r"# ---- round (\d+)$", line):
            current = int(marker.group(1))
            counts[current] = [0, 0]
        elif line == "# ---- end":
            current = None
        elif line.startswith(("press ", "hold ")):
            assert CLASSIFIED.match(line), f"unclassified press: {line!r}"
            kind = line.split("# ", 1)[1].split(":", 1)[0]
            assert (kind == "setup") == (current is None), f"{kind} press outside/inside a round: {line!r}"
            if current is not None:
                counts[current][kind == "extra"] += 1
    return {number: (rule, extra) for number, (rule, extra) in counts.items()}


def test_every_press_of_the_scripts_is_classified_and_extras_stay_within_a_fifth() -> None:
    """Issue 13: every press is a setup step, a rulebook action (cited) or an extra; on the table
    build each round's extra presses are at most 20 % of its rulebook actions. The four-key
    count is reported apart (docs/table-flow/identik.md) and only has to play the same game."""
    table = round_counts(TABLE_BUILD)
    assert sorted(table) == [1, 2, 3, 4]
    assert all(extra * 5 <= rule for rule, extra in table.values()), table
    four = round_counts(FOUR_KEYS)
    assert [rule for rule, _ in four.values()] == [rule for rule, _ in table.values()]


def test_the_scripts_are_what_the_generator_writes(tmp_path: Path) -> None:
    """The committed scripts come from tests/scripts/identik_make_scripts.py, unedited."""
    from tests.scripts import identik_make_scripts as make

    for script, four_keys in ((TABLE_BUILD, False), (FOUR_KEYS, True)):
        make.write(tmp_path / script.name, four_keys)
        assert (tmp_path / script.name).read_text(encoding="utf-8") == script.read_text(encoding="utf-8")


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
