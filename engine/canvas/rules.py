"""Canvas (1-5 players): paintings entered slot by slot, ribbons, bonus points, tie-breaks, solo.

The device keeps the score; the art cards stay on the table. With 2-5 players any painter who
has not finished 3 paintings may enter one at any moment (phase "playing"). With one player the
automated opponent of the solo variant plays in between the human's turns ("turn" ->
"automaton" -> "turn"), and the device tracks the inspiration tokens on the market.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.canvas.cards import PAINTINGS_EACH, SLOTS, START_TOKENS, Painting, Slot
from engine.canvas.commands import (
    BackSlot,
    CancelPainting,
    Command,
    ConfirmPainting,
    CountRibbons,
    EnterTokens,
    Judge,
    SetSlot,
    StartPainting,
    TableToss,
    TakeCard,
    TossTokens,
)
from engine.canvas.scores import best_by_tokens, leaders, paintings_done, ribbons, seats, tokens_pending, total
from engine.canvas.scoring import CardResult, bonus_points, evaluate
from engine.canvas.setup import Setup
from engine.canvas.solo import CARDS_PER_PAINTING, Solo, award, table_toss, take_card, toss
from engine.canvas.state import Draft, Finished, Phase, State
from engine.errors import IllegalCommand
from engine.game import refusal_by_trial
from engine.outcome import Outcome, Termination
from engine.rng import Rng


def new_game(setup: Setup, seed: int) -> State:
    """A game with no painting yet; in solo the human takes the first turn (rulebook 004 l.119)."""
    return State(
        setup=setup,
        rng=Rng.from_seed(seed),
        phase="turn" if setup.solo else "playing",
        solo=Solo() if setup.solo else None,
        tokens=(None,) * setup.players,
    )


# ----------------------------------------------------------------------------- the reducer


def apply(state: State, command: Command) -> State:
    """Apply one command; raises IllegalCommand (state untouched) if the rules forbid it."""
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(f"unknown command {type(command).__name__}", "canvas_unknown_command")
    result: State = handler(state, command)
    return result


def _need(state: State, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalCommand(f"not now: the table is at {state.phase}", "canvas_not_now", phase=state.phase)


def _start(state: State, cmd: StartPainting) -> State:
    _need(state, "playing", "turn")
    setup = state.setup
    if not 1 <= cmd.seat <= setup.players:
        raise IllegalCommand(f"seat {cmd.seat} is not at this table of {setup.players}", "not_at_table", seat=cmd.seat)
    if paintings_done(state, cmd.seat) >= PAINTINGS_EACH:
        raise IllegalCommand(
            f"seat {cmd.seat} has completed its {PAINTINGS_EACH} paintings",
            "canvas_all_painted",
            seat=cmd.seat,
            n=PAINTINGS_EACH,
        )
    if state.solo is not None and state.solo.hand < CARDS_PER_PAINTING:
        raise IllegalCommand(
            f"a painting needs {CARDS_PER_PAINTING} art cards; you hold {state.solo.hand}",
            "canvas_need_cards",
            need=CARDS_PER_PAINTING,
            hold=state.solo.hand,
        )
    draft = Draft(seat=cmd.seat, counted=(0,) * len(setup.cards))
    return replace(state, phase="painting", draft=draft)


def _set_slot(state: State, cmd: SetSlot) -> State:
    _need(state, "painting")
    draft = _draft(state)
    for icon in (cmd.top, cmd.bottom):
        if icon not in state.setup.icons:
            raise IllegalCommand(
                f"{icon!r} is neither an element nor a known bonus icon", "canvas_unknown_icon", icon=icon
            )
    slots = (*draft.slots[: draft.at], Slot(cmd.top, cmd.bottom), *draft.slots[draft.at + 1 :])
    at = draft.at + 1
    phase: Phase = "review" if at == SLOTS else "painting"
    return replace(state, phase=phase, draft=replace(draft, slots=slots, at=at))


def _back_slot(state: State, cmd: BackSlot) -> State:
    _need(state, "painting", "review")
    draft = _draft(state)
    if draft.at == 0:
        raise IllegalCommand("already at the first slot", "canvas_first_slot")
    return replace(state, phase="painting", draft=replace(draft, at=draft.at - 1))


def _cancel(state: State, cmd: CancelPainting) -> State:
    _need(state, "painting", "review")
    return replace(state, phase="turn" if state.setup.solo else "playing", draft=None)


def _count(state: State, cmd: CountRibbons) -> State:
    _need(state, "review")
    draft = _draft(state)
    cards = state.setup.cards
    if not 1 <= cmd.card <= len(cards):
        raise IllegalCommand(f"there is no scoring card {cmd.card}", "canvas_no_card", card=cmd.card)
    card = cards[cmd.card - 1]
    if not card.counted:
        raise IllegalCommand(f"the device scores {card.name} itself", "canvas_not_counted", name=card.name)
    if not 0 <= cmd.ribbons <= card.cap:
        raise IllegalCommand(
            f"{card.name} gives 0 to {card.cap} ribbons", "canvas_ribbon_range", name=card.name, cap=card.cap
        )
    counted = tuple(cmd.ribbons if i == cmd.card - 1 else n for i, n in enumerate(draft.counted))
    return replace(state, draft=replace(draft, counted=counted))


def _confirm(state: State, cmd: ConfirmPainting) -> State:
    _need(state, "review")
    draft = _draft(state)
    results = review(state)
    record = Finished(
        seat=draft.seat,
        slots=draft.slots,
        awarded=tuple(r.awarded for r in results),
        bonus=bonus_points(state.setup.bonus_icons, draft.slots),
    )
    paintings = (*state.paintings, record)
    all_done = all(sum(p.seat == s for p in paintings) == PAINTINGS_EACH for s in seats(state))
    if state.solo is not None:
        solo = replace(state.solo, hand=state.solo.hand - CARDS_PER_PAINTING)
        phase: Phase = "finished" if all_done else "automaton"
        return replace(state, paintings=paintings, draft=None, solo=solo, phase=phase)
    after = replace(state, paintings=paintings, draft=None, phase="playing")
    if not all_done:
        return after
    # Rulebook 004 l.79: most points wins; tied -> inspiration tokens; still tied -> judged.
    return replace(after, phase="finished" if len(leaders(after)) == 1 else "tokens")


def _take(state: State, cmd: TakeCard) -> State:
    _need(state, "turn")
    solo = take_card(_solo(state), cmd.position)
    return replace(state, solo=solo, phase="automaton")


def _toss(state: State, cmd: TossTokens) -> State:
    _need(state, "automaton")
    solo, rng = toss(_solo(state), state.rng)
    return replace(state, solo=solo, rng=rng, phase="turn")


def _table_toss(state: State, cmd: TableToss) -> State:
    _need(state, "automaton")
    return replace(state, solo=table_toss(_solo(state), cmd.face_up), phase="turn")


def _enter_tokens(state: State, cmd: EnterTokens) -> State:
    _need(state, "tokens")
    tied = leaders(state)
    if cmd.seat not in tied:
        raise IllegalCommand(f"seat {cmd.seat} is not tied for the win", "canvas_not_tied", seat=cmd.seat)
    most = START_TOKENS * state.setup.players
    if not 0 <= cmd.tokens <= most:
        raise IllegalCommand(f"inspiration tokens go from 0 to {most}", "canvas_token_range", most=most)
    tokens = tuple(cmd.tokens if s == cmd.seat else t for s, t in enumerate(state.tokens, 1))
    after = replace(state, tokens=tokens)
    if tokens_pending(after):
        return after
    return replace(after, phase="finished" if len(best_by_tokens(after)) == 1 else "judging")


def _judge(state: State, cmd: Judge) -> State:
    _need(state, "judging")
    if cmd.seat not in best_by_tokens(state):
        raise IllegalCommand(f"seat {cmd.seat} is not among the tied players", "canvas_not_tied", seat=cmd.seat)
    return replace(state, phase="finished", judged=cmd.seat)


_HANDLERS: dict[type, Any] = {
    StartPainting: _start,
    SetSlot: _set_slot,
    BackSlot: _back_slot,
    CancelPainting: _cancel,
    CountRibbons: _count,
    ConfirmPainting: _confirm,
    TakeCard: _take,
    TossTokens: _toss,
    TableToss: _table_toss,
    EnterTokens: _enter_tokens,
    Judge: _judge,
}


def _draft(state: State) -> Draft:
    if state.draft is None:
        raise IllegalCommand("no painting is being entered", "canvas_no_painting")
    return state.draft


def _solo(state: State) -> Solo:
    if state.solo is None:
        raise IllegalCommand("only the solo variant tracks the market", "canvas_solo_only")
    return state.solo


# ----------------------------------------------------------------------------- what to show


def review(state: State) -> tuple[CardResult, ...]:
    """How the painting being entered scores on each card, the cap applied."""
    draft = _draft(state)
    painting: Painting = draft.slots
    return evaluate(state.setup.cards, painting, ribbons(state, draft.seat), draft.counted)


def solo_award(state: State) -> str:
    """The solo award for the human player's current score."""
    return award(total(state, 1))


def outcome(state: State) -> Outcome | None:
    """Who won, once the game is over (None before)."""
    if state.phase != "finished":
        return None
    if state.setup.solo:
        return Outcome((1,), Termination.SOLO)
    if state.judged:
        return Outcome((state.judged,), Termination.JUDGED)
    tied = leaders(state)
    if len(tied) == 1:
        return Outcome(tied, Termination.POINTS)
    return Outcome(best_by_tokens(state), Termination.TOKENS)


def refusal(state: State, command: Command) -> IllegalCommand | None:
    """Why the rules refuse `command` now, without applying it; None when they allow it."""
    return refusal_by_trial(apply, state, command)
