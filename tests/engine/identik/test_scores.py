"""IDENTIK points, rounds, the end and what the screens read, one test per rule, citing
the IDENTIK rulebook, 2024 edition (002)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.identik.commands import (
    ChooseSuper,
    NextCriterion,
    NextRound,
    PauseTimer,
    StartTimer,
)
from engine.identik.rules import apply, outcome
from engine.identik.setup import Setup
from engine.identik.view import (
    drawing_held,
    judges,
    narrations_done,
    round_criteria_met,
    round_scores,
    rounds_counted,
    scores,
    scores_so_far,
)
from tests.engine.identik.conftest import T0, game, holder_of, judge_all, play_round, to_judging

# --- points -----------------------------------------------------------------------------------


def test_artist_scores_one_point_per_checked_box() -> None:
    """Rulebook 002 l.71: the artist's points are the total number of checked boxes."""
    state = to_judging(game(4, first=1), super_criterion=10)
    judge = holder_of(state, 3)
    state = judge_all(state, {1: [judge], 4: [judge], 7: [judge]})
    assert round_scores(state)[2].artist_points == 3


@pytest.mark.parametrize("super_criterion", [1, 5, 10])
def test_super_criterion_met_gives_the_artist_two_bonus_points(super_criterion: int) -> None:
    """Rulebook 002 l.61: checking the super criterion also checks the two boxes by the star:
    two bonus points (seeds README: 3 points in all for it)."""
    state = to_judging(game(4, first=1), super_criterion=super_criterion)
    judge = holder_of(state, 2)
    other = 1 + super_criterion % 10
    state = judge_all(state, {super_criterion: [judge], other: [judge]})
    assert round_scores(state)[1].artist_points == 1 + 3


def test_every_criterion_met_is_worth_twelve() -> None:
    """Rulebook 002 l.61 and l.71: ten boxes plus two by the star."""
    state = to_judging(game(3, first=1))
    state = judge_all(state, {c: [2] for c in range(1, 11)})
    assert round_scores(state)[drawing_held(state)[2] - 1].artist_points == 12


def test_narrator_scores_each_criterion_met_by_at_least_one_artist() -> None:
    """Rulebook 002 l.73: the narrator scores 1 point per criterion met by at least one artist."""
    state = judge_all(to_judging(game(5, first=4), super_criterion=9), {2: [1], 6: [5], 8: [2]})
    assert round_criteria_met(state) == (2, 6, 8)
    assert round_scores(state)[3].narrator_points == 3


def test_narrator_scores_once_for_a_criterion_many_artists_met() -> None:
    """Rulebook 002 l.77: if several artists satisfied a criterion, the narrator scores only one."""
    state = judge_all(to_judging(game(5, first=4), super_criterion=9), {3: [1, 2, 3, 5]})
    assert round_scores(state)[3].narrator_points == 1
    assert sum(line.artist_points for line in round_scores(state)) == 4


def test_narrator_never_gets_the_super_bonus() -> None:
    """Rulebook 002 l.77: the narrator does not ever receive a bonus for the super criterion."""
    state = judge_all(to_judging(game(4, first=2), super_criterion=6), {6: [1, 3, 4]})
    lines = round_scores(state)
    assert lines[1].narrator_points == 1
    assert [line.artist_points for line in lines] == [3, 0, 3, 3]


def test_narrator_gets_no_artist_points_and_artists_no_narrator_points() -> None:
    """Rulebook 002 l.25-27: artists score by their drawing, the narrator by the criteria met."""
    state = judge_all(to_judging(game(4, first=3)), {c: [1, 2, 4] for c in range(1, 11)})
    for line in round_scores(state):
        assert (line.narrator_points > 0) == (line.seat == 3)
        assert (line.artist_points > 0) == (line.seat != 3)


# --- rounds and the end -----------------------------------------------------------------------


def test_the_next_seat_narrates_the_next_round() -> None:
    """Rulebook 002 l.80: proceed to the next round and another person takes on the role of
    narrator (the device hands it clockwise)."""
    state = game(5, first=4)
    seen = []
    for _ in range(5):
        seen.append(state.narrator)
        state = play_round(state, {})
    assert seen == [4, 5, 1, 2, 3]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("times", [1, 2, 3])
def test_game_ends_when_each_player_narrated_the_chosen_times(players: int, times: int) -> None:
    """Rulebook 002 l.84: the game ends when each player has been the narrator (or, decided
    ahead, two or three times)."""
    state = game(players, first=2, narrations_each=times)
    for number in range(players * times):
        assert outcome(state) is None and state.round_no == number + 1
        state = play_round(state, {1: [s for s in judges(state)]})
    assert state.phase == "over" and outcome(state) is not None
    assert all(narrations_done(state, seat) == times for seat in range(1, players + 1))
    with pytest.raises(IllegalCommand):
        apply(state, ChooseSuper(3))


@pytest.mark.parametrize("times", [0, 4])
def test_game_length_is_one_to_three_narrations(times: int) -> None:
    """Rulebook 002 l.84: each player narrates once, or two or even three times."""
    with pytest.raises(ValueError, match="1, 2 or 3"):
        Setup(narrations_each=times)


def test_final_score_adds_narrator_and_artist_points() -> None:
    """Rulebook 002 l.85-86: sum the drawing sheets (artist), add the narrator's points."""
    state = game(3, first=1)
    state = play_round(state, {1: [2, 3], 2: [2]}, super_criterion=2)  # 1 narrates
    state = play_round(state, {4: [1]}, super_criterion=1)  # 2 narrates
    state = play_round(state, {5: [1, 2]}, super_criterion=5)  # 3 narrates
    by_seat = {line.seat: (line.narrator_points, line.artist_points, line.total)
               for line in scores(state)}
    # Round 1 (left): judge 2 holds 3's drawing, judge 3 holds 2's; round 2: 1 holds 3's;
    # round 3: judge 1 holds 2's drawing, judge 2 holds 1's.
    assert by_seat == {1: (2, 3, 5), 2: (1, 1 + 3, 5), 3: (1, 1 + 3 + 1, 6)}


def test_most_points_wins() -> None:
    """Rulebook 002 l.87: whoever has the most points wins the game."""
    state = game(3, first=1)
    state = play_round(state, {1: [2]}, super_criterion=9)  # judge 2 holds 3's drawing
    state = play_round(state, {1: [1]}, super_criterion=9)  # judge 1 holds 3's drawing
    state = play_round(state, {}, super_criterion=9)
    assert [line.total for line in scores(state)] == [1, 1, 2]
    result = outcome(state)
    assert result is not None and result.winners == (3,) and not result.tied


def test_tied_players_win_together() -> None:
    """Rulebook 002 l.87: in the event of a tie, all tied players win together."""
    state = game(3, first=1)
    state = play_round(state, {1: [2]}, super_criterion=9)  # narrator 1 and artist 3 score 1
    state = play_round(state, {}, super_criterion=9)
    state = play_round(state, {}, super_criterion=9)
    result = outcome(state)
    assert result is not None and result.winners == (1, 3) and result.tied
    nobody = game(4, first=1)
    for _ in range(4):
        nobody = play_round(nobody, {})
    result = outcome(nobody)
    assert result is not None and result.winners == (1, 2, 3, 4) and result.tied


def test_next_round_only_after_the_tenth_criterion() -> None:
    """Rulebook 002 l.71: points are counted when the 10 criteria have been read and judged."""
    state = to_judging(game())
    for _ in range(9):
        state = apply(state, NextCriterion())
    with pytest.raises(IllegalCommand):
        apply(state, NextRound())


# --- what the screens read --------------------------------------------------------------------


def test_the_last_ten_seconds_are_flagged_for_beeps() -> None:
    """Issue 4 step 3: beeps in the last 10 s of the hourglass (rulebook 002 l.46: 90 s)."""
    from engine.identik.view import in_final_seconds, time_left_ms, timer_deadline_ms

    state = apply(game(), ChooseSuper(4))
    assert timer_deadline_ms(state) is None and not in_final_seconds(state, T0)
    state = apply(state, StartTimer(T0))
    assert timer_deadline_ms(state) == T0 + 90_000
    assert not in_final_seconds(state, T0 + 79_999)
    assert in_final_seconds(state, T0 + 80_000) and in_final_seconds(state, T0 + 89_999)
    assert not in_final_seconds(state, T0 + 90_000)
    assert time_left_ms(state, T0 + 85_500) == 4_500
    paused = apply(state, PauseTimer(T0 + 85_000))
    assert not in_final_seconds(paused, T0 + 86_000) and timer_deadline_ms(paused) is None


def test_scorecard_counts_only_finished_rounds() -> None:
    """Rulebook 002 l.71-73: points are written once the ten criteria are judged."""
    state = judge_all(to_judging(game(3, first=1)), {1: [2]})
    assert all(line.total == 0 for line in scores(state))
    assert sum(line.total for line in round_scores(state)) == 2
    assert narrations_done(state, 1) == 0
    state = apply(state, NextRound())
    assert [line.total for line in scores(state)] == [1, 0, 1]
    assert narrations_done(state, 1) == 1 and state.narrator == 2


def test_the_scorecard_so_far_counts_the_round_once_its_points_are_shown() -> None:
    """Rulebook 002 l.71-73: when the 10 criteria are judged, the totals go on the scorecard; the
    round is counted from its points screen on, once (not again after NextRound)."""
    first = play_round(game(), {1: (2,)}, super_criterion=1)
    judged = judge_all(to_judging(first, super_criterion=2), {2: (3,)})
    assert (judged.phase, rounds_counted(judged)) == ("summary", 2)
    # Round 1: S1 narrates (1), S2 holds S4's drawing (super: 3). Round 2: S2 narrates (1), S3
    # holds S1's drawing (super: 3).
    assert [line.total for line in scores_so_far(judged)] == [4, 1, 0, 3]
    mid_round = to_judging(first)
    assert rounds_counted(mid_round) == 1 and scores_so_far(mid_round) == scores(mid_round)
    after = apply(judged, NextRound())
    assert rounds_counted(after) == 2 and scores_so_far(after) == scores_so_far(judged)
