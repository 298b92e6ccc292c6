"""Issue 8: every game that ends is kept in the history (each registered game's scripts, found
from the registry), and undo/redo walk back through a whole
#ARTBOX round (the dice come back with their values)."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.framework.descriptor import Script
from device.framework.loader import descriptor
from device.framework.registry import GAMES
from device.games.artbox.ui import ArtboxUi
from device.run.headless import run_script
from device.run.script import four_keys_header, parse_script
from engine.outcome import Termination
from tests.conftest import Harness
from tests.powercut import script_lines

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
NAMED = [(key, script) for key in GAMES for script in descriptor(key).scripts]


def _play(h: Harness, line: str) -> None:
    run_script(h.runner, h.clock, parse_script(line, "<test>"))


def test_every_committed_script_is_named_by_one_game() -> None:
    """Each tests/scripts/*.txt belongs to exactly one registered game (its game.py names it),
    and each script a game names exists: no script goes unchecked."""
    named = [script.name for _, script in NAMED]
    assert len(named) == len(set(named)), "a script named by two games"
    assert sorted(named) == sorted(p.stem for p in SCRIPTS.glob("*.txt"))


@pytest.mark.parametrize(("key", "script"), NAMED, ids=[s.name for _, s in NAMED])
def test_a_finished_game_lands_in_the_history(key: str, script: Script) -> None:
    """Each script that its game declares finished leaves exactly one history record of that
    game, with its winners; a script declared to stop mid-game leaves none."""
    path = SCRIPTS / f"{script.name}.txt"
    seed, lines = script_lines(path)
    h = Harness(seed=seed, seat_buttons=not four_keys_header(path.read_text(encoding="utf-8")))
    for line in lines:
        _play(h, line)
    records = [r for r in h.store.games() if r.game == key]
    if not script.ends:
        assert records == [], f"{script.name} is declared to stop mid-game but {key} ended"
        return
    assert len(records) == 1, f"{script.name} finishes {key} but left {len(records)} history records"
    record = records[0]
    assert record.winners and all(1 <= w <= len(record.players) for w in record.winners)
    assert len(record.scores) == len(record.players)
    outcome = descriptor(key).rules.outcome(h.runner.session.states[key].game)
    assert outcome is not None and tuple(outcome.winners) == tuple(record.winners)
    if outcome.reason is not Termination.TARGET:  # Artem ends at once when a target is reached (003 l.83)
        assert all(record.scores[w - 1] == max(record.scores) for w in record.winners)


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
    final = h.state("artbox")
    assert isinstance(final, ArtboxUi)
    faces = final.game is not None and final.game.last_round is not None
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
