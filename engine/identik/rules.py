"""IDENTIK (2024 edition) as a pure reducer: the device replaces the hourglass and the scorecard.

A round: the narrator sets the super criterion (phase "super"), reads the title and turns the
hourglass ("describe"), pencils go down and the narrator says which way drawings pass
("passing"), the judges tick criterion 1 to 10 ("judging"), the round's points are shown
("summary"), then the next seat clockwise narrates. After every player has narrated
`narrations_each` times the game is "over".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.dice import numbered_die, roll
from engine.errors import IllegalCommand
from engine.game import refusal_by_trial
from engine.identik.commands import (
    Back,
    ChooseSuper,
    Command,
    NextCriterion,
    NextRound,
    PassDrawings,
    PauseTimer,
    ResumeTimer,
    RollSuper,
    StartTimer,
    Tick,
    TimeUp,
)
from engine.identik.scores import RoundRecord, best_seats, no_ticks, scorecard
from engine.identik.setup import CRITERIA, Setup
from engine.identik.state import Phase, State
from engine.outcome import Outcome, Termination
from engine.rng import Rng
from engine.sandglass import Sandglass

WIN_REASON = Termination.POINTS  # the most points wins


# --- the reducer ------------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """A fresh game; the first narrator is drawn at random unless the setup names one."""
    rng = Rng.from_seed(seed)
    first = setup.first_narrator
    if first is None:
        index, rng = rng.below(setup.players)
        first = index + 1
    return State(
        setup=setup,
        rng=rng,
        phase="super",
        first_narrator=first,
        round_no=1,
        super_criterion=None,
        super_rolled=False,
        sandglass=Sandglass.full(setup.timer_ms),
        direction=None,
        criterion=1,
        ticks=no_ticks(),
        history=(),
    )


def apply(state: State, command: Command) -> State:
    """Apply one command; raises IllegalCommand (state untouched) if the rules forbid it."""
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(
            f"IDENTIK has no command {type(command).__name__}", "identik.unknown_command"
        )
    result: State = handler(state, command)
    return result


def _need(state: State, *phases: Phase) -> None:
    if state.phase not in phases:
        raise IllegalCommand(
            f"not now: the table is in the {state.phase} phase", "identik.not_now", phase=state.phase
        )


def _choose_super(state: State, command: ChooseSuper) -> State:
    _need(state, "super")
    if state.setup.super_rule == "roll":
        raise IllegalCommand(
            "with the ten-sided die rule the die picks the super criterion", "identik.die_picks"
        )
    if not isinstance(command.criterion, int) or not 1 <= command.criterion <= CRITERIA:
        raise IllegalCommand(
            f"the super criterion is 1 to {CRITERIA}, not {command.criterion}",
            "identik.super_range",
            criterion=command.criterion,
        )
    return replace(state, phase="describe", super_criterion=command.criterion, super_rolled=False)


def _roll_super(state: State, command: RollSuper) -> State:
    _need(state, "super")
    (face,), rng = roll([numbered_die(CRITERIA)], state.rng)
    return replace(state, rng=rng, phase="describe", super_criterion=int(face), super_rolled=True)


def _timer(state: State, verb: str, now_ms: int) -> Sandglass:
    _need(state, "describe")
    if not isinstance(now_ms, int) or now_ms < 0:
        raise IllegalCommand(f"bad time {now_ms!r}", "identik.bad_time")
    glass = state.sandglass
    if verb == "start":
        if glass.status != "idle":
            raise IllegalCommand("the hourglass is already turned", "identik.glass_turned")
        return glass.start(now_ms)
    if verb == "pause":
        if glass.status != "running":
            raise IllegalCommand("the hourglass is not running", "identik.glass_not_running")
        if glass.is_out(now_ms):
            raise IllegalCommand("the sand has run out: pencils down", "identik.sand_out")
        return glass.pause(now_ms)
    if glass.status != "paused":
        raise IllegalCommand("the hourglass is not paused", "identik.glass_not_paused")
    return glass.resume(now_ms)


def _start_timer(state: State, command: StartTimer) -> State:
    return replace(state, sandglass=_timer(state, "start", command.now_ms))


def _pause_timer(state: State, command: PauseTimer) -> State:
    return replace(state, sandglass=_timer(state, "pause", command.now_ms))


def _resume_timer(state: State, command: ResumeTimer) -> State:
    glass = _timer(state, "resume", command.now_ms)
    if glass.status == "done":
        return replace(state, sandglass=glass, phase="passing")
    return replace(state, sandglass=glass)


def _time_up(state: State, command: TimeUp) -> State:
    _need(state, "describe")
    glass = state.sandglass
    if glass.status != "running":
        raise IllegalCommand("the hourglass is not running", "identik.glass_not_running")
    if not glass.is_out(command.now_ms):
        left = glass.remaining_ms(command.now_ms)
        seconds = (left + 999) // 1000
        raise IllegalCommand(
            f"{seconds} s of sand still to fall", "identik.sand_left", seconds=seconds
        )
    return replace(state, sandglass=glass.settle(command.now_ms), phase="passing")


def _pass_drawings(state: State, command: PassDrawings) -> State:
    _need(state, "passing")
    if command.direction not in ("left", "right"):
        raise IllegalCommand(
            f"drawings pass left or right, not {command.direction!r}", "identik.direction"
        )
    return replace(state, phase="judging", direction=command.direction, criterion=1)


def _tick(state: State, command: Tick) -> State:
    _need(state, "judging")
    judge = command.judge
    if not isinstance(judge, int) or not 1 <= judge <= state.setup.players:
        raise IllegalCommand(f"there is no seat {judge}", "identik.no_seat", seat=judge)
    if judge == state.narrator:
        raise IllegalCommand(
            f"seat {judge} narrates: only the judges tick", "identik.narrator_ticks", seat=judge
        )
    index = state.criterion - 1
    judges = set(state.ticks[index]) ^ {judge}
    ticks = (*state.ticks[:index], tuple(sorted(judges)), *state.ticks[index + 1 :])
    return replace(state, ticks=ticks)


def _next_criterion(state: State, command: NextCriterion) -> State:
    _need(state, "judging")
    if state.criterion == CRITERIA:
        return replace(state, phase="summary")
    return replace(state, criterion=state.criterion + 1)


def _back(state: State, command: Back) -> State:
    if state.phase == "describe":
        if state.sandglass.status != "idle":
            raise IllegalCommand(
                "the hourglass is turned: the super criterion is set", "identik.super_set"
            )
        if state.setup.super_rule == "roll":
            raise IllegalCommand("with the ten-sided die rule the roll stands", "identik.roll_stands")
        return replace(state, phase="super", super_criterion=None, super_rolled=False)
    if state.phase == "judging":
        if state.criterion == 1:
            return replace(state, phase="passing", direction=None)
        return replace(state, criterion=state.criterion - 1)
    if state.phase == "summary":
        return replace(state, phase="judging")
    raise IllegalCommand(
        f"there is nothing to go back to in the {state.phase} phase", "identik.no_back"
    )


def _next_round(state: State, command: NextRound) -> State:
    _need(state, "summary")
    history = (*state.history, current_record(state))
    last = state.round_no == state.setup.total_rounds
    return replace(
        state,
        phase="over" if last else "super",
        round_no=state.round_no if last else state.round_no + 1,
        super_criterion=None,
        super_rolled=False,
        sandglass=state.sandglass.reset(),
        direction=None,
        criterion=1,
        ticks=no_ticks(),
        history=history,
    )


_HANDLERS: dict[type, Any] = {
    ChooseSuper: _choose_super,
    RollSuper: _roll_super,
    StartTimer: _start_timer,
    PauseTimer: _pause_timer,
    ResumeTimer: _resume_timer,
    TimeUp: _time_up,
    PassDrawings: _pass_drawings,
    Tick: _tick,
    NextCriterion: _next_criterion,
    Back: _back,
    NextRound: _next_round,
}


# --- what the screens show --------------------------------------------------------------------


def current_record(state: State) -> RoundRecord:
    """The round being judged, as it would go on the scorecard now."""
    if state.super_criterion is None or state.direction is None:
        raise IllegalCommand("this round has no judging yet", "identik.not_judged")
    return RoundRecord(state.narrator, state.super_criterion, state.direction, state.ticks)


def outcome(state: State) -> Outcome | None:
    """The winners once every round is played: most points, ties win together."""
    if state.phase != "over":
        return None
    return Outcome(best_seats(scorecard(state.history, state.setup.players)), WIN_REASON)


def refusal(state: State, command: Command) -> IllegalCommand | None:
    """Why the rules refuse `command` now, without applying it; None when they allow it."""
    return refusal_by_trial(apply, state, command)
