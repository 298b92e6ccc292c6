"""The solo variant: the market's tokens, the automated player's toss, the awards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.canvas import CANVAS
from engine.canvas.commands import ConfirmPainting, SetSlot, StartPainting, TableToss, TakeCard, TossTokens
from engine.canvas.rules import apply, outcome, solo_award
from engine.canvas.scores import total
from engine.canvas.solo import AWARDS, Solo, Take, award, take_card, take_from_market, toss
from engine.canvas.state import State
from engine.canvas.view import can_paint
from engine.errors import IllegalCommand
from engine.outcome import Termination
from engine.rng import Rng
from tests.engine.canvas.conftest import enter, game, paint


def solo_game(seed: int = 3) -> State:
    return game("Composition", "Repetition", "Variety", "Space", players=1, seed=seed)


def with_solo(solo: Solo) -> State:
    """A fresh solo game whose market and hands are as given."""
    return replace(solo_game(), solo=solo)


def refuse(state: State, command: object, message: str) -> None:
    before = CANVAS.state_to_dict(state)
    with pytest.raises(IllegalCommand, match=message):
        apply(state, command)  # type: ignore[arg-type]
    assert CANVAS.state_to_dict(state) == before


def market(state: State) -> tuple[int, ...]:
    assert state.solo is not None
    return state.solo.market


def test_solo_starts_with_the_human_and_four_tokens_each() -> None:
    """Rulebook 004 l.12 and l.119: 4 tokens each; you take the first turn."""
    state = solo_game()
    assert state.phase == "turn" and state.solo == Solo()
    assert state.solo.tokens == state.solo.automaton_tokens == 4


def test_taking_a_card_pays_a_token_on_each_card_to_its_left() -> None:
    """Rulebook 004 l.40-48: Abby takes the 3rd card, one token on the 1st and the 2nd."""
    state = apply(solo_game(), TakeCard(3))
    assert state.solo is not None
    assert market(state) == (1, 1, 0, 0, 0)
    assert (state.solo.tokens, state.solo.hand) == (2, 1)
    assert state.phase == "automaton"


def test_the_taker_collects_the_tokens_on_the_card() -> None:
    """Rulebook 004 l.52: Charlotte pays on the 1st card and takes the 2nd with Abby's token."""
    after, gained = take_from_market((1, 1, 0, 0, 0), 2)
    assert (after, gained) == ((2, 0, 0, 0, 0), 1)


def test_the_leftmost_card_is_free() -> None:
    """Rulebook 004 l.44: the leftmost card costs 0 tokens."""
    solo = take_card(Solo(market=(2, 0, 0, 0, 0), tokens=2, automaton_tokens=4), 1)
    assert (solo.market, solo.tokens) == ((0, 0, 0, 0, 0), 4)


def test_a_card_costing_more_tokens_than_held_is_refused() -> None:
    """Rulebook 004 l.44: you cannot choose a card that costs more tokens than you possess."""
    state = with_solo(Solo(market=(0, 0, 3, 0, 0), tokens=1))
    refuse(state, TakeCard(3), "costs 2 tokens and you hold 1")
    refuse(state, TakeCard(6), "cards 1 to 5")
    after = apply(state, TakeCard(2)).solo
    assert after is not None and (after.market, after.tokens, after.hand) == ((1, 3, 0, 0, 0), 0, 1)
    assert after.last_take == Take(position=2, spent=1, gained=0)


def test_five_cards_in_hand_must_be_painted() -> None:
    """Rulebook 004 l.36: with 5 art cards in hand you must complete a painting."""
    state = with_solo(Solo(hand=5))
    refuse(state, TakeCard(1), "complete a painting first")
    assert apply(state, StartPainting(1)).phase == "painting"


def test_a_painting_needs_three_art_cards() -> None:
    """Rulebook 004 l.56: select exactly 3 of your art cards."""
    state = with_solo(Solo(hand=2))
    refuse(state, StartPainting(1), "needs 3 art cards; you hold 2")
    assert can_paint(state) == ()
    state = with_solo(Solo(hand=4))
    state = enter(state, 1, paint("hue", "", "", "", ""))
    assert state.solo is not None and state.solo.hand == 1
    assert state.phase == "automaton"


def test_automated_player_spends_its_face_up_tokens() -> None:
    """Rulebook 004 l.123: 4 tokens tossed, 1 face up: a token on card 1, it takes card 2."""
    solo = Solo(market=(0, 1, 0, 0, 0), tokens=3)
    rng = next(Rng.from_seed(s) for s in range(100) if sum(Rng.from_seed(s).coin_flips(4)[0]) == 1)
    after, _ = toss(solo, rng)
    assert after.last_toss is not None
    assert (after.last_toss.face_up, after.last_toss.position, after.last_toss.gained) == (1, 2, 1)
    assert after.market == (1, 0, 0, 0, 0)
    assert (after.automaton_tokens, after.automaton_cards) == (4, 1)


def test_no_token_face_up_takes_the_leftmost_card() -> None:
    """Rulebook 004 l.119: if no tokens are face up, the automated player takes the leftmost."""
    rng = next(Rng.from_seed(s) for s in range(100) if not any(Rng.from_seed(s).coin_flips(4)[0]))
    after, _ = toss(Solo(market=(2, 0, 0, 0, 0), tokens=2), rng)
    assert after.last_toss is not None and after.last_toss.position == 1
    assert (after.market, after.automaton_tokens) == ((0, 0, 0, 0, 0), 6)


def test_automated_player_tosses_all_its_tokens_but_spends_four_at_most() -> None:
    """Rulebook 004 l.119: it tosses its tokens; the most it can spend is 4."""
    solo = Solo(market=(0, 0, 0, 0, 0), tokens=0, automaton_tokens=8)
    rng = next(Rng.from_seed(s) for s in range(500) if sum(Rng.from_seed(s).coin_flips(8)[0]) >= 6)
    after, _ = toss(solo, rng)
    assert after.last_toss is not None and len(after.last_toss.flips) == 8
    assert after.last_toss.face_up >= 6 and after.last_toss.spent == 4
    assert after.last_toss.position == 5 and after.market == (1, 1, 1, 1, 0)


def test_the_automated_player_plays_after_each_human_turn() -> None:
    """Rulebook 004 l.119: turns alternate; the automated player never completes a painting."""
    state = apply(solo_game(), TakeCard(1))
    refuse(state, TakeCard(1), "not now")
    refuse(state, StartPainting(1), "not now")
    state = apply(state, TossTokens())
    assert state.phase == "turn" and state.solo is not None and state.solo.last_toss is not None
    refuse(state, TossTokens(), "not now")


def test_the_table_may_toss_the_real_tokens_and_enter_the_face_up_count() -> None:
    """Rulebook 004 l.119 and l.123 (issue 13 ruling): the table shakes and drops the automated
    player's 4 real tokens, 1 lands face up: a token on card 1, it takes card 2 and its token."""
    state = replace(solo_game(), solo=Solo(market=(0, 1, 0, 0, 0), tokens=3), phase="automaton")
    after = apply(state, TableToss(1))
    solo = after.solo
    assert after.phase == "turn" and solo is not None and solo.last_toss is not None
    assert (solo.last_toss.face_up, solo.last_toss.position, solo.last_toss.gained) == (1, 2, 1)
    assert len(solo.last_toss.flips) == 4
    assert solo.market == (1, 0, 0, 0, 0)
    assert (solo.automaton_tokens, solo.automaton_cards) == (4, 1)
    assert after.rng == state.rng  # the table tossed: the device's generator is not used


def test_a_table_toss_with_none_face_up_takes_the_leftmost_card() -> None:
    """Rulebook 004 l.119: if no tokens are face-up, the automated player selects the leftmost card."""
    state = replace(solo_game(), solo=Solo(market=(2, 0, 0, 0, 0), tokens=2), phase="automaton")
    solo = apply(state, TableToss(0)).solo
    assert solo is not None and solo.last_toss is not None and solo.last_toss.position == 1
    assert (solo.market, solo.automaton_tokens) == ((0, 0, 0, 0, 0), 6)


def test_a_table_toss_spends_four_tokens_at_most() -> None:
    """Rulebook 004 l.119: the maximum the automated player can spend is 4 tokens."""
    solo = Solo(market=(0, 0, 0, 0, 0), tokens=0, automaton_tokens=8)
    after = apply(replace(solo_game(), solo=solo, phase="automaton"), TableToss(7)).solo
    assert after is not None and after.last_toss is not None
    assert (after.last_toss.face_up, after.last_toss.spent, after.last_toss.position) == (7, 4, 5)
    assert after.market == (1, 1, 1, 1, 0) and after.automaton_tokens == 4


def test_a_table_toss_cannot_show_more_face_up_tokens_than_were_tossed() -> None:
    """Rulebook 004 l.119: the face-up tokens are among the automated player's tokens tossed."""
    state = replace(solo_game(), phase="automaton")
    refuse(state, TableToss(5), "4 tokens were tossed: 0 to 4")
    refuse(state, TableToss(-1), "0 to 4")
    refuse(apply(state, TableToss(2)), TableToss(2), "not now")
    refuse(solo_game(), TableToss(1), "not now")


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (55, "best_in_show"),
        (40, "best_in_show"),
        (39, "runner_up"),
        (35, "runner_up"),
        (34, "honorable_mention"),
        (30, "honorable_mention"),
        (29, "emerging_artist"),
        (25, "emerging_artist"),
        (24, "participation"),
        (0, "participation"),
    ],
)
def test_solo_awards(points: int, expected: str) -> None:
    """Rulebook 004 l.127-131: Best In Show 40+, Runner-Up 35-39, ..., Participation 0-24."""
    assert award(points) == expected
    assert [name for name, _ in AWARDS][-1] == "participation"


def test_a_solo_game_ends_with_the_third_painting_and_an_award() -> None:
    """Rulebook 004 l.115: the automated player does not score; the human gets an award."""
    state = solo_game()
    painting = paint("hue/shape", "tone", "texture", "shape", "shape/hue")
    for number in range(3):
        for _ in range(3):
            state = apply(apply(state, TakeCard(1)), TossTokens())
        state = apply(state, StartPainting(1))
        for slot in painting:
            state = apply(state, SetSlot(slot.top, slot.bottom))
        state = apply(state, ConfirmPainting())
        if number < 2:
            assert outcome(state) is None
            state = apply(state, TossTokens())
    assert state.phase == "finished"
    # Each painting: Composition 1, Repetition 1, Variety 1, Space 2 (Hues 1 and 5 far from
    # Shapes in 4 and 1): 9 (1/3/9) + 11 (3/7/11) + 13 (4/8/13) + 11 (Space capped at 4).
    assert total(state, 1) == 9 + 11 + 13 + 11
    result = outcome(state)
    assert result is not None and result.winners == (1,) and result.reason is Termination.SOLO
    assert solo_award(state) == "best_in_show"
