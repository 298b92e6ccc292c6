"""IDENTIK scoring: one judged round, and the scorecard summed over the rounds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.identik.setup import CRITERIA, SUPER_BONUS
from engine.seats import Direction, passing_map


@dataclass(frozen=True)
class RoundRecord:
    """A judged round: who narrated, the super criterion, the passing direction, and for each
    criterion 1..10 (index 0..9) the judges who ticked the drawing they hold."""

    narrator: int
    super_criterion: int
    direction: Direction
    ticks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if not 1 <= self.super_criterion <= CRITERIA:
            raise ValueError(f"super criterion {self.super_criterion} is not 1 to {CRITERIA}")
        if self.direction not in ("left", "right"):
            raise ValueError(f"drawings pass left or right, not {self.direction!r}")
        check_ticks(self.ticks, self.narrator)


def check_ticks(ticks: tuple[tuple[int, ...], ...], narrator: int) -> None:
    """Refuse tick lists that are not 10 sorted sets of judge seats without the narrator."""
    if len(ticks) != CRITERIA:
        raise ValueError(f"ticks need {CRITERIA} entries, got {len(ticks)}")
    for judges in ticks:
        if list(judges) != sorted(set(judges)) or any(j < 1 for j in judges):
            raise ValueError(f"ticked judges {judges} must be distinct seats in order")
        if narrator in judges:
            raise ValueError(f"seat {narrator} narrates and cannot judge")


def no_ticks() -> tuple[tuple[int, ...], ...]:
    """Ten criteria, none ticked yet."""
    return ((),) * CRITERIA


def holders(players: int, narrator: int, direction: Direction) -> dict[int, int]:
    """Which artist's drawing each judge holds after passing: {judge: artist}."""
    return passing_map(players, narrator, direction)


def ticked_criteria(record: RoundRecord, players: int) -> dict[int, tuple[int, ...]]:
    """For each artist, the criteria their drawing met (as ticked by the judge holding it)."""
    held = holders(players, record.narrator, record.direction)
    met: dict[int, list[int]] = {artist: [] for artist in held.values()}
    for criterion, judges in enumerate(record.ticks, start=1):
        for judge in judges:
            met[held[judge]].append(criterion)
    return {artist: tuple(criteria) for artist, criteria in sorted(met.items())}


def artist_points(record: RoundRecord, players: int) -> dict[int, int]:
    """Each artist scores one box per met criterion, plus the two boxes by the star when the
    super criterion is met (3 in all for it)."""
    return {
        artist: len(criteria) + (SUPER_BONUS if record.super_criterion in criteria else 0)
        for artist, criteria in ticked_criteria(record, players).items()
    }


def criteria_met(record: RoundRecord) -> tuple[int, ...]:
    """The criteria met by at least one artist."""
    return tuple(c for c, judges in enumerate(record.ticks, start=1) if judges)


def narrator_points(record: RoundRecord) -> int:
    """One point per criterion met by at least one artist; never a super criterion bonus."""
    return len(criteria_met(record))


@dataclass(frozen=True)
class ScoreLine:
    """One row of the scorecard."""

    seat: int
    narrator_points: int
    artist_points: int

    @property
    def total(self) -> int:
        """The final score: points as artist plus points as narrator."""
        return self.narrator_points + self.artist_points


def round_lines(record: RoundRecord, players: int) -> tuple[ScoreLine, ...]:
    """The points one round gave each seat (the narrator's as narrator, the others' as artist)."""
    artists = artist_points(record, players)
    narrated = narrator_points(record)
    return tuple(
        ScoreLine(
            seat,
            narrated if seat == record.narrator else 0,
            artists.get(seat, 0),
        )
        for seat in range(1, players + 1)
    )


def scorecard(records: Sequence[RoundRecord], players: int) -> tuple[ScoreLine, ...]:
    """Per seat, narrator points and artist points summed over `records`."""
    narrated = [0] * players
    drawn = [0] * players
    for record in records:
        for line in round_lines(record, players):
            narrated[line.seat - 1] += line.narrator_points
            drawn[line.seat - 1] += line.artist_points
    return tuple(ScoreLine(s, narrated[s - 1], drawn[s - 1]) for s in range(1, players + 1))


def best_seats(lines: Sequence[ScoreLine]) -> tuple[int, ...]:
    """The seats with the highest total (several when tied: they win together)."""
    top = max(line.total for line in lines)
    return tuple(line.seat for line in lines if line.total == top)
