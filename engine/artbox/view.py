"""What the #ARTBOX screens show, derived from the state (pure; no text, only facts)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.artbox.commands import ClaimSlot
from engine.artbox.end import reached_goal
from engine.artbox.state import State
from engine.dice import tally


@dataclass(frozen=True)
class SeatScore:
    """One scoreboard line."""

    seat: int
    drawing: int  # red side in the experienced variant
    guessing: int  # grey side in the experienced variant
    total: int
    maestro: bool
    reached_goal: bool


def shows_secret(state: State) -> bool:
    """True while a dealt word is on screen: leaving this phase needs a full refresh."""
    return state.phase == "deal_pick"


def hand(state: State) -> tuple[str, ...]:
    """The words of the seat being dealt to, only while they are meant to be seen."""
    return state.hands[state.dealing_seat - 1] if shows_secret(state) else ()


def shape_counts(state: State) -> tuple[tuple[str, int], ...]:
    """The rolled shapes with how many of each the drawings must use."""
    return tally(state.faces)


def tokens_taken(state: State) -> tuple[tuple[int, int], ...]:
    """(number token, seat) pairs taken so far this round."""
    if state.finish is None:
        return ()
    return tuple((i + 1, seat) for i, seat in enumerate(state.finish.seats))


def still_drawing(state: State) -> tuple[int, ...]:
    """Seats that have not taken a number token yet."""
    return state.finish.waiting() if state.finish is not None else ()


def deadline_ms(state: State) -> int | None:
    """When the running sandglass runs out (the device wakes then and sends TimeUp)."""
    return state.sandglass.deadline_ms()


def slot_word(state: State, index: int) -> str | None:
    """The word drawn in slot `index` (0-based), if its author is known and the device dealt."""
    slot = state.slots[index]
    if not slot.author or not state.chosen:
        return None
    return state.chosen[slot.author - 1][slot.word]


def claim_for(state: State, seat: int) -> ClaimSlot | None:
    """The claim a seat's button makes on the current slot; None when it has no word left.

    Pressed again by the current author of a two-word round, it switches to their other word.
    """
    slot = state.slots[state.slot_index]
    used = {s.word for s in state.slots[: state.slot_index] if s.author == seat}
    free = [w for w in range(state.setup.drawings_each) if w not in used]
    if not free:
        return None
    if slot.author == seat and slot.word in free and len(free) > 1:
        return ClaimSlot(seat, free[(free.index(slot.word) + 1) % len(free)])
    return ClaimSlot(seat, free[0])


def scoreboard(state: State) -> tuple[SeatScore, ...]:
    """Tokens per seat with the Maestro marked."""
    return tuple(
        SeatScore(seat, t.drawing, t.guessing, t.total, seat == state.maestro,
                  reached_goal(state.setup, t))
        for seat, t in enumerate(state.tokens, start=1)
    )


def round_just_ended(state: State) -> bool:
    """True on the next round's first step while nobody has acted yet: the screen still shows
    the awards of the round that ended with the scores (000 l.91-95)."""
    if state.last_round is None or state.round < 2:
        return False
    if state.phase == "deal_cover":
        return not state.chosen
    return state.phase == "roll" and state.setup.dealing == "cards"
