"""Canvas (1-5 players): paintings entered slot by slot, ribbons, bonus points, tie-breaks, solo.

The device keeps the score; the art cards stay on the table. With 2-5 players any painter who
has not finished 3 paintings may enter one at any moment (phase "playing"). With one player the
automated opponent of the solo variant plays in between the human's turns ("turn" ->
"automaton" -> "turn"), and the device tracks the inspiration tokens on the market.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from engine.canvas_commands import (
    COMMANDS,
    BackSlot,
    CancelPainting,
    Command,
    ConfirmPainting,
    CountRibbons,
    EnterTokens,
    Judge,
    SetSlot,
    StartPainting,
    TakeCard,
    TossTokens,
)
from engine.canvas_model import (
    ELEMENTS,
    MAX_CARDS_IN_PLAY,
    PAINTINGS_EACH,
    SLOTS,
    START_TOKENS,
    BonusIcon,
    Painting,
    ScoringCard,
    Slot,
)
from engine.canvas_scoring import CardResult, bonus_points, evaluate
from engine.canvas_solo import CARDS_PER_PAINTING, Solo, award, take_card, toss
from engine.codec import from_dict, to_dict
from engine.errors import IllegalCommand
from engine.outcome import Outcome
from engine.rng import Rng
from engine.seats import check_players

__all__ = ["COMMANDS", "Command", "Setup", "State", "apply", "new_game", "outcome"]

Phase = Literal[
    "playing", "turn", "automaton", "painting", "review", "tokens", "judging", "finished"
]
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


# ----------------------------------------------------------------------------- the reducer


def apply(state: State, command: Command) -> State:
    """Apply one command; raises IllegalCommand (state untouched) if the rules forbid it."""
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(f"unknown command {type(command).__name__}")
    result: State = handler(state, command)
    return result


def _need(state: State, *phases: str) -> None:
    if state.phase not in phases:
        raise IllegalCommand(f"not now: the table is at {state.phase}")


def _start(state: State, cmd: StartPainting) -> State:
    _need(state, "playing", "turn")
    setup = state.setup
    if not 1 <= cmd.seat <= setup.players:
        raise IllegalCommand(f"seat {cmd.seat} is not at this table of {setup.players}")
    if paintings_done(state, cmd.seat) >= PAINTINGS_EACH:
        raise IllegalCommand(f"seat {cmd.seat} has completed its {PAINTINGS_EACH} paintings")
    if state.solo is not None and state.solo.hand < CARDS_PER_PAINTING:
        raise IllegalCommand(
            f"a painting needs {CARDS_PER_PAINTING} art cards; you hold {state.solo.hand}"
        )
    draft = Draft(seat=cmd.seat, counted=(0,) * len(setup.cards))
    return replace(state, phase="painting", draft=draft)


def _set_slot(state: State, cmd: SetSlot) -> State:
    _need(state, "painting")
    draft = _draft(state)
    for icon in (cmd.top, cmd.bottom):
        if icon not in state.setup.icons:
            raise IllegalCommand(f"{icon!r} is neither an element nor a known bonus icon")
    slots = (*draft.slots[: draft.at], Slot(cmd.top, cmd.bottom), *draft.slots[draft.at + 1 :])
    at = draft.at + 1
    phase: Phase = "review" if at == SLOTS else "painting"
    return replace(state, phase=phase, draft=replace(draft, slots=slots, at=at))


def _back_slot(state: State, cmd: BackSlot) -> State:
    _need(state, "painting", "review")
    draft = _draft(state)
    if draft.at == 0:
        raise IllegalCommand("already at the first slot")
    return replace(state, phase="painting", draft=replace(draft, at=draft.at - 1))


def _cancel(state: State, cmd: CancelPainting) -> State:
    _need(state, "painting", "review")
    return replace(state, phase="turn" if state.setup.solo else "playing", draft=None)


def _count(state: State, cmd: CountRibbons) -> State:
    _need(state, "review")
    draft = _draft(state)
    cards = state.setup.cards
    if not 1 <= cmd.card <= len(cards):
        raise IllegalCommand(f"there is no scoring card {cmd.card}")
    card = cards[cmd.card - 1]
    if not card.counted:
        raise IllegalCommand(f"the device scores {card.name} itself")
    if not 0 <= cmd.ribbons <= card.cap:
        raise IllegalCommand(f"{card.name} gives 0 to {card.cap} ribbons")
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


def _enter_tokens(state: State, cmd: EnterTokens) -> State:
    _need(state, "tokens")
    tied = leaders(state)
    if cmd.seat not in tied:
        raise IllegalCommand(f"seat {cmd.seat} is not tied for the win")
    most = START_TOKENS * state.setup.players
    if not 0 <= cmd.tokens <= most:
        raise IllegalCommand(f"inspiration tokens go from 0 to {most}")
    tokens = tuple(cmd.tokens if s == cmd.seat else t for s, t in enumerate(state.tokens, 1))
    after = replace(state, tokens=tokens)
    if tokens_pending(after):
        return after
    return replace(after, phase="finished" if len(best_by_tokens(after)) == 1 else "judging")


def _judge(state: State, cmd: Judge) -> State:
    _need(state, "judging")
    if cmd.seat not in best_by_tokens(state):
        raise IllegalCommand(f"seat {cmd.seat} is not among the tied players")
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
    EnterTokens: _enter_tokens,
    Judge: _judge,
}


def _draft(state: State) -> Draft:
    if state.draft is None:
        raise IllegalCommand("no painting is being entered")
    return state.draft


def _solo(state: State) -> Solo:
    if state.solo is None:
        raise IllegalCommand("only the solo variant tracks the market")
    return state.solo


# ----------------------------------------------------------------------------- what to show


def seats(state: State) -> range:
    """The seat numbers at the table."""
    return range(1, state.setup.players + 1)


def paintings_of(state: State, seat: int) -> tuple[Finished, ...]:
    """A seat's completed paintings, oldest first."""
    return tuple(p for p in state.paintings if p.seat == seat)


def paintings_done(state: State, seat: int) -> int:
    """How many paintings a seat has completed (3 each, rulebook 004 l.30)."""
    return len(paintings_of(state, seat))


def can_paint(state: State) -> tuple[int, ...]:
    """Seats that may start a painting now."""
    if state.phase not in ("playing", "turn"):
        return ()
    if state.solo is not None and state.solo.hand < CARDS_PER_PAINTING:
        return ()
    return tuple(s for s in seats(state) if paintings_done(state, s) < PAINTINGS_EACH)


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
        return Outcome((1,), solo_award(state))
    if state.judged:
        return Outcome((state.judged,), "judged")
    tied = leaders(state)
    if len(tied) == 1:
        return Outcome(tied, "points")
    return Outcome(best_by_tokens(state), "tokens")


def state_to_dict(state: State) -> dict[str, Any]:
    """The state as plain JSON values."""
    data: dict[str, Any] = to_dict(state)
    return data


def state_from_dict(data: dict[str, Any]) -> State:
    """Rebuild and validate a state; raises engine.errors.InvalidState."""
    return from_dict(State, data)
