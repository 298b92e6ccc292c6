"""#ARTBOX variants: three players, simplified rules, frame rule, dealing, first Maestro."""

from __future__ import annotations

import pytest

from engine.artbox.commands import (
    ClaimSlot,
    ConfirmSlot,
    Finish,
    Pick,
    Roll,
    ShowWords,
    TimeUp,
    ToggleEligible,
)
from engine.artbox.rules import apply, outcome
from engine.artbox.view import claim_for, slot_word
from engine.errors import IllegalCommand
from tests.engine.artbox.conftest import (
    T0,
    Drawing,
    deal_all,
    draw_all,
    game,
    guess_all,
    identify,
    play_round,
    setup,
)

# ----- three players -------------------------------------------------------------------


def test_three_players_are_dealt_three_words_and_keep_two() -> None:
    """Rulebook 000 l.148, 001 l.245: each takes 3 word cards and chooses 2."""
    state = game(3)
    assert all(len(h) == 3 for h in state.hands)
    seat = state.dealing_seat
    dealt = state.hands[seat - 1]
    state = apply(state, ShowWords())
    with pytest.raises(IllegalCommand, match="keeps 2"):
        apply(state, Pick((0,)))
    state = apply(state, Pick((2, 0)))
    assert state.chosen[seat - 1] == (dealt[0], dealt[2])
    assert state.deck.cards[-1] == dealt[1]


def test_three_players_draw_both_before_one_number_token() -> None:
    """Rulebook 000 l.148, 001 l.246: both words drawn before taking a number token."""
    state = draw_all(deal_all(game(3)), order=[2, 3, 1])
    assert state.finish is not None and state.finish.seats == (2, 3, 1)
    assert len(state.slots) == 6
    assert len(state.word_list) == 6 + 3


def test_three_player_words_off_plays_the_standard_deal() -> None:
    """Rulebook 000 l.146 is an option: off, three players draw one word each."""
    state = game(3, three_player_words=False)
    assert all(len(h) == 2 for h in state.hands)
    with pytest.raises(ValueError, match="exactly 3 players"):
        setup(4, three_player_words=True)


def test_three_players_know_which_word_is_in_which_slot() -> None:
    """Issue 3: in the 3-player variant each slot holds one of the author's two words."""
    state = guess_all(draw_all(deal_all(game(3))))
    words = state.chosen[1]
    assert claim_for(state, 2) == ClaimSlot(2, 0)
    state = apply(state, ClaimSlot(2, 0))
    assert slot_word(state, 0) == words[0]
    # Pressing seat 2 again switches to their other word.
    switch = claim_for(state, 2)
    assert switch == ClaimSlot(2, 1)
    state = apply(apply(state, switch), ConfirmSlot())
    assert slot_word(state, 0) == words[1]
    with pytest.raises(IllegalCommand, match="already in slot 1"):
        apply(state, ClaimSlot(2, 1))
    assert claim_for(state, 2) == ClaimSlot(2, 0)
    state = apply(apply(state, ClaimSlot(2, 0)), ConfirmSlot())
    assert slot_word(state, 1) == words[0]
    with pytest.raises(IllegalCommand, match="already claimed 2"):
        apply(state, ClaimSlot(2, 0))
    assert claim_for(state, 2) is None


def test_three_players_add_up_both_drawings() -> None:
    """Rulebook 000 l.150, 001 l.247: points are the total over both drawings."""
    # Seat 1: 1 + 1 = 2 guesses; seat 2: 2 + 0 = 2; seat 3: 1 + 0. Tie 1-2 goes to #1 (seat 2).
    drawings = [
        Drawing(1, (2,), word=0), Drawing(2, (1, 3), word=0), Drawing(3, (1,), word=0),
        Drawing(1, (3,), word=1), Drawing(2, (), word=1), Drawing(3, (), word=1),
    ]
    state = play_round(game(3), drawings, order=[2, 3, 1])
    assert state.last_round is not None
    assert state.last_round.guessed == (2, 2, 1)
    assert state.last_round.right_guesses == (2, 1, 2)
    drawing, guessing = state.last_round.verdicts
    assert drawing.winners == (2,) and drawing.decided_by == "number_token"
    assert guessing.winners == (3,) and guessing.decided_by == "number_token"


def test_three_players_one_ineligible_drawing_counts_only_the_other() -> None:
    """Rulebook 000 l.74 with l.150: an ineligible drawing earns nothing for the token."""
    drawings = [
        Drawing(1, (2, 3), eligible=False), Drawing(2, (1,)), Drawing(3, ()),
        Drawing(1, (), word=1), Drawing(2, (), word=1), Drawing(3, (), word=1),
    ]
    state = play_round(game(3), drawings)
    assert state.last_round is not None
    assert state.last_round.eligible_guessed == (0, 1, 0)
    assert state.last_round.verdicts[0].winners == (2,)


# ----- simplified rules ----------------------------------------------------------------


def test_simplified_uses_no_number_tokens_and_the_sandglass_times_drawing() -> None:
    """Rulebook 000 l.159, 001 l.254: no number tokens; drawings end when the sand runs out."""
    state = apply(deal_all(game(4, simplified=True, sandglass_ms=90_000)), Roll(T0))
    assert state.sandglass.status == "running"
    with pytest.raises(IllegalCommand, match="no number tokens"):
        apply(state, Finish(1))
    with pytest.raises(IllegalCommand, match="not run out"):
        apply(state, TimeUp(T0 + 89_000))
    state = apply(state, TimeUp(T0 + 90_000))
    assert state.phase == "guessing" and state.sandglass.status == "idle"


def test_simplified_ties_give_every_tied_player_a_token() -> None:
    """Rulebook 000 l.159, 001 l.255: in ties each player receives a victory token."""
    drawings = [Drawing(1, (2, 3)), Drawing(2, (1, 3)), Drawing(3, ()), Drawing(4, ())]
    state = play_round(game(4, simplified=True), drawings)
    assert state.last_round is not None
    drawing, guessing = state.last_round.verdicts
    assert drawing.winners == (1, 2) and drawing.decided_by == "shared"
    assert guessing.winners == (3,)
    assert [t.total for t in state.tokens] == [1, 1, 1, 0]


def test_simplified_allows_two_tokens_per_round() -> None:
    """Rulebook 000 l.159, 001 l.255: players may receive 2 victory tokens per round."""
    drawings = [Drawing(1, (2, 3, 4)), Drawing(2, (1,)), Drawing(3, (1,)), Drawing(4, (1,))]
    state = play_round(game(4, simplified=True), drawings)
    assert state.tokens[0].total == 2


def test_simplified_drawings_need_no_shapes_so_none_is_ineligible() -> None:
    """Rulebook 000 l.158, 001 l.253: the word can be drawn without using all shapes."""
    state = guess_all(draw_all(deal_all(game(4, simplified=True))))
    with pytest.raises(IllegalCommand):
        apply(state, ToggleEligible())


def test_frame_rule_can_make_a_simplified_drawing_ineligible() -> None:
    """Rulebook 000 l.144, 001 l.205: the drawing must touch at least 3 sides of the frame."""
    table = setup(4, simplified=True, frame_rule=True)
    assert table.frame_rule and table.can_mark_ineligible
    state = guess_all(draw_all(deal_all(game(4, simplified=True, frame_rule=True))))
    assert not apply(state, ToggleEligible()).slots[0].eligible


def test_simplified_final_ties_are_shared() -> None:
    """Rulebook 000 l.107 with l.159: no number tokens, so a tie left is a shared win."""
    state = game(8, simplified=True)  # goal: 3 - 2 = 1 token
    drawings = [Drawing(1, (2,)), Drawing(2, (1,))] + [Drawing(a) for a in range(3, 9)]
    state = play_round(state, drawings)
    result = outcome(state)
    assert result is not None and result.winners == (1, 2) and result.reason == "tie_shared"


# ----- dealing, Maestro ----------------------------------------------------------------


def test_with_the_games_cards_the_device_only_draws_decoys() -> None:
    """Issue 3 step 1: physical cards: no dealing; step 3 shows only the decoys."""
    state = game(5, dealing="cards")
    assert state.phase == "roll" and state.hands == ()
    state = draw_all(state)
    assert state.word_list == state.decoys and len(state.decoys) == 2
    state = identify(guess_all(state), [Drawing(a) for a in range(1, 5)])
    state = apply(state, ClaimSlot(5))
    assert slot_word(state, 4) is None
    state = apply(state, ConfirmSlot())
    assert state.phase == "roll" and state.round == 2


def test_the_maestro_passes_to_the_left() -> None:
    """Rulebook 000 l.94, 001 l.176: the player to the left becomes the new Maestro."""
    state = game(4, first_maestro=4)
    state = play_round(state, [Drawing(a) for a in range(1, 5)])
    assert state.maestro == 1 and state.round == 2
    assert state.phase == "deal_cover" and state.dealing_seat == 2


def test_first_maestro_is_chosen_or_random() -> None:
    """Rulebook 000 l.24, 001 l.101: choose the first Maestro, or at random."""
    assert game(6, first_maestro=5).maestro == 5
    seen = {game(6, seed=s, first_maestro=None).maestro for s in range(40)}
    assert seen == {1, 2, 3, 4, 5, 6}
    with pytest.raises(ValueError, match="first Maestro"):
        setup(4, first_maestro=5)
