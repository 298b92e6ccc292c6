"""Issue 8: every game that ends is kept in the history, and undo/redo walk back through a whole
#ARTBOX round (the dice come back with their values)."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.run.headless import run_script
from device.run.script import parse_script
from tests.conftest import Harness
from tests.powercut import script_lines

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
GAME_SCRIPTS = sorted(p for p in SCRIPTS.glob("*.txt") if not p.stem.startswith("toolbox"))


def _play(h: Harness, line: str) -> None:
    run_script(h.runner, h.clock, parse_script(line, "<test>"))


@pytest.mark.parametrize("script", GAME_SCRIPTS, ids=[p.stem for p in GAME_SCRIPTS])
def test_a_finished_game_lands_in_the_history(script: Path) -> None:
    """Each scripted game, played to its end, leaves one history record with its winners."""
    seed, lines = script_lines(script)
    h = Harness(seed=seed)
    for line in lines:
        _play(h, line)
    game = script.stem.split("_")[0]
    records = [r for r in h.store.games() if r.game == game]
    if not records:
        pytest.skip(f"{script.name} stops before the end of its game")
    assert len(records) == 1
    record = records[0]
    assert record.winners and all(1 <= w <= len(record.players) for w in record.winners)
    assert len(record.scores) == len(record.players)
    best = max(record.scores)
    if game != "artem":  # Artem ends at once when a target is reached; the others by score
        assert all(record.scores[w - 1] == best for w in record.winners)


def test_undo_and_redo_through_a_whole_artbox_round() -> None:
    """Hold back walks a full #ARTBOX round back to its deal; hold ok replays it, dice included."""
    seed, lines = script_lines(SCRIPTS / "artbox_four_players.txt")
    h = Harness(seed=seed)
    start = None
    depth_at_start = 0
    for line in lines:
        _play(h, line)
        ui = h.runner.session.states.get("artbox")
        if ui is not None and ui.game is not None and start is None:
            start = h.runner.session.app().dump(ui) if h.runner.session.mode == "artbox" else None
            depth_at_start = h.store.depth("undo", "artbox")
        if ui is not None and ui.game is not None and ui.game.round == 2:
            break
    assert start is not None
    app = h.runner.session.app()
    end = app.dump(h.state("artbox"))
    faces = h.state("artbox").game.last_round is not None
    assert faces
    steps = h.store.depth("undo", "artbox") - depth_at_start
    assert steps > 10, "a round is many commands"
    for _ in range(steps):
        h.press("back!")
        assert h.runner.session.message.startswith("Undid: ")
    assert app.dump(h.state("artbox")) == start
    for _ in range(steps):
        h.press("ok!")
        assert h.runner.session.message.startswith("Redid: ")
    assert app.dump(h.state("artbox")) == end
