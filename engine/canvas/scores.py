"""Canvas's scores, read from the state: ribbons held, points, leaders and the tie-breaks.

The reducer and the screens share one definition of each (rulebook 004 l.76-79).
"""

from __future__ import annotations

from engine.canvas.state import Finished, State


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
