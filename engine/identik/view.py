"""What the IDENTIK screens show, derived from the state: judges, who holds whose drawing,
ticks, points this round and so far, and the hourglass."""

from __future__ import annotations

from engine.errors import IllegalCommand
from engine.identik.rules import current_record
from engine.identik.scores import ScoreLine, criteria_met, holders, round_lines, scorecard
from engine.identik.state import State
from engine.seats import Direction

WARNING_MS = 10_000  # the device beeps during the hourglass's last ten seconds


def judges(state: State) -> tuple[int, ...]:
    """Every seat but the narrator's, in seat order."""
    return tuple(s for s in range(1, state.setup.players + 1) if s != state.narrator)


def drawing_held(state: State, direction: Direction | None = None) -> dict[int, int]:
    """{judge: artist whose drawing they hold} for `direction` (default: the chosen one)."""
    chosen = direction or state.direction
    if chosen is None:
        raise IllegalCommand("the drawings have not been passed yet", "identik.not_passed")
    return holders(state.setup.players, state.narrator, chosen)


def ticked_judges(state: State, criterion: int | None = None) -> tuple[int, ...]:
    """The judges who ticked `criterion` (default: the one being read)."""
    return state.ticks[(criterion or state.criterion) - 1]


def round_scores(state: State) -> tuple[ScoreLine, ...]:
    """This round's points per seat (narrator points for the narrator, artist points else)."""
    return round_lines(current_record(state), state.setup.players)


def round_criteria_met(state: State) -> tuple[int, ...]:
    """The criteria this round met by at least one artist (the narrator's points)."""
    return criteria_met(current_record(state))


def scores(state: State) -> tuple[ScoreLine, ...]:
    """The scorecard so far (finished rounds only): narrator, artist and total per seat."""
    return scorecard(state.history, state.setup.players)


def scores_so_far(state: State) -> tuple[ScoreLine, ...]:
    """The scorecard with the round on show counted once its points are shown (phase "summary")."""
    records = state.history
    if state.phase == "summary":
        records = (*records, current_record(state))
    return scorecard(records, state.setup.players)


def rounds_counted(state: State) -> int:
    """How many rounds `scores_so_far` adds up."""
    return len(state.history) + (1 if state.phase == "summary" else 0)


def narrations_done(state: State, seat: int) -> int:
    """How many rounds `seat` has narrated to the end."""
    return sum(1 for record in state.history if record.narrator == seat)


def time_left_ms(state: State, now_ms: int) -> int:
    """Sand left in the hourglass at `now_ms`."""
    return state.sandglass.remaining_ms(now_ms)


def timer_deadline_ms(state: State) -> int | None:
    """When the running hourglass will run out (the device sends TimeUp then)."""
    return state.sandglass.deadline_ms() if state.phase == "describe" else None


def in_final_seconds(state: State, now_ms: int) -> bool:
    """True while the hourglass runs its last ten seconds (the device beeps)."""
    glass = state.sandglass
    return state.phase == "describe" and glass.status == "running" and (
        0 < glass.remaining_ms(now_ms) <= WARNING_MS
    )
