"""Small saves by construction: every registered game's committed scripts, played through the
real runner and store, write at most SAVE_BUDGET_BYTES per press on average (the session row, its
undo row, the history and word rows; a deck kept once in the database, storage/kept.py, is not a
press's cost), and no single press more than twice that. A game that saves its deck in its
state, let alone twice, fails here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from device.framework.descriptor import SAVE_BUDGET_BYTES, Script
from device.framework.loader import descriptor
from device.framework.registry import GAMES
from device.games.artbox.app import ArtboxApp
from device.games.artbox.ui import ArtboxUi
from device.run.headless import run_script
from device.run.script import four_keys_header, parse_script
from device.storage.store import Store
from hardware.events import ButtonEvent
from tests.conftest import Harness
from tests.powercut import script_lines

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
NAMED = [(key, script) for key in GAMES for script in descriptor(key).scripts]
ONCE = "INSERT OR IGNORE INTO kept"  # data kept once per distinct content, not at every press


class _Counting:
    """A cursor that adds up the bytes of the text and blobs each statement writes."""

    def __init__(self, cursor: Any, tally: list[int]) -> None:
        self.cursor, self.tally = cursor, tally

    def execute(self, sql: str, params: tuple[Any, ...] = (), /) -> Any:
        if not sql.lstrip().upper().startswith("SELECT") and not sql.startswith(ONCE):
            self.tally[0] += sum(len(p) for p in params if isinstance(p, str | bytes))
        return self.cursor.execute(sql, params)


class CountingStore(Store):
    """The real store, counting what its transactions write (kept data aside)."""

    def __init__(self) -> None:
        super().__init__(None)
        self.tally = [0]

    def _write(self, work: Callable[[Any], Any], held: bool = True) -> Any:
        # every write passes here, whether held for the step's one commit or on disk at once
        return super()._write(lambda cur: work(_Counting(cur, self.tally)), held)


@dataclass(frozen=True)
class Written:
    """What a script's presses wrote: how many presses, and the bytes of each."""

    script: str
    per_press: tuple[int, ...]

    @property
    def mean(self) -> float:
        """Bytes per press, on average over the script."""
        return sum(self.per_press) / max(1, len(self.per_press))


def written(script: Script) -> Written:
    """Play a committed script and count the bytes each press (or hold) wrote."""
    path = SCRIPTS / f"{script.name}.txt"
    seed, lines = script_lines(path)
    store = CountingStore()
    h = Harness(seed=seed, store=store, seat_buttons=not four_keys_header(path.read_text(encoding="utf-8")))
    sizes = []
    for line in lines:
        for step in parse_script(line, "<test>"):
            before = store.tally[0]
            run_script(h.runner, h.clock, [step])
            if isinstance(step, ButtonEvent):
                sizes.append(store.tally[0] - before)
    return Written(script.name, tuple(sizes))


def over_budget(found: Written) -> str | None:
    """Why a script's saves are over the budget, or None."""
    if found.mean <= SAVE_BUDGET_BYTES and max(found.per_press, default=0) <= 2 * SAVE_BUDGET_BYTES:
        return None
    return (f"{found.script}: {found.mean:,.0f} bytes per press over {len(found.per_press)} presses (the "
            f"largest {max(found.per_press):,}); the budget is {SAVE_BUDGET_BYTES:,} on average, no press over "
            f"twice that (docs/framework.md: small saves)")


@pytest.mark.parametrize(("key", "script"), NAMED, ids=[s.name for _, s in NAMED])
def test_every_game_saves_within_the_budget(key: str, script: Script) -> None:
    """Each registered game's every committed script stays within the bytes-per-press budget."""
    found = written(script)
    assert found.per_press, f"{script.name}: no press"
    assert over_budget(found) is None, over_budget(found)


def test_a_game_that_saves_its_deck_twice_fails_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: #ARTBOX saving its deck's words in its state, twice (the mistake the
    issue's trial game made), is over the budget, while the real #ARTBOX is within it."""
    script = next(s for s in descriptor("artbox").scripts if s.name == "artbox_four_players")
    within = written(script)
    assert over_budget(within) is None
    real_dump = ArtboxApp.dump

    def twice(self: ArtboxApp, state: ArtboxUi) -> dict[str, Any]:
        data = real_dump(self, state)
        if state.game is not None:
            data["deck"] = data["deck_again"] = list(state.game.setup.words)
        return data

    monkeypatch.setattr(ArtboxApp, "dump", twice)
    over = written(script)
    assert over.mean > 2 * within.mean and over_budget(over) is not None
