"""#ARTBOX end of round and game end: goals, experienced goals, final tie-breaks."""

from __future__ import annotations

import pytest

from engine.artbox.awards import RoundRecord
from engine.artbox.end import Tokens, game_outcome, reached_goal
from engine.artbox.rules import outcome
from engine.artbox.view import scoreboard
from tests.engine.artbox.conftest import Drawing, game, play_round, setup


def record(guessed: tuple[int, ...], numbers: tuple[int, ...]) -> RoundRecord:
    """A last round with these drawing totals and number tokens."""
    n = len(guessed)
    return RoundRecord(guessed, guessed, (0,) * n, numbers, (), ())


@pytest.mark.parametrize(("players", "goal"), [(3, 5), (4, 5), (5, 4), (6, 4), (7, 3), (8, 3)])
def test_tokens_to_win_by_player_count(players: int, goal: int) -> None:
    """Rulebook 000 l.101-103, 001 l.186-188: 5 / 4 / 3 tokens for 3-4 / 5-6 / 7-8."""
    table = setup(players)
    assert table.tokens_to_win == goal
    assert not reached_goal(table, Tokens(goal - 1, 0))
    assert reached_goal(table, Tokens(goal - 2, 2))


def test_seat_one_wins_after_five_rounds_at_four_players() -> None:
    """Rulebook 000 l.99-107, 001 l.184-190: the game ends at the end of the round a seat
    reaches 5; seats 1 and 2 both have 5, seat 1's drawing was guessed more."""
    state = game(4)
    # Seat 1's drawing is always the most guessed; seat 2 always guesses most.
    rounds = [Drawing(1, (2, 3, 4)), Drawing(2, ()), Drawing(3, (2,)), Drawing(4, ())]
    for n in range(1, 6):
        state = play_round(state, rounds)
        if n < 5:
            assert outcome(state) is None
            assert state.phase == "deal_cover" and state.round == n + 1
    assert state.phase == "over"
    result = outcome(state)
    assert result is not None and result.winners == (1,)
    assert result.reason == "tie_most_guessed_drawing"
    assert [s.total for s in scoreboard(state)] == [5, 5, 0, 0]


def test_the_maestro_is_marked_on_the_scoreboard() -> None:
    """Issue 3 step 5: the scoreboard marks the Maestro, after a round the next one's (000 l.94)."""
    state = game(4, first_maestro=3)
    assert [s.maestro for s in scoreboard(state)] == [False, False, True, False]
    state = play_round(state, [Drawing(a) for a in range(1, 5)])
    assert [s.maestro for s in scoreboard(state)] == [False, False, False, True]


FINAL_TIES = [
    # (totals, last round guessed, last number tokens, simplified, winners, reason)
    ((5, 4, 0, 0), (0, 3, 0, 0), (4, 1, 2, 3), False, (1,), "most_tokens"),
    ((5, 5, 0, 0), (1, 2, 0, 0), (1, 2, 3, 4), False, (2,), "tie_most_guessed_drawing"),
    ((5, 5, 0, 0), (2, 2, 0, 0), (2, 1, 3, 4), False, (2,), "tie_lower_number_token"),
    ((6, 5, 6, 0), (2, 3, 2, 0), (3, 4, 1, 2), False, (3,), "tie_lower_number_token"),
    ((3, 3, 0, 0), (2, 2, 0, 0), (0, 0, 0, 0), True, (1, 2), "tie_shared"),
    ((3, 3, 0, 0), (1, 2, 0, 0), (0, 0, 0, 0), True, (2,), "tie_most_guessed_drawing"),
]


@pytest.mark.parametrize(("totals", "guessed", "numbers", "simple", "winners", "reason"),
                         FINAL_TIES)
def test_final_tie_breaks(
    totals: tuple[int, ...], guessed: tuple[int, ...], numbers: tuple[int, ...],
    simple: bool, winners: tuple[int, ...], reason: str,
) -> None:
    """Rulebook 000 l.105-107, 001 l.190: most tokens; then the most guessed drawing of the
    last round; then the lower number token of the last round (none when simplified)."""
    table = setup(4, simplified=simple)
    tokens = tuple(Tokens(t, 0) for t in totals)
    result = game_outcome(table, tokens, record(guessed, numbers))
    assert result is not None
    assert (result.winners, result.reason) == (winners, reason)


EXPERIENCED = [
    # (players, red, grey, game over)
    (4, 2, 2, True), (4, 2, 1, False), (4, 6, 0, True), (4, 0, 6, True), (4, 5, 1, False),
    (6, 3, 2, True), (6, 5, 0, False), (7, 1, 1, True), (7, 3, 0, False), (8, 0, 4, True),
    (3, 1, 4, False), (5, 4, 4, True),
]


@pytest.mark.parametrize(("players", "red", "grey", "over"), EXPERIENCED)
def test_experienced_goals(players: int, red: int, grey: int, over: bool) -> None:
    """Rulebook 000 l.141-142, 001 l.237-239: 2 grey + 2 red or 6 of a colour (3-6 players),
    1 + 1 or 4 of a colour (7-8 players)."""
    assert reached_goal(setup(players, experienced=True), Tokens(red, grey)) is over


def test_experienced_tokens_are_red_for_drawings_and_grey_for_guesses() -> None:
    """Rulebook 000 l.136-137, 001 l.232-233: red to the drawing, grey to the guesser."""
    state = play_round(game(4, experienced=True),
                       [Drawing(1, (2, 3)), Drawing(2, ()), Drawing(3, (2,)), Drawing(4, ())])
    assert state.tokens[0] == Tokens(drawing=1, guessing=0)
    assert state.tokens[1] == Tokens(drawing=0, guessing=1)


def test_experienced_winner_has_the_most_tokens_when_the_game_ends() -> None:
    """Rulebook 000 l.139 ("Now, the game end when...") and 001 l.235 ("Modifiez les conditions
    de fin"): the variant changes only when the game ends; 000 l.105, 001 l.190: the player
    with the most Victory tokens wins, here seat 2 (5 red) over seat 1 (2 red + 2 grey)."""
    table = setup(4, experienced=True)
    assert table.experienced_winner == "most_tokens"
    tokens = (Tokens(2, 2), Tokens(5, 0), Tokens(0, 0), Tokens(0, 0))
    result = game_outcome(table, tokens, record((0, 3, 0, 0), (1, 2, 3, 4)))
    assert result is not None and result.winners == (2,) and result.reason == "most_tokens"


def test_experienced_winner_ties_break_as_in_the_standard_game() -> None:
    """Rulebook 000 l.107, 001 l.190: a tie goes to the most guessed drawing of the last round."""
    table = setup(4, experienced=True)
    tokens = (Tokens(2, 2), Tokens(4, 0), Tokens(0, 0), Tokens(0, 0))
    result = game_outcome(table, tokens, record((0, 3, 0, 0), (1, 2, 3, 4)))
    assert result is not None and result.winners == (2,)
    assert result.reason == "tie_most_guessed_drawing"


def test_experienced_winner_by_combination_is_an_option() -> None:
    """The other reading of 000 l.139 ("when a player achieves a specific combination"), kept as
    an option: only a seat that completed a combination can win, so seat 1 (2+2) wins over
    seat 2 (5 red, no combination)."""
    table = setup(4, experienced=True, experienced_winner="combination")
    tokens = (Tokens(2, 2), Tokens(5, 0), Tokens(0, 0), Tokens(0, 0))
    result = game_outcome(table, tokens, record((0, 3, 0, 0), (1, 2, 3, 4)))
    assert result is not None and result.winners == (1,)


def test_experienced_game_goes_on_until_a_combination() -> None:
    """Rulebook 000 l.141: 5 tokens of one colour are not a combination at 4 players."""
    table = setup(4, experienced=True)
    tokens = (Tokens(1, 2), Tokens(5, 0), Tokens(0, 0), Tokens(0, 0))
    assert game_outcome(table, tokens, record((0, 3, 0, 0), (1, 2, 3, 4))) is None


def test_simplified_goal_english_lowers_by_two() -> None:
    """Rulebook 000 l.160: lower the goal by 2, e.g. 3 tokens in a 4-player game."""
    assert setup(4, simplified=True).tokens_to_win == 3
    assert setup(8, simplified=True).tokens_to_win == 1


def test_simplified_goal_french_raises_by_two() -> None:
    """Rulebook 001 l.256: augmentez de 2 le nombre de jetons Victoire nécessaires."""
    assert setup(4, simplified=True, rules_language="fr").tokens_to_win == 7
    assert setup(6, simplified=True, rules_language="fr").tokens_to_win == 6


def test_simplified_goal_is_an_option() -> None:
    """Rulebook 000 l.160 vs 001 l.256: a named option defaulting to the rules language."""
    table = setup(4, simplified=True, rules_language="fr", simplified_goal="lower_by_2")
    assert table.tokens_to_win == 3
    table = setup(4, simplified=True, simplified_goal="raise_by_2")
    assert table.tokens_to_win == 7


def test_experienced_and_simplified_do_not_mix() -> None:
    """Rulebook 000 l.139-160: neither variant gives a goal for the other; refuse both."""
    with pytest.raises(ValueError, match="cannot be combined"):
        setup(4, experienced=True, simplified=True)
