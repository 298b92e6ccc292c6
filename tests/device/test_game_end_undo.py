"""Issue 28: no game is lost in one press. The step that ends a game says on screen how to undo
it (and holding back does), for every registered game's finished scripts; abandoning a game
under way is asked first (IDENTIK's scorecard: tests/device/identik/test_app.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.framework.descriptor import Script
from device.framework.loader import descriptor
from device.framework.registry import GAMES
from device.run.headless import run_script
from device.run.script import four_keys_header, parse_script
from device.strings.all import STRINGS as T
from tests.conftest import Harness
from tests.powercut import script_lines

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
ENDING = [(key, script) for key in GAMES for script in descriptor(key).scripts if script.ends]


@pytest.mark.parametrize(("key", "script"), ENDING, ids=[s.name for _, s in ENDING])
def test_the_step_that_ends_a_game_says_how_to_undo_it(key: str, script: Script) -> None:
    """At the press that puts the game in the history the message line says "hold ◀: undo", and
    holding back brings the game back from before its end."""
    path = SCRIPTS / f"{script.name}.txt"
    seed, lines = script_lines(path)
    h = Harness(seed=seed, seat_buttons=not four_keys_header(path.read_text(encoding="utf-8")))
    rules = descriptor(key).rules
    for line in lines:
        run_script(h.runner, h.clock, parse_script(line, "<test>"))
        if h.store.games():
            break
    else:
        pytest.fail(f"{script.name} never ended {key}")
    assert h.runner.session.message == T("en", "game_over_undo")
    assert rules.outcome(h.runner.session.states[key].game) is not None
    h.press("back!")
    assert rules.outcome(h.runner.session.states[key].game) is None
    assert h.runner.session.message.startswith("Undid: ")
