"""Helpers shared by the #ARTBOX engine tests (no tests here): play rounds by their facts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.artbox.commands import (
    ClaimSlot,
    ConfirmSlot,
    Finish,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
    TimeUp,
    ToggleEligible,
    ToggleGuess,
)
from engine.artbox.rules import apply, new_game
from engine.artbox.setup import Setup
from engine.artbox.state import State
from engine.dice import Die

T0 = 1_000_000
WORDS: tuple[str, ...] = tuple(f"word{i:02d}" for i in range(60))
# The same split as device/data/dice.toml (tests do not read device data).
DICE: tuple[Die, ...] = (
    Die("d1", ("circle", "square", "triangle", "line", "circle", "triangle")),
    Die("d2", ("circle", "square", "triangle", "line", "square", "line")),
    Die("d3", ("circle", "square", "triangle", "line", "circle", "square")),
    Die("d4", ("circle", "square", "triangle", "line", "triangle", "line")),
)


def setup(players: int = 4, **options: object) -> Setup:
    """A setup with the test deck and dice; the first Maestro is seat 1 unless given."""
    options.setdefault("first_maestro", 1)
    return Setup(players=players, words=WORDS, dice=DICE, **options)  # type: ignore[arg-type]


def game(players: int = 4, seed: int = 7, **options: object) -> State:
    """A new game."""
    return new_game(setup(players, **options), seed)


def deal_all(state: State, picks: Sequence[tuple[int, ...]] | None = None) -> State:
    """Every seat looks at its words and keeps the first one(s) (or picks[i] for the i-th)."""
    i = 0
    while state.phase == "deal_cover":
        state = apply(state, ShowWords())
        keep = picks[i] if picks else tuple(range(state.setup.drawings_each))
        state = apply(state, Pick(keep))
        i += 1
    return state


def draw_all(state: State, order: Sequence[int] | None = None) -> State:
    """Roll, then the seats finish in `order` (seat order by default); the last one takes the
    last token by itself (000 l.44); simplified: time up."""
    state = apply(state, Roll(T0))
    if state.setup.simplified:
        return apply(state, TimeUp(T0 + state.setup.sandglass_ms))
    for seat in (order or range(1, state.setup.players + 1))[:-1]:
        state = apply(state, Finish(seat))
    return state


def guess_all(state: State) -> State:
    """Someone turns the sandglass; the sand runs out and drawing #1 is identified."""
    state = apply(state, StartSandglass(T0 + 10_000_000))
    return apply(state, TimeUp(T0 + 10_000_000 + state.setup.sandglass_ms))


@dataclass(frozen=True)
class Drawing:
    """One slot as the table resolves it."""

    author: int
    guessers: tuple[int, ...] = ()
    eligible: bool = True
    word: int = 0


def identify(state: State, drawings: Sequence[Drawing]) -> State:
    """Resolve every slot in order; ends in the next round's deal (or the game over)."""
    for d in drawings:
        state = apply(state, ClaimSlot(d.author, d.word))
        for seat in d.guessers:
            state = apply(state, ToggleGuess(seat))
        if not d.eligible:
            state = apply(state, ToggleEligible())
        state = apply(state, ConfirmSlot())
    return state


def play_round(
    state: State, drawings: Sequence[Drawing], order: Sequence[int] | None = None
) -> State:
    """A whole round from its start to the next round's first deal (or the game over)."""
    return identify(guess_all(draw_all(deal_all(state), order)), drawings)


def solo(author: int, guessed: int, players: int, eligible: bool = True) -> Drawing:
    """A drawing guessed by the first `guessed` other seats."""
    others = [s for s in range(1, players + 1) if s != author][:guessed]
    return Drawing(author, tuple(others), eligible)
