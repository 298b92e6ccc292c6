"""What every game's app derives the same way from its engine `Game`: whether a game is under
way, its result for the history (seats as data: the names the table typed, "" for a seat left
unnamed, never a translated "Seat 2"), and its seed.

A game's UI state holds `seed` (the seed of the game under way, or of the next one while the
setup shows) and `game` (the engine state, None while setting up). Seeds are made one way:
a new app draws one from the session (`Context.seed`), every later game takes the first draw of
the finished game's own generator (`next_seed`), and a game never starts on a seed that a game
of its kind in the history already had (`starting_seed`): the history keys a game by kind and
seed (device/storage/history.py), so two finished games are always two rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from device.framework.contract import GameResult
from device.storage.history import GameRecord
from device.strings.all import STRINGS as T
from device.widgets.bindings import KeyedApp
from engine.game import Game
from engine.rng import Rng

SEED_MASK = 0xFFFFFFFF  # a game seed is 32-bit, as the session hands them out (session.next_seed)


class GameUi(Protocol):
    """The two fields of a game's UI state the framework reads."""

    @property
    def seed(self) -> int:
        """The seed of the game under way (or of the next one, on the setup screen)."""

    @property
    def game(self) -> Any:
        """The engine state, None while setting up."""


U = TypeVar("U", bound=GameUi)


class GameApp(KeyedApp[U]):
    """A game's app: subclasses name their engine `Game` and say how a finished game scores."""

    engine: Game[Any, Any, Any]

    def in_progress(self, state: U) -> bool:
        """A game is under way from its start until the rules give its outcome."""
        return state.game is not None and self.engine.outcome(state.game) is None

    def result(self, state: U) -> GameResult | None:
        """Once the rules give an outcome: each seat's typed name and score, the winners and the seed."""
        game = state.game
        outcome = self.engine.outcome(game) if game is not None else None
        if game is None or outcome is None:
            return None
        return GameResult(players=self.seat_names(game), scores=self.scores(game),
                          winners=outcome.winners, seed=state.seed)

    def seat_names(self, game: Any) -> tuple[str, ...]:
        """The name the table typed for each seat (one per score), "" for each seat left unnamed
        (the default: no names); the screens draw an unnamed seat as "Seat 2" / "Place 2"
        (`player_names`)."""
        return ("",) * len(self.scores(game))  # a seat per score: no setup field is assumed

    def scores(self, game: Any) -> tuple[int, ...]:
        """Each seat's final score, seat 1 first."""
        raise NotImplementedError

    def saved_scores(self, data: dict[str, Any], form: int) -> tuple[int, ...] | None:
        """Each seat's score so far in a saved game that cannot resume (kept aside), read without
        the database; None when the save does not say."""
        try:
            game = self.load(data, None, form).game
        except ValueError:
            return None
        return None if game is None else self.scores(game)


def player_names(players: Sequence[str], lang: str) -> tuple[str, ...]:
    """Players as stored (a typed name, or "" for seat N left unnamed) drawn in `lang`."""
    return tuple(name or T(lang, "seat", seat=seat) for seat, name in enumerate(players, start=1))


def next_seed(state: GameUi) -> int:
    """The seed of the game after this one: the first draw of its own generator (the same seed
    while no game was played on it)."""
    if state.game is None:
        return state.seed
    rng: Rng = state.game.rng
    value, _ = rng.next_u64()
    return value & SEED_MASK


def unused_seed(key: str, seed: int, history: Sequence[GameRecord]) -> int:
    """`seed`, unless a finished game of `key` in the history had it: then the first draw from it
    that none had."""
    taken = {record.seed for record in history if record.game == key}
    rng = Rng.from_seed(seed)
    while seed in taken:
        value, rng = rng.next_u64()
        seed = value & SEED_MASK
    return seed


def starting_seed(key: str, state: GameUi, history: Sequence[GameRecord]) -> int:
    """The seed a game of `key` starting from `state` plays on: the next after the game `state`
    shows (its own seed on the setup screen), unless the history has it (`unused_seed`)."""
    return unused_seed(key, next_seed(state), history)
