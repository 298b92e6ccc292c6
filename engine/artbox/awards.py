"""Step 4 of #ARTBOX: who drew each slot, who guessed it, and who gets the victory tokens.

Two tokens per round (000 l.69, 001 l.162): one for the most guessed drawing, one for the
most correct guesses. Each verdict records why it went the way it did, for the screens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.artbox.setup import Setup

AwardKind = Literal["drawing", "guessing"]
# How a verdict was reached: "alone" (a single seat had the most), "none" (nobody could get
# it), or the step that settled a tie.
DecidedBy = Literal[
    "alone", "none", "number_token", "most_guessed_drawing", "eligible_drawing", "shared"
]


@dataclass(frozen=True)
class Slot:
    """One numbered drawing slot: its author (0 = not yet said), which of the author's words
    it shows (index into their chosen words), the seats that guessed it, and eligibility."""

    author: int = 0
    word: int = 0
    guessers: tuple[int, ...] = ()
    eligible: bool = True

    def __post_init__(self) -> None:
        if self.author < 0 or self.word not in (0, 1):
            raise ValueError("a slot's author is a seat (0 = unknown) and its word is 0 or 1")
        if tuple(sorted(set(self.guessers))) != self.guessers or min(self.guessers, default=1) < 1:
            raise ValueError("a slot's guessers are distinct seats in order")
        if self.author and self.author in self.guessers:
            raise ValueError(f"seat {self.author} cannot guess its own drawing")


@dataclass(frozen=True)
class Verdict:
    """Who received one kind of token this round and why."""

    kind: AwardKind
    winners: tuple[int, ...]
    points: int  # the best score among the candidates
    tied: tuple[int, ...]  # every candidate seat that had `points`
    decided_by: DecidedBy
    excluded: tuple[int, ...]  # seats that could not get it (ineligible / already awarded)


@dataclass(frozen=True)
class RoundRecord:
    """What a finished round produced, per seat (index seat-1)."""

    guessed: tuple[int, ...]  # correct guesses on the seat's drawing(s)
    eligible_guessed: tuple[int, ...]  # the same, counting only eligible drawings
    right_guesses: tuple[int, ...]  # slots the seat guessed right
    number_tokens: tuple[int, ...]  # number token held (0 in the simplified rules)
    ineligible: tuple[int, ...]  # seats with a drawing that broke the requirements
    verdicts: tuple[Verdict, ...]


def score_round(setup: Setup, slots: Sequence[Slot], number_tokens: Sequence[int]) -> RoundRecord:
    """Count the guesses and award both tokens (000 l.74-87, 001 l.164-168)."""
    seats = range(1, setup.players + 1)
    guessed = [0] * setup.players
    eligible_guessed = [0] * setup.players
    has_eligible = [False] * setup.players
    right = [0] * setup.players
    ineligible: set[int] = set()
    for slot in slots:
        guessed[slot.author - 1] += len(slot.guessers)
        if slot.eligible:
            eligible_guessed[slot.author - 1] += len(slot.guessers)
            has_eligible[slot.author - 1] = True
        else:
            ineligible.add(slot.author)
        for seat in slot.guessers:
            right[seat - 1] += 1
    tokens = tuple(number_tokens)

    drawing = _drawing_verdict(
        setup,
        candidates=[s for s in seats if has_eligible[s - 1]],
        points=lambda s: eligible_guessed[s - 1],
        tokens=tokens,
    )
    barred = () if setup.simplified else drawing.winners
    guessing = _guessing_verdict(
        setup,
        candidates=[s for s in seats if s not in barred],
        points=lambda s: right[s - 1],
        guessed=lambda s: guessed[s - 1],
        ineligible=ineligible,
        tokens=tokens,
    )
    guessing = _with_excluded(guessing, tuple(barred))
    return RoundRecord(
        guessed=tuple(guessed),
        eligible_guessed=tuple(eligible_guessed),
        right_guesses=tuple(right),
        number_tokens=tokens,
        ineligible=tuple(sorted(ineligible)),
        verdicts=(drawing, guessing),
    )


def _top(candidates: Sequence[int], points: Callable[[int], int]) -> tuple[int, tuple[int, ...]]:
    best = max(points(s) for s in candidates)
    return best, tuple(s for s in candidates if points(s) == best)


def _drawing_verdict(
    setup: Setup, candidates: list[int], points: Callable[[int], int], tokens: tuple[int, ...]
) -> Verdict:
    """Most guessed eligible drawing; a tie goes to the lower number token (000 l.74)."""
    excluded = tuple(s for s in range(1, setup.players + 1) if s not in candidates)
    if not candidates:
        return Verdict("drawing", (), 0, (), "none", excluded)
    best, tied = _top(candidates, points)
    if len(tied) == 1:
        return Verdict("drawing", tied, best, tied, "alone", excluded)
    if setup.simplified:  # 000 l.159: each tied player receives a token
        return Verdict("drawing", tied, best, tied, "shared", excluded)
    winner = min(tied, key=lambda s: tokens[s - 1])
    return Verdict("drawing", (winner,), best, tied, "number_token", excluded)


def _guessing_verdict(
    setup: Setup,
    candidates: list[int],
    points: Callable[[int], int],
    guessed: Callable[[int], int],
    ineligible: set[int],
    tokens: tuple[int, ...],
) -> Verdict:
    """Most right guesses; ties per edition, ineligible authors lose every tie."""
    best, tied = _top(candidates, points)
    if len(tied) == 1:
        return Verdict("guessing", tied, best, tied, "alone", ())
    # 000 l.74-76, 001 l.168: a player whose drawing broke the rules loses every tie.
    remaining = tuple(s for s in tied if s not in ineligible) or tied
    if len(remaining) == 1:
        return Verdict("guessing", remaining, best, tied, "eligible_drawing", ())
    if setup.simplified:
        return Verdict("guessing", remaining, best, tied, "shared", ())
    if setup.guess_tie_rule == "drawing_then_number_token":
        # 001 l.166: the player whose drawing was guessed most, then the lower number token.
        most = max(guessed(s) for s in remaining)
        remaining = tuple(s for s in remaining if guessed(s) == most)
        if len(remaining) == 1:
            return Verdict("guessing", remaining, best, tied, "most_guessed_drawing", ())
    winner = min(remaining, key=lambda s: tokens[s - 1])
    return Verdict("guessing", (winner,), best, tied, "number_token", ())


def _with_excluded(verdict: Verdict, excluded: tuple[int, ...]) -> Verdict:
    return Verdict(
        verdict.kind, verdict.winners, verdict.points, verdict.tied, verdict.decided_by, excluded
    )
