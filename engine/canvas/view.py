"""What the Canvas screens ask of the state beyond the scores."""

from __future__ import annotations

from engine.canvas.cards import PAINTINGS_EACH
from engine.canvas.scores import paintings_done, seats
from engine.canvas.solo import CARDS_PER_PAINTING
from engine.canvas.state import State


def can_paint(state: State) -> tuple[int, ...]:
    """Seats that may start a painting now."""
    if state.phase not in ("playing", "turn"):
        return ()
    if state.solo is not None and state.solo.hand < CARDS_PER_PAINTING:
        return ()
    return tuple(s for s in seats(state) if paintings_done(state, s) < PAINTINGS_EACH)
