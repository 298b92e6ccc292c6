"""#ARTBOX step 4: the two victory tokens and every tie-break, in both editions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from engine.artbox import view
from engine.artbox.awards import Slot, Verdict, score_round
from engine.artbox.commands import ClaimSlot, ConfirmSlot, Continue, Pick, ShowWords, ToggleEligible
from engine.artbox.rules import apply
from engine.artbox.setup import Setup
from engine.errors import IllegalCommand
from tests.engine.artbox.conftest import (
    Drawing,
    deal_all,
    draw_all,
    game,
    guess_all,
    play_round,
    setup,
)


def slots(*rows: tuple[int, tuple[int, ...]] | tuple[int, tuple[int, ...], bool]) -> list[Slot]:
    """Slots from (author, guessers[, eligible]) rows."""
    return [Slot(author=r[0], guessers=r[1], eligible=r[2] if len(r) > 2 else True)
            for r in rows]


def verdicts(table: Setup, rows: Sequence[Slot], numbers: tuple[int, ...]) -> tuple[Verdict, ...]:
    return score_round(table, rows, numbers).verdicts


# Seat s holds number token NUMBERS[s-1]: seat 3 finished first, seat 2 last.
NUMBERS = (3, 4, 1, 2)
# The guessing tie (seats 3 and 4, 2 right guesses each; seat 1 has the drawing token):
# seat 3 holds the lower number token, seat 4's drawing was guessed more (1 against 0).
GUESS_TIE = slots((1, (2, 3, 4)), (2, (3, 4)), (3, ()), (4, (1,)))
# The same, but both tied seats' drawings were guessed once.
GUESS_TIE_DEEP = slots((1, (2, 3, 4)), (2, (3, 4)), (3, (1,)), (4, (1,)))
# The guessing tie where seat 3's drawing broke the requirements.
GUESS_TIE_INELIGIBLE = slots((1, (2, 3, 4)), (2, (3, 4)), (3, (), False), (4, (1,)))
# Seats 1 and 2's drawings both guessed twice; seat 1 (#3) beats seat 2 (#4).
DRAWING_TIE = slots((1, (2, 3)), (2, (1, 3)), (3, ()), (4, ()))
# The most guessed drawing broke the requirements.
DRAWING_INELIGIBLE = slots((1, (2, 3, 4), False), (2, (3, 4)), (3, (1,)), (4, ()))
# Nothing eligible at all.
NONE_ELIGIBLE = slots((1, (2,), False), (2, (3,), False), (3, (4,), False), (4, (), False))
# Seat 3 has most guesses and is also drawing-token winner.
SAME_BEST = slots((3, (1, 2, 4)), (1, (3,)), (2, (3,)), (4, (2, 3)))

TIE_TABLE = [
    # (case, edition, slots, drawing (winners, how), guessing (winners, how))
    ("guess tie, en", "en", GUESS_TIE, ((1,), "alone"), ((3,), "number_token")),
    ("guess tie, fr", "fr", GUESS_TIE, ((1,), "alone"), ((4,), "most_guessed_drawing")),
    ("deep tie, en", "en", GUESS_TIE_DEEP, ((1,), "alone"), ((3,), "number_token")),
    ("deep tie, fr", "fr", GUESS_TIE_DEEP, ((1,), "alone"), ((3,), "number_token")),
    ("ineligible tie, en", "en", GUESS_TIE_INELIGIBLE, ((1,), "alone"),
     ((4,), "eligible_drawing")),
    ("ineligible tie, fr", "fr", GUESS_TIE_INELIGIBLE, ((1,), "alone"),
     ((4,), "eligible_drawing")),
    ("drawing tie, en", "en", DRAWING_TIE, ((1,), "number_token"), ((3,), "alone")),
    ("drawing tie, fr", "fr", DRAWING_TIE, ((1,), "number_token"), ((3,), "alone")),
    ("ineligible best, en", "en", DRAWING_INELIGIBLE, ((2,), "alone"),
     ((3,), "number_token")),
    ("ineligible best, fr", "fr", DRAWING_INELIGIBLE, ((2,), "alone"),
     ((3,), "most_guessed_drawing")),
    ("nothing eligible, en", "en", NONE_ELIGIBLE, ((), "none"), ((3,), "number_token")),
    ("nothing eligible, fr", "fr", NONE_ELIGIBLE, ((), "none"), ((3,), "number_token")),
    ("same best, en", "en", SAME_BEST, ((3,), "alone"), ((2,), "alone")),
    ("same best, fr", "fr", SAME_BEST, ((3,), "alone"), ((2,), "alone")),
]


@pytest.mark.parametrize(
    ("case", "edition", "rows", "drawing", "guessing"), TIE_TABLE, ids=[r[0] for r in TIE_TABLE]
)
def test_tie_breaks_in_both_editions(
    case: str,
    edition: str,
    rows: list[Slot],
    drawing: tuple[tuple[int, ...], str],
    guessing: tuple[tuple[int, ...], str],
) -> None:
    """Rulebook 000 l.74-76, l.85-87 (English) and 001 l.164-168 (French).

    Drawing token: most guessed eligible drawing, tie to the lower number token (000 l.74,
    001 l.164). Guessing token: to another player (000 l.87, 001 l.164); tie to the lower
    number token (000 l.85) or the most guessed drawing then the lower number token
    (001 l.166); an ineligible author loses every tie (000 l.76, 001 l.168).
    """
    got = verdicts(setup(4, rules_language=edition), rows, NUMBERS)
    assert (got[0].winners, got[0].decided_by) == drawing, case
    assert (got[1].winners, got[1].decided_by) == guessing, case


def test_the_guessing_tie_rule_is_an_option_defaulting_to_the_rules_language() -> None:
    """Rulebook 000 l.85 vs 001 l.166: a named option, default from the rules language."""
    assert setup(4).guess_tie_rule == "number_token"
    assert setup(4, rules_language="fr").guess_tie_rule == "drawing_then_number_token"
    forced = setup(4, rules_language="en", guess_tie_break="drawing_then_number_token")
    assert verdicts(forced, GUESS_TIE, NUMBERS)[1].winners == (4,)
    forced = setup(4, rules_language="fr", guess_tie_break="number_token")
    assert verdicts(forced, GUESS_TIE, NUMBERS)[1].winners == (3,)


def test_a_player_gets_at_most_one_token_per_round() -> None:
    """Rulebook 000 l.87, 001 l.164: the drawing winner's sheet is not considered."""
    got = verdicts(setup(4), SAME_BEST, NUMBERS)
    assert got[0].winners == (3,)
    assert got[1].winners == (2,) and got[1].excluded == (3,)


def test_an_ineligible_drawing_cannot_win_the_drawing_token() -> None:
    """Rulebook 000 l.74, 001 l.168: the drawing is not eligible; the next player wins."""
    got = verdicts(setup(4), DRAWING_INELIGIBLE, NUMBERS)
    assert got[0].winners == (2,) and got[0].excluded == (1,)


def test_an_ineligible_author_loses_a_three_way_guessing_tie() -> None:
    """Rulebook 000 l.76: still competes for guessing, but always loses in case of ties."""
    # Seats 2, 3, 4 each guess two; seat 3 (#1) broke the rules, so seat 4 (#2) wins.
    rows = slots((1, (2, 3, 4)), (2, (3, 4)), (3, (2,), False), (4, (1,)))
    assert score_round(setup(4), rows, NUMBERS).right_guesses == (1, 2, 2, 2)
    got = verdicts(setup(4), rows, NUMBERS)
    assert got[1].winners == (4,) and got[1].decided_by == "number_token"


def test_awards_are_counted_and_given_through_a_round() -> None:
    """Rulebook 000 l.72-74: the Maestro totals each drawing, then gives the tokens."""
    state = play_round(game(4), [Drawing(1, (2, 3)), Drawing(2, (3,)), Drawing(3, ()),
                                 Drawing(4, (3,))], order=[4, 3, 2, 1])
    record = state.last_round
    assert record is not None
    assert record.guessed == (2, 1, 0, 1) and record.right_guesses == (0, 1, 3, 0)
    assert record.number_tokens == (4, 3, 2, 1)
    assert state.tokens[0].drawing == 1 and state.tokens[2].guessing == 1
    assert sum(t.total for t in state.tokens) == 2


def test_the_maestro_marks_a_drawing_ineligible_and_can_undo_it() -> None:
    """Rulebook 000 l.74: a drawing that did not use all shapes correctly is not eligible."""
    state = guess_all(draw_all(deal_all(game(4))))
    state = apply(state, ToggleEligible())
    assert not state.slots[0].eligible
    assert apply(state, ToggleEligible()).slots[0].eligible


def test_after_the_awards_the_next_round_begins() -> None:
    """Rulebook 000 l.91-95, 001 l.174-177: after both tokens the round is over and, the goal
    not reached, a new round begins with the next Maestro; the round's record stays to show."""
    state = play_round(game(4), [Drawing(a) for a in range(1, 5)])
    assert state.phase == "deal_cover" and state.round == 2 and state.maestro == 2
    assert state.last_round is not None and sum(t.total for t in state.tokens) == 2
    with pytest.raises(IllegalCommand):
        apply(state, ToggleEligible())


def test_a_game_saved_on_the_old_awards_screens_goes_on() -> None:
    """Rulebook 000 l.91-95: a game saved by an earlier version on its awards or scoreboard
    screen (phases the flow no longer stops at) still ends its round and starts the next."""
    state = guess_all(draw_all(deal_all(game(4))))
    for author in range(1, 4):
        state = apply(apply(state, ClaimSlot(author)), ConfirmSlot())
    last = apply(state, ClaimSlot(4))
    record = apply(last, ConfirmSlot()).last_round
    old = replace(last, phase="awards", last_round=record)
    state = apply(old, Continue())
    assert state.phase == "scoreboard"
    state = apply(state, Continue())
    assert state.phase == "deal_cover" and state.round == 2 and view.round_just_ended(state)
    state = apply(apply(state, ShowWords()), Pick((0,)))
    assert not view.round_just_ended(state)
