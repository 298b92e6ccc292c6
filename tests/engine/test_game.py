"""Every registered game meets the one contract of engine/game.py (from the example setup its
device/games/<key>/game.py names), and saved games read back unchanged."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from device.framework.descriptor import Descriptor
from device.framework.loader import descriptor
from device.framework.registry import GAMES
from engine import codec
from engine.artem import ARTEM
from engine.artem.commands import MainDeckOut
from engine.artem.setup import Setup as ArtemSetup
from engine.errors import IllegalCommand
from engine.game import Game
from engine.outcome import Termination
from tests.engine.artem.conftest import candidates

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def _described(key: str) -> Descriptor:
    """A registered game's descriptor (its `device/games/<key>/game.py`)."""
    return descriptor(key)


def _frozen(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return dataclasses.is_dataclass(cls) and params is not None and bool(params.frozen)


@pytest.mark.parametrize("key", GAMES)
def test_each_game_meets_the_contract(key: str) -> None:
    """Every registered game: key, frozen setup/state/commands, a seeded new game from its
    example setup that round-trips, no outcome yet."""
    game = _described(key).rules
    setup = _described(key).example()
    assert game.key == key and isinstance(setup, game.setup_type)
    assert _frozen(game.setup_type) and _frozen(game.state_type)
    assert game.commands and all(_frozen(c) for c in game.commands)
    assert len({c.__name__ for c in game.commands}) == len(game.commands)
    state = game.new_game(setup, 11)
    assert isinstance(state, game.state_type)
    assert game.new_game(setup, 11) == state  # the seed decides everything
    assert game.state_from_dict(json.loads(json.dumps(game.state_to_dict(state)))) == state
    assert game.outcome(state) is None


def _saved_games() -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for path in sorted(SCRIPTS.glob("*.expected.json")):
        states = json.loads(path.read_text(encoding="utf-8"))["states"]
        found += [(path.stem, key, _described(key).engine_form(ui["game"])) for key, ui in states.items()
                  if key in GAMES and ui.get("game") is not None]
    return found


@pytest.mark.parametrize(("script", "key", "data"), _saved_games(),
                         ids=[f"{s}-{k}" for s, k, _ in _saved_games()])
def test_saved_games_read_back_and_write_the_same_dict(script: str, key: str, data: dict[str, Any]) -> None:
    """The scripts' reviewed final states (the saved format) load through the contract and
    write back exactly the same values."""
    game = _described(key).rules
    assert game.state_to_dict(game.state_from_dict(data)) == data


def _same_refusal(game: Game[Any, Any, Any], state: object, command: object) -> IllegalCommand | None:
    """The contract's refusal, checked against what apply does with the same command."""
    why = game.refusal(state, command)
    if why is None:
        game.apply(state, command)
        return None
    with pytest.raises(IllegalCommand) as raised:
        game.apply(state, command)
    assert (str(raised.value), raised.value.code, raised.value.params) == (str(why), why.code, why.params)
    return why


def test_artem_refusal_is_exactly_what_apply_raises() -> None:
    """Artem's refusals are computed apart from apply: over a seeded random game, every
    candidate command is refused by both or by neither, with the same code and text."""
    pick = random.Random(3)
    state = ARTEM.new_game(ArtemSetup(players=3), 5)
    for _ in range(60):
        allowed = [c for c in candidates(state) if _same_refusal(ARTEM, state, c) is None]
        if not allowed or ARTEM.outcome(state) is not None:
            break
        # Ending the game by the main deck is checked like the rest but not chosen.
        state = ARTEM.apply(state, pick.choice([c for c in allowed if not isinstance(c, MainDeckOut)]))
    assert state.turn > 3  # the walk went through several turns


@pytest.mark.parametrize("key", GAMES)
def test_refusal_applies_nothing_and_names_the_reason(key: str) -> None:
    """For every registered game (the commands its game.py names, in a game begun from its example
    setup), refusal returns apply's own IllegalCommand (None when allowed) and leaves the state
    as it was; each game names at least one refused and one allowed command."""
    described = _described(key)
    game = described.rules
    assert described.refusals.refused and described.refusals.allowed, f"{key}: game.py names no refusals"
    for command, code in described.refusals.refused:
        state = game.new_game(described.example(), 2)
        before = game.state_to_dict(state)
        why = _same_refusal(game, state, command)
        assert why is not None and why.code == code, (key, command)
        assert game.state_to_dict(state) == before
    for command in described.refusals.allowed:
        assert _same_refusal(game, game.new_game(described.example(), 2), command) is None, (key, command)


def test_a_termination_is_saved_as_its_value_and_old_texts_still_load() -> None:
    """Outcome.reason is a Termination: it saves as its text, the text reads back to the same
    member, and the texts written before the enum (IDENTIK's "most points", a Canvas solo
    award name) load as the member that replaced them."""
    for member in Termination:
        assert codec.from_dict(Termination, json.loads(json.dumps(codec.to_dict(member)))) is member
    assert Termination("most points") is Termination.POINTS
    assert Termination("best_in_show") is Termination.SOLO
    with pytest.raises(ValueError):
        Termination("no such end")
