"""#ARTBOX rules: a pure reducer over frozen states (rulebooks 000 English, 001 French).

A round: deal words (or let the table use its cards), roll the shape dice, draw and take
number tokens, guess against the sandglass, identify each slot, award two victory tokens.
"""

from __future__ import annotations

from dataclasses import replace

from engine.artbox import supply
from engine.artbox.awards import Slot, score_round
from engine.artbox.commands import (
    ClaimNext,
    ClaimSlot,
    Command,
    ConfirmSlot,
    Continue,
    Finish,
    HideWords,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
    TimeUp,
    ToggleEligible,
    ToggleGuess,
)
from engine.artbox.end import Tokens, game_outcome
from engine.artbox.setup import Setup
from engine.artbox.state import Phase, State
from engine.dice import roll
from engine.errors import IllegalCommand
from engine.finish_order import FinishOrder
from engine.game import refusal_by_trial
from engine.outcome import Outcome
from engine.rng import Rng
from engine.sandglass import Sandglass
from engine.seats import next_seat

# ----- game flow ------------------------------------------------------------------------


def new_game(setup: Setup, seed: int) -> State:
    """Shuffle the word deck (words earlier games dealt at the bottom), choose the first Maestro,
    and start round 1."""
    deck, fresh, rng = supply.opening_deck(setup.words, setup.used, Rng.from_seed(seed))
    if setup.first_maestro is None:  # 000 l.24: or simply choose a player at random
        index, rng = rng.below(setup.players)
        maestro = index + 1
    else:
        maestro = setup.first_maestro
    state = State(
        setup=setup, rng=rng, phase="roll", round=1, maestro=maestro, deck=deck, discard=(), fresh=fresh,
        sandglass=Sandglass.full(setup.sandglass_ms),
        tokens=tuple(Tokens() for _ in range(setup.players)),
    )
    return _start_round(state)


def _start_round(state: State) -> State:
    setup = state.setup
    state = supply.refill(supply.discard(state, supply.on_table(state)), setup.words_per_round)
    state = replace(
        state, faces=(), finish=None, decoys=(),
        word_list=(), slots=(), slot_index=0, sandglass=state.sandglass.reset(), chosen=(),
    )
    if setup.dealing == "cards":
        return replace(state, phase="roll", hands=(), dealing_seat=0)
    dealt, state = supply.deal(state, setup.players * setup.words_dealt)
    k = setup.words_dealt
    hands = tuple(dealt[i * k:(i + 1) * k] for i in range(setup.players))
    return replace(state, phase="deal_cover", hands=hands,
                   dealing_seat=next_seat(state.maestro, setup.players))


def _show_words(state: State, _: ShowWords) -> State:
    _need(state, "deal_cover", "the words are shown only while dealing")
    return replace(state, phase="deal_pick")


def _hide_words(state: State, _: HideWords) -> State:
    _need(state, "deal_pick", "only words on screen can be hidden")
    return replace(state, phase="deal_cover")


def _pick(state: State, command: Pick) -> State:
    _need(state, "deal_pick", "press ok to see the words first")
    setup, seat = state.setup, state.dealing_seat
    hand = state.hands[seat - 1]
    picked = command.chosen
    if len(picked) != setup.drawings_each or len(set(picked)) != len(picked):
        raise IllegalCommand(f"seat {seat} keeps {setup.drawings_each} different word(s)",
                             "artbox_keep", seat=seat, n=setup.drawings_each)
    if any(not 0 <= i < len(hand) for i in picked):
        raise IllegalCommand(f"seat {seat} was dealt {len(hand)} words", "artbox_keep", seat=seat,
                             n=setup.drawings_each)
    keep = tuple(hand[i] for i in sorted(picked))
    back = tuple(w for i, w in enumerate(hand) if i not in picked)
    chosen = state.chosen or tuple(() for _ in range(setup.players))
    chosen = tuple(keep if s == seat else c for s, c in enumerate(chosen, start=1))
    state = supply.give_back(state, back)  # 000 l.32: the other card goes under the deck
    if seat == state.maestro:  # the deal went round the table and ends with the Maestro
        return replace(state, phase="roll", chosen=chosen, dealing_seat=0)
    return replace(state, phase="deal_cover", chosen=chosen,
                   dealing_seat=next_seat(seat, setup.players))


def _roll(state: State, command: Roll) -> State:
    _need(state, "roll", "the dice are rolled once everyone has chosen a word")
    faces, rng = roll(state.setup.dice, state.rng)
    glass = state.sandglass
    if state.setup.simplified:  # 000 l.159: turn the sandglass when drawing starts
        glass = glass.reset().start(command.now_ms)
    return replace(state, phase="drawing", faces=faces, rng=rng, sandglass=glass,
                   finish=FinishOrder(state.setup.players))


def _finish(state: State, command: Finish) -> State:
    _need(state, "drawing", "number tokens are taken while drawing")
    if not state.setup.uses_number_tokens:
        raise IllegalCommand(
            "the simplified rules use no number tokens: drawing ends with the sand",
            "artbox_no_tokens",
        )
    assert state.finish is not None
    _check_seat(state, command.seat)
    held = state.finish.token_of(command.seat)
    if held is not None:
        raise IllegalCommand(f"seat {command.seat} already holds #{held}", "already_taken",
                             seat=command.seat, token=held)
    finish = state.finish.take(command.seat)
    left = finish.waiting()
    if len(left) == 1:  # 000 l.44: the last seat drawing takes the last token, the only one left
        finish = finish.take(left[0])
    state = replace(state, finish=finish)
    return _open_guessing(state) if finish.complete else state


def _open_guessing(state: State) -> State:
    setup = state.setup
    decoys, state = supply.deal(state, setup.decoys)
    rng = state.rng
    if setup.dealing == "device":
        players_words = tuple(w for seat in state.chosen for w in seat)
        word_list, rng = rng.shuffle(players_words + decoys)
    else:
        word_list = decoys
    return replace(
        state, phase="guessing", decoys=decoys, rng=rng, word_list=word_list,
        slots=tuple(Slot() for _ in range(setup.drawings)), slot_index=0,
        sandglass=state.sandglass.reset(),
    )


def _start_sandglass(state: State, command: StartSandglass) -> State:
    _need(state, "guessing", "the sandglass is turned when someone is done guessing")
    if state.sandglass.status != "idle":
        raise IllegalCommand("the sandglass is already turned", "artbox_glass_turned")
    return replace(state, sandglass=state.sandglass.start(command.now_ms))


def _time_up(state: State, command: TimeUp) -> State:
    timed = state.phase == "guessing" or (state.phase == "drawing" and state.setup.simplified)
    if not timed or state.sandglass.status != "running":
        raise IllegalCommand("the sandglass is not running", "artbox_glass_idle")
    if not state.sandglass.is_out(command.now_ms):
        left = -(-state.sandglass.remaining_ms(command.now_ms) // 1000)
        raise IllegalCommand(f"the sand has not run out yet: {left} s left", "artbox_sand_left",
                             left=left)
    state = replace(state, sandglass=state.sandglass.settle(command.now_ms))
    if state.phase == "drawing":  # 000 l.159: all drawings are finished at zero
        return _open_guessing(state)
    # 000 l.56, l.171: once the sand has run out nobody writes; drawing #1 is identified.
    return replace(state, phase="identify", slot_index=0)


def _continue(state: State, _: Continue) -> State:
    """Leaves the acknowledge-only phases that games saved by an earlier version may be in."""
    if state.phase == "pencils_down":
        return replace(state, phase="identify")
    if state.phase == "awards":
        return replace(state, phase="over" if outcome(state) else "scoreboard")
    if state.phase == "scoreboard":
        return _next_round(state)
    raise IllegalCommand("nothing to confirm here", "artbox_nothing")


def _next_round(state: State) -> State:
    """000 l.94-95: the player to the left of the Maestro is the new Maestro; a new round."""
    state = replace(state, round=state.round + 1,
                    maestro=next_seat(state.maestro, state.setup.players))
    return _start_round(state)


def _claim(state: State, command: ClaimSlot) -> State:
    _need(state, "identify", "authors are named while identifying drawings")
    seat, setup = command.seat, state.setup
    _check_seat(state, seat)
    if not 0 <= command.word < setup.drawings_each:
        raise IllegalCommand(f"each player drew {setup.drawings_each} word(s)", "artbox_nothing")
    slot = state.slots[state.slot_index]
    if seat in slot.guessers:
        raise IllegalCommand(f"seat {seat} is marked as guessing this drawing; unmark it first",
                             "artbox_unmark_first", seat=seat)
    earlier = [s for s in state.slots[: state.slot_index] if s.author == seat]
    if len(earlier) >= setup.drawings_each:
        raise IllegalCommand(f"seat {seat} already claimed {len(earlier)} drawing(s)",
                             "artbox_claimed", seat=seat)
    if any(s.word == command.word for s in earlier):
        taken = 1 + next(i for i, s in enumerate(state.slots) if s.author == seat
                         and s.word == command.word)
        raise IllegalCommand(f"that word of seat {seat} is already in slot {taken}",
                             "artbox_word_placed", seat=seat, slot=taken)
    return _set_slot(state, replace(slot, author=seat, word=command.word))


def _claim_next(state: State, command: ClaimNext) -> State:
    """000 l.71-73: the next author places their token on the next drawing; this one is done."""
    _need(state, "identify", "authors are named while identifying drawings")
    _check_seat(state, command.seat)
    if state.slot_index + 1 >= len(state.slots):
        raise IllegalCommand("this is the last drawing", "artbox_last_drawing")
    state = _confirm(state, ConfirmSlot())
    earlier = {s.word for s in state.slots[: state.slot_index] if s.author == command.seat}
    free = [w for w in range(state.setup.drawings_each) if w not in earlier]
    if not free:
        raise IllegalCommand(f"seat {command.seat} already claimed {len(earlier)} drawing(s)",
                             "artbox_claimed", seat=command.seat)
    return _claim(state, ClaimSlot(command.seat, free[0]))


def _toggle_guess(state: State, command: ToggleGuess) -> State:
    _need(state, "identify", "guesses are marked while identifying drawings")
    _check_seat(state, command.seat)
    slot = state.slots[state.slot_index]
    if not slot.author:
        raise IllegalCommand("the author of this drawing presses their seat first",
                             "artbox_author_first")
    if command.seat == slot.author:
        raise IllegalCommand(f"seat {slot.author} drew this one and cannot guess it",
                             "artbox_own_drawing", seat=slot.author)
    guessers = set(slot.guessers) ^ {command.seat}
    return _set_slot(state, replace(slot, guessers=tuple(sorted(guessers))))


def _toggle_eligible(state: State, _: ToggleEligible) -> State:
    _need(state, "identify", "drawings are checked while identifying them")
    if not state.setup.can_mark_ineligible:
        raise IllegalCommand("with the simplified rules and no frame rule every drawing counts",
                             "artbox_all_eligible")
    slot = state.slots[state.slot_index]
    return _set_slot(state, replace(slot, eligible=not slot.eligible))


def _confirm(state: State, _: ConfirmSlot) -> State:
    _need(state, "identify", "nothing to confirm here")
    if not state.slots[state.slot_index].author:
        raise IllegalCommand(f"nobody has claimed drawing {state.slot_index + 1} yet",
                             "artbox_unclaimed", slot=state.slot_index + 1)
    if state.slot_index + 1 < len(state.slots):
        return replace(state, slot_index=state.slot_index + 1)
    finish = state.finish
    numbers = tuple((finish.token_of(s) or 0) if finish else 0
                    for s in range(1, state.setup.players + 1))
    record = score_round(state.setup, state.slots, numbers)
    tokens = list(state.tokens)
    for verdict in record.verdicts:
        for seat in verdict.winners:
            old = tokens[seat - 1]
            tokens[seat - 1] = (replace(old, drawing=old.drawing + 1) if verdict.kind == "drawing"
                                else replace(old, guessing=old.guessing + 1))
    # 000 l.91-99: the round is over; the game ends or the next round begins.
    state = replace(state, phase="awards", last_round=record, tokens=tuple(tokens))
    return replace(state, phase="over") if outcome(state) else _next_round(state)


def _set_slot(state: State, slot: Slot) -> State:
    slots = list(state.slots)
    slots[state.slot_index] = slot
    return replace(state, slots=tuple(slots))


def _need(state: State, phase: Phase, why: str) -> None:
    if state.phase != phase:
        raise IllegalCommand(why, "artbox_not_now")


def _check_seat(state: State, seat: int) -> None:
    if not 1 <= seat <= state.setup.players:
        raise IllegalCommand(f"seat {seat} is not at this table of {state.setup.players}",
                             "not_at_table", seat=seat)


def apply(state: State, command: Command) -> State:
    """Apply one command; raises IllegalCommand (state untouched) if the rules forbid it."""
    if state.phase == "over":
        raise IllegalCommand("the game is over", "artbox_over")
    after = _round(state, command)
    if after is None:
        after = _scoring(state, command)
    if after is None:
        raise IllegalCommand(f"#ARTBOX has no command {type(command).__name__}")
    return after


def _round(state: State, command: Command) -> State | None:
    """The commands of the drawing part of a round (None: not one of them)."""
    match command:
        case ShowWords():
            return _show_words(state, command)
        case HideWords():
            return _hide_words(state, command)
        case Pick():
            return _pick(state, command)
        case Roll():
            return _roll(state, command)
        case Finish():
            return _finish(state, command)
        case StartSandglass():
            return _start_sandglass(state, command)
        case TimeUp():
            return _time_up(state, command)
        case Continue():
            return _continue(state, command)
    return None


def _scoring(state: State, command: Command) -> State | None:
    """The commands that identify and score the slots (None: not one of them)."""
    match command:
        case ClaimSlot():
            return _claim(state, command)
        case ClaimNext():
            return _claim_next(state, command)
        case ToggleGuess():
            return _toggle_guess(state, command)
        case ToggleEligible():
            return _toggle_eligible(state, command)
        case ConfirmSlot():
            return _confirm(state, command)
    return None


def outcome(state: State) -> Outcome | None:
    """The winners once a finished round reached the goal; None while the game goes on."""
    if state.phase not in ("awards", "over") or state.last_round is None:
        return None
    return game_outcome(state.setup, state.tokens, state.last_round)


def refusal(state: State, command: Command) -> IllegalCommand | None:
    """Why the rules refuse `command` now, without applying it; None when they allow it."""
    return refusal_by_trial(apply, state, command)
