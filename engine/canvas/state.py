"""Canvas's state: the setup, the paintings completed, the one being entered, the scores.

The score helpers (ribbons held, points, leaders, tie-breaks) live here beside the state they
read, so the reducer and the screens share one definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.canvas_model import (
    ELEMENTS,
    MAX_CARDS_IN_PLAY,
    PAINTINGS_EACH,
    SLOTS,
    BonusIcon,
    ScoringCard,
    Slot,
)
from engine.canvas_solo import Solo
from engine.rng import Rng
from engine.seats import check_players

Phase = Literal["playing", "turn", "automaton", "painting", "review", "tokens", "judging", "finished"]
_SOLO_PHASES = ("turn", "automaton")
_TABLE_PHASES = ("playing", "tokens", "judging")


@dataclass(frozen=True)
class Setup:
    """The scoring cards in play (in their row order), the bonus icons known, the players.

    One player plays the solo variant against the automated player (rulebook 004 l.115).
    """

    cards: tuple[ScoringCard, ...]
    players: int = 2
    bonus_icons: tuple[BonusIcon, ...] = ()

    def __post_init__(self) -> None:
        check_players(self.players, 1, 5, "Canvas")
        if not 1 <= len(self.cards) <= MAX_CARDS_IN_PLAY:
            raise ValueError(f"Canvas plays with 1 to {MAX_CARDS_IN_PLAY} scoring cards")
        names = [card.name for card in self.cards]
        if len(set(names)) != len(names):
            raise ValueError("a scoring card is in play only once")
        ids = [b.id for b in self.bonus_icons]
        if len(set(ids)) != len(ids):
            raise ValueError("each bonus icon needs its own id")

    @property
    def solo(self) -> bool:
        """True for the solo variant."""
        return self.players == 1

    @property
    def icons(self) -> tuple[str, ...]:
        """What a slot position can show: nothing, an element or a known bonus icon."""
        return ("", *ELEMENTS, *(b.id for b in self.bonus_icons))


@dataclass(frozen=True)
class Finished:
    """A completed painting: who painted it, what it shows, ribbons taken per card, bonus points."""

    seat: int
    slots: tuple[Slot, ...]
    awarded: tuple[int, ...]
    bonus: int


@dataclass(frozen=True)
class Draft:
    """A painting being entered: slots 1..`at` are filled in; `at` == 5 means in review."""

    seat: int
    slots: tuple[Slot, ...] = (Slot(),) * SLOTS
    at: int = 0
    counted: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """The whole game: see the module docstring for the phases."""

    setup: Setup
    rng: Rng
    phase: Phase
    paintings: tuple[Finished, ...] = ()
    draft: Draft | None = None
    solo: Solo | None = None
    tokens: tuple[int | None, ...] = ()
    judged: int = 0

    def __post_init__(self) -> None:
        setup = self.setup
        if (self.solo is not None) != setup.solo:
            raise ValueError("solo tracking exists exactly in the solo variant")
        if self.phase in _SOLO_PHASES and not setup.solo:
            raise ValueError(f"phase {self.phase} belongs to the solo variant")
        if self.phase in _TABLE_PHASES and setup.solo:
            raise ValueError(f"phase {self.phase} does not exist in the solo variant")
        if len(self.tokens) != setup.players:
            raise ValueError("one inspiration-token entry per player")
        if (self.draft is not None) != (self.phase in ("painting", "review")):
            raise ValueError(f"phase {self.phase} and the painting being entered disagree")
        if self.draft is not None:
            _check_draft(setup, self.draft, self.phase)
        done = [0] * (setup.players + 1)
        for painting in self.paintings:
            if not 1 <= painting.seat <= setup.players:
                raise ValueError(f"painting by seat {painting.seat}, not at this table")
            done[painting.seat] += 1
            if len(painting.slots) != SLOTS or len(painting.awarded) != len(setup.cards):
                raise ValueError("a painting has 5 slots and a ribbon count per card in play")
        if max(done) > PAINTINGS_EACH:
            raise ValueError(f"a player completes {PAINTINGS_EACH} paintings, no more")
        if any(t is not None and t < 0 for t in self.tokens):
            raise ValueError("inspiration tokens cannot be negative")
        if self.judged and not 1 <= self.judged <= setup.players:
            raise ValueError(f"seat {self.judged} is not at this table")


def _check_draft(setup: Setup, draft: Draft, phase: str) -> None:
    if not 1 <= draft.seat <= setup.players:
        raise ValueError(f"seat {draft.seat} is not at this table")
    if len(draft.slots) != SLOTS or not 0 <= draft.at <= SLOTS:
        raise ValueError("a painting has 5 slots")
    if (draft.at == SLOTS) != (phase == "review"):
        raise ValueError("the review comes once all 5 slots are entered")
    if len(draft.counted) != len(setup.cards):
        raise ValueError("one counted-ribbon entry per card in play")
    for slot in draft.slots:
        for icon in (slot.top, slot.bottom):
            if icon not in setup.icons:
                raise ValueError(f"unknown icon {icon!r}")


def new_game(setup: Setup, seed: int) -> State:
    """A game with no painting yet; in solo the human takes the first turn (rulebook 004 l.119)."""
    return State(
        setup=setup,
        rng=Rng.from_seed(seed),
        phase="turn" if setup.solo else "playing",
        solo=Solo() if setup.solo else None,
        tokens=(None,) * setup.players,
    )


# ----------------------------------------------------------------------------- scores


def seats(state: State) -> range:
    """The seat numbers at the table."""
    return range(1, state.setup.players + 1)


def paintings_of(state: State, seat: int) -> tuple[Finished, ...]:
    """A seat's completed paintings, oldest first."""
    return tuple(p for p in state.paintings if p.seat == seat)


def paintings_done(state: State, seat: int) -> int:
    """How many paintings a seat has completed (3 each, rulebook 004 l.30)."""
    return len(paintings_of(state, seat))


def ribbons(state: State, seat: int) -> tuple[int, ...]:
    """Ribbons a seat holds on each card in play."""
    held = [0] * len(state.setup.cards)
    for painting in paintings_of(state, seat):
        for i, n in enumerate(painting.awarded):
            held[i] += n
    return tuple(held)


def card_points(state: State, seat: int) -> tuple[int, ...]:
    """Points of each ribbon set a seat holds (rulebook 004 l.76)."""
    held = ribbons(state, seat)
    return tuple(card.score(n) for card, n in zip(state.setup.cards, held, strict=True))


def bonus_total(state: State, seat: int) -> int:
    """Bonus-icon points over a seat's paintings (rulebook 004 l.77)."""
    return sum(p.bonus for p in paintings_of(state, seat))


def total(state: State, seat: int) -> int:
    """A seat's score: ribbon sets plus bonus icons."""
    return sum(card_points(state, seat)) + bonus_total(state, seat)


def leaders(state: State) -> tuple[int, ...]:
    """The seats with the most points."""
    best = max(total(state, s) for s in seats(state))
    return tuple(s for s in seats(state) if total(state, s) == best)


def tokens_pending(state: State) -> tuple[int, ...]:
    """Tied leaders whose inspiration tokens are still to be entered."""
    if state.phase != "tokens":
        return ()
    return tuple(s for s in leaders(state) if state.tokens[s - 1] is None)


def best_by_tokens(state: State) -> tuple[int, ...]:
    """The leaders left after the token tie-break (all leaders until tokens are entered)."""
    tied = leaders(state)
    counts = [state.tokens[s - 1] for s in tied]
    if any(t is None for t in counts):
        return tied
    most = max(t for t in counts if t is not None)
    return tuple(s for s in tied if state.tokens[s - 1] == most)


def runner_up(state: State) -> tuple[int, ...]:
    """Who judges a tie that tokens did not break: the best-scoring seats outside the tie."""
    tied = set(best_by_tokens(state))
    others = [s for s in seats(state) if s not in tied]
    if not others:
        return ()
    best = max(total(state, s) for s in others)
    return tuple(s for s in others if total(state, s) == best)
