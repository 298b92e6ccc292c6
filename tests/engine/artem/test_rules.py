"""Artem turn rules, scoring and game end.

Rulebook: "How to Play Artem" (file 003).
"""

from __future__ import annotations

import pytest

from engine.artem import ARTEM
from engine.artem.commands import BeginPlays, Claim, EndTurn, Flip, MainDeckOut, Move
from engine.artem.refusals import PlayRefused
from engine.artem.rules import apply, claim_points, new_game, outcome
from engine.artem.setup import Setup, TileColour
from engine.artem.view import is_first_turn, play_number
from engine.errors import IllegalCommand, InvalidState
from tests.engine.artem.conftest import make, rows

# Row 0 holds 3 reds, row 1 two blues then 4 greens, row 5 six yellows.
BOARD = ["RRRGBK", "BBGGGG", "KOYRGB", "OKBYRG", "GYKOBR", "YYYYYY"]
DECK = "RGBKOYRGBKOY"


def test_claim_must_match_the_claim_cards_colour() -> None:
    """003 l.45: the claimed row must match the colour of the claim card."""
    with pytest.raises(IllegalCommand, match="claim card is blue but the tiles are red"):
        apply(make(BOARD, DECK), Claim("blue", 0, 0, 3))


def test_claim_of_mixed_colours_is_refused() -> None:
    """003 l.45: a claim takes a row of one colour."""
    with pytest.raises(IllegalCommand, match="not all one colour"):
        apply(make(BOARD, DECK), Claim("red", 0, 1, 3))


@pytest.mark.parametrize("length", [0, 1, 7])
def test_claim_length_is_two_to_six(length: int) -> None:
    """003 l.73-79: the scoring table lists rows of 2 to 6 colours."""
    with pytest.raises(IllegalCommand, match="2 to 6"):
        apply(make(BOARD, DECK), Claim("red", 0, 0, length))


def test_claim_past_the_right_edge_is_refused() -> None:
    """003 l.45: a claim takes colours on the board."""
    with pytest.raises(IllegalCommand, match="off the board"):
        apply(make(BOARD, DECK), Claim("yellow", 5, 3, 4))


def test_claim_of_an_unknown_colour_is_refused() -> None:
    """003 l.45: the claim card's colour is one of the colour deck's."""
    with pytest.raises(IllegalCommand, match="no colour purple"):
        apply(make(BOARD, DECK), Claim("purple", 0, 0, 3))


def test_only_one_claim_per_turn() -> None:
    """003 l.35: you may play up to 1 claim card in a turn."""
    state = apply(make(BOARD, DECK), Claim("red", 0, 0, 3))
    with pytest.raises(IllegalCommand, match="claim was already made"):
        apply(state, Claim("yellow", 5, 0, 6))


def test_at_most_two_cards_per_turn() -> None:
    """003 l.33: phase 2, play up to 2 cards."""
    state = apply(apply(make(BOARD, DECK), Move(2, 1)), Move(3, 1))
    for command in (Move(4, 1), Flip("wild", (0, 0), (0, 1)), Claim("yellow", 5, 0, 6)):
        with pytest.raises(IllegalCommand, match="2 cards already played"):
            apply(state, command)


@pytest.mark.parametrize(("players", "seat"), [(2, 1), (2, 2), (3, 3), (4, 1), (4, 4)])
def test_no_claim_on_a_players_first_turn(players: int, seat: int) -> None:
    """003 l.36: you may not play claim cards on your 1st turn."""
    state = make(BOARD, DECK, players=players, seat=seat, turn=seat)
    assert is_first_turn(state)
    with pytest.raises(IllegalCommand, match="first turn"):
        apply(state, Claim("red", 0, 0, 3))
    apply(state, Move(0, 1))  # other cards are fine


def test_claims_open_on_each_players_second_turn() -> None:
    """003 l.36: the first-turn rule lasts one turn per player; seat 1's second turn follows
    the last seat's first one."""
    state = make(BOARD, DECK, players=3, seat=1, turn=1, phase="draw")
    for _ in range(3):
        state = apply(apply(state, BeginPlays()), EndTurn())
    assert state.seat == 1 and not is_first_turn(state)
    state = apply(apply(state, BeginPlays()), Claim("red", 0, 0, 3))
    assert state.scores == (3, 0, 0)


SCORES = [(2, 1, 1), (3, 3, 2), (4, 5, 3), (5, 7, 4), (6, 9, 5)]


@pytest.mark.parametrize(("length", "first", "second"), SCORES)
def test_scoring_by_length_and_play_order(length: int, first: int, second: int) -> None:
    """003 l.71-79: points by row length, as the 1st play or the 2nd play of the turn."""
    board = ["R" * length + "B" * (6 - length), *BOARD[1:]]
    as_first = apply(make(board, DECK), Claim("red", 0, 0, length))
    assert as_first.scores == (first, 0, 0) and as_first.last is not None
    assert as_first.last.points == first and as_first.last.play == 1
    flipped = apply(make(board, DECK), Flip("vertical", (4, 0), (5, 0)))
    assert play_number(flipped) == 2
    as_second = apply(flipped, Claim("red", 0, 0, length))
    assert as_second.scores == (second, 0, 0)
    assert claim_points(length, 1) == first and claim_points(length, 2) == second


def test_points_add_to_the_active_seats_score() -> None:
    """003 l.71: the player who plays the claim card scores."""
    state = apply(make(BOARD, DECK, seat=2, scores=(4, 6, 1)), Claim("yellow", 5, 0, 6))
    assert state.scores == (4, 15, 1)


@pytest.mark.parametrize(("players", "target"), [(2, 20), (3, 15), (4, 10)])
def test_reaching_the_target_wins_at_once(players: int, target: int) -> None:
    """003 l.83-89: the first to reach 20 / 15 / 10 points with 2 / 3 / 4 players wins."""
    scores = (target - 1,) + (target - 1,) * (players - 1)
    state = apply(make(BOARD, DECK, players=players, scores=scores), Claim("red", 0, 0, 2))
    assert state.scores[0] == target and state.phase == "over"
    result = outcome(state)
    assert result is not None and result.winners == (1,) and result.reason == "target"
    with pytest.raises(IllegalCommand, match="game is over"):
        apply(state, EndTurn())


@pytest.mark.parametrize(("players", "target"), [(2, 20), (3, 15), (4, 10)])
def test_one_point_short_of_the_target_plays_on(players: int, target: int) -> None:
    """003 l.83-89: the game goes on below the target."""
    scores = (target - 2,) + (0,) * (players - 1)
    state = apply(make(BOARD, DECK, players=players, scores=scores), Claim("red", 0, 0, 2))
    assert state.phase == "play" and outcome(state) is None


def test_colour_deck_exhausted_during_a_move_ends_the_game() -> None:
    """003 l.93: a deck is exhausted when a player must draw and cannot; the game ends and
    the most points win (003 l.83)."""
    state = make(BOARD, "K", scores=(3, 5, 2))
    state = apply(state, Move(0, 2))
    assert state.phase == "over" and rows(state)[0] == "RGBKK."
    result = outcome(state)
    assert result is not None and result.winners == (2,) and result.reason == "colour_deck"


def test_a_deck_emptied_exactly_plays_on_until_the_next_draw() -> None:
    """003 l.93: exhaustion is a draw that cannot be made, not an empty deck."""
    state = apply(make(BOARD, "KO"), Move(0, 2))
    assert len(state.deck) == 0 and state.phase == "play"
    state = apply(state, Flip("wild", (0, 0), (0, 1)))
    assert state.phase == "play"
    state = apply(apply(state, EndTurn()), BeginPlays())
    assert apply(state, Move(1, 1)).phase == "over"


def test_colour_deck_exhausted_by_a_claim_still_scores_it() -> None:
    """003 l.93, l.71: the claim card was played (it scores), then the draw fails."""
    state = apply(make(BOARD, "KO", scores=(0, 2, 0)), Claim("red", 0, 0, 3))
    assert state.scores == (3, 2, 0) and state.phase == "over"
    assert rows(state)[0] == "GBKKO."
    result = outcome(state)
    assert result is not None and result.winners == (1,)


def test_a_claim_reaching_the_target_with_no_refill_wins_at_the_target() -> None:
    """003 l.83, l.92: the claim reaches the target, so its player wins; l.45, l.93: its refill
    cannot be drawn, so the board keeps the holes (the issue 14 case, 4 seats)."""
    state = apply(make(BOARD, "", players=4, seat=2, scores=(4, 9, 0, 0)), Claim("red", 0, 0, 3))
    assert state.scores == (4, 12, 0, 0) and state.end == "target"
    assert rows(state)[0] == "GBK..."
    result = outcome(state)
    assert result is not None and result.winners == (2,)
    assert ARTEM.state_from_dict(ARTEM.state_to_dict(state)) == state


def test_a_board_with_holes_loads_only_after_a_short_refill() -> None:
    """003 l.20, l.93: holes only come from a refill the colour deck could not make, which ends
    the game then and there; a game ended on the main deck never has any."""
    state = apply(make(BOARD, "", seat=1, scores=(1, 0, 0)), Claim("red", 0, 0, 3))
    data = ARTEM.state_to_dict(state)
    data["end"] = "main_deck"
    with pytest.raises(InvalidState, match="empty cells"):
        ARTEM.state_from_dict(data)


def test_exhaustion_with_tied_leaders_is_a_tie() -> None:
    """003 l.83, l.93: the player with the most points wins; equal leaders share it."""
    state = apply(make(BOARD, "", scores=(7, 7, 2)), Move(0, 1))
    result = outcome(state)
    assert result is not None and result.winners == (1, 2) and result.tied


def test_main_deck_exhausted_is_declared_in_phase_1() -> None:
    """003 l.93, l.31: drawing to 5 cards from an empty main deck ends the game."""
    state = make(BOARD, DECK, scores=(4, 9, 9), phase="draw")
    over = apply(state, MainDeckOut())
    result = outcome(over)
    assert result is not None and result.winners == (2, 3) and result.reason == "main_deck"
    with pytest.raises(IllegalCommand, match="only drawn in phase 1"):
        apply(make(BOARD, DECK), MainDeckOut())


def test_plays_wait_for_phase_1() -> None:
    """003 l.26-33: phase 1 (discard and draw) comes before the plays."""
    state = make(BOARD, DECK, phase="draw")
    with pytest.raises(IllegalCommand, match="phase 1"):
        apply(state, Move(0, 1))
    state = apply(state, BeginPlays())
    assert state.phase == "play"
    with pytest.raises(IllegalCommand, match="already done"):
        apply(state, BeginPlays())


@pytest.mark.parametrize(("players", "seat", "after"), [(2, 2, 1), (3, 2, 3), (4, 4, 1)])
def test_end_turn_passes_to_the_next_seat(players: int, seat: int, after: int) -> None:
    """003 l.22: play continues in order, seat by seat."""
    state = apply(make(BOARD, DECK, players=players, seat=seat), EndTurn())
    assert state.seat == after and state.phase == "draw"
    assert state.plays == 0 and state.claims == 0 and state.turn == players + seat + 1


def test_a_turn_may_play_no_card() -> None:
    """003 l.33: up to 2 cards; none is allowed."""
    state = apply(make(BOARD, DECK, phase="draw"), EndTurn())
    assert state.seat == 2


def test_a_flip_may_not_reverse_the_flip_just_made() -> None:
    """003 l.37: you may not reverse a move once the board has changed."""
    state = apply(make(BOARD, DECK), Flip("horizontal", (2, 1), (2, 2)))
    for again in (Flip("horizontal", (2, 1), (2, 2)), Flip("wild", (2, 2), (2, 1))):
        with pytest.raises(IllegalCommand, match="reversing a move"):
            apply(state, again)


def test_flipping_the_same_cells_is_fine_once_their_tiles_moved() -> None:
    """003 l.37: after a move slid that row, the two cells hold other tiles: no reversal."""
    state = apply(make(BOARD, DECK, all_in=True), Flip("horizontal", (2, 1), (2, 2)))
    state = apply(state, Move(2, 1))
    apply(state, Flip("horizontal", (2, 1), (2, 2)))


def test_flip_back_may_be_allowed_by_option() -> None:
    """003 l.37 read as "no take-backs" only: a table may allow flipping back with a card."""
    state = apply(make(BOARD, DECK, flip_back_allowed=True), Flip("vertical", (0, 0), (1, 0)))
    assert rows(apply(state, Flip("vertical", (0, 0), (1, 0)))) == BOARD


def test_the_flip_lock_ends_with_the_turn() -> None:
    """003 l.37 concerns a turn's own plays; the next player may flip those tiles."""
    state = apply(make(BOARD, DECK, players=2), Flip("vertical", (0, 0), (1, 0)))
    state = apply(apply(state, EndTurn()), BeginPlays())
    apply(state, Flip("vertical", (0, 0), (1, 0)))


def test_a_refused_command_leaves_the_state_as_it_was() -> None:
    """003 l.45: a wrong claim changes nothing (and says why)."""
    state = make(BOARD, DECK)
    before = ARTEM.state_to_dict(state)
    with pytest.raises(PlayRefused) as info:
        apply(state, Claim("blue", 0, 0, 3))
    assert info.value.refusal.code == "wrong_colour"
    assert info.value.refusal.values == ("blue", "red")
    assert ARTEM.state_to_dict(state) == before


def test_new_game_starts_with_seat_1_in_phase_1() -> None:
    """003 l.22, l.26-28: the first player begins with phase 1."""
    state = new_game(Setup(players=4), seed=3)
    assert state.seat == 1 and state.phase == "draw" and state.scores == (0, 0, 0, 0)
    assert is_first_turn(state)


@pytest.mark.parametrize(("kwargs", "why"), [
    ({"players": 1}, "2 to 4 players"),
    ({"players": 5}, "2 to 4 players"),
    ({"colours": ()}, "at least 2 colours"),
    ({"seat_sides": ("bottom",)}, "names 1 seats"),
    ({"seat_sides": ("bottom", "under", "top")}, "unknown side"),
])
def test_setup_is_validated(kwargs: dict[str, object], why: str) -> None:
    """003 l.11-12 and the box: 2 to 4 players, a colour deck, one side per seat."""
    with pytest.raises(ValueError, match=why):
        Setup(**kwargs)  # type: ignore[arg-type]


def test_setup_needs_36_tiles_and_distinct_colours() -> None:
    """003 l.20: the board takes 36 tiles from the colour deck."""
    with pytest.raises(ValueError, match="needs 36"):
        Setup(colours=(TileColour("red", 20), TileColour("blue", 15)))
    with pytest.raises(ValueError, match="repeat"):
        Setup(colours=(TileColour("red", 20), TileColour("red", 20)))


def test_refusals_carry_a_code_and_named_params_for_translation() -> None:
    """003 l.45: the wrong-colour refusal names the card's and the tiles' colours."""
    with pytest.raises(PlayRefused) as info:
        apply(make(BOARD, DECK), Claim("blue", 0, 0, 3))
    assert info.value.code == "artem_wrong_colour"
    assert info.value.params == {"card": "blue", "tiles": "red"}


@pytest.mark.parametrize(("state_kwargs", "claim", "code"), [
    ({"phase": "draw"}, False, "draw_first"),
    ({"turn": 2}, True, "first_turn"),
    ({"turn": 2}, False, None),
    ({}, True, None),
])
def test_card_refusal_tells_the_screen_before_tiles_are_picked(
    state_kwargs: dict[str, object], claim: bool, code: str | None
) -> None:
    """003 l.33-36: whether a card may be played at all is known before picking tiles."""
    from engine.artem.refusals import card_refusal

    why = card_refusal(make(BOARD, DECK, **state_kwargs), claim=claim)  # type: ignore[arg-type]
    assert (why.code if why else None) == code
