"""Canvas's state: the paintings completed, the one being entered, the solo market, tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.canvas.cards import PAINTINGS_EACH, SLOTS, Slot
from engine.canvas.setup import Setup
from engine.canvas.solo import Solo
from engine.rng import Rng

Phase = Literal["playing", "turn", "automaton", "painting", "review", "tokens", "judging", "finished"]
_SOLO_PHASES = ("turn", "automaton")
_TABLE_PHASES = ("playing", "tokens", "judging")


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
    """The whole game: see engine.canvas.rules for the phases."""

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
