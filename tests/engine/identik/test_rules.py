"""IDENTIK rules, one test per rule, citing /work/shared/seeds/002_ced12fa45cb9c413.txt (002)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.identik import (
    Back,
    ChooseSuper,
    NextCriterion,
    NextRound,
    PassDrawings,
    PauseTimer,
    ResumeTimer,
    RollSuper,
    Setup,
    StartTimer,
    Tick,
    TimeUp,
    apply,
    new_game,
    outcome,
)
from engine.identik_setup import HOURGLASS_MS
from engine.identik_view import (
    drawing_held,
    judges,
    narrations_done,
    round_criteria_met,
    round_scores,
    scores,
    ticked_judges,
)
from tests.engine.test_identik_support import T0, game, holder_of, judge_all, play_round, to_judging

# --- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_can_play(players: int) -> None:
    """Rulebook 002 l.9: for 3 to 6 players."""
    assert new_game(Setup(players=players), seed=1).setup.players == players


@pytest.mark.parametrize("players", [0, 1, 2, 7, 8])
def test_other_player_counts_are_refused(players: int) -> None:
    """Rulebook 002 l.9: for 3 to 6 players."""
    with pytest.raises(ValueError, match="3 to 6 players"):
        Setup(players=players)


def test_first_narrator_is_drawn_at_random_from_the_seed() -> None:
    """Rulebook 002 l.32: randomly choose the narrator for the first round."""
    firsts = {new_game(Setup(players=5), seed=seed).narrator for seed in range(200)}
    assert firsts == {1, 2, 3, 4, 5}
    again = [new_game(Setup(players=5), seed=seed).narrator for seed in range(20)]
    assert again == [new_game(Setup(players=5), seed=seed).narrator for seed in range(20)]


def test_the_table_may_choose_the_first_narrator() -> None:
    """Issue 4 setup (rulebook 002 l.32 draws at random; the table may do that itself)."""
    assert all(new_game(Setup(players=4, first_narrator=3), seed=s).narrator == 3 for s in range(9))
    with pytest.raises(ValueError, match="no seat 5"):
        Setup(players=4, first_narrator=5)


@pytest.mark.parametrize("names", [("Sam", "Amy", "Mika"), ("Zoé", "", "François"),
                                   ("Jean-Luc", "Anne Marie", "Œdipe"), ("", "", "")])
def test_names_are_optional_letters(names: tuple[str, ...]) -> None:
    """Rulebook 002 l.33: write down the name of each player (optional, max 10 letters)."""
    setup = Setup(players=3, names=names)
    assert [setup.name_of(s) for s in (1, 2, 3)] == list(names)


@pytest.mark.parametrize("names", [("Sam", "Amy"), ("Sam", "Amy", "Maximiliano"),
                                   ("Sam", "R2D2", "Amy"), (" Sam", "Amy", "Mika"),
                                   ("Sam", "sam", "Mika"), ("Sam", "Amy", "Μίκα")])
def test_bad_names_are_refused(names: tuple[str, ...]) -> None:
    """Rulebook 002 l.33: one name per player; ours are up to 10 Latin letters, unique."""
    with pytest.raises(ValueError):
        Setup(players=3, names=names)


# --- super criterion --------------------------------------------------------------------------


@pytest.mark.parametrize("criterion", range(1, 11))
def test_narrator_chooses_the_super_criterion(criterion: int) -> None:
    """Rulebook 002 l.41: the narrator chooses a number between 1 and 10: the super criterion."""
    state = apply(game(), ChooseSuper(criterion))
    assert (state.phase, state.super_criterion) == ("describe", criterion)
    assert not state.super_rolled


@pytest.mark.parametrize("criterion", [0, 11, -3])
def test_super_criterion_outside_one_to_ten_is_refused(criterion: int) -> None:
    """Rulebook 002 l.41: a number between 1 and 10."""
    with pytest.raises(IllegalCommand, match="1 to 10"):
        apply(game(), ChooseSuper(criterion))


def test_roll_gives_every_face_of_a_ten_sided_die() -> None:
    """Seeds README (IDENTIK): older editions rolled a ten-sided die for the super criterion."""
    faces = {apply(new_game(Setup(), seed=s), RollSuper()).super_criterion for s in range(300)}
    assert faces == set(range(1, 11))


def test_die_rule_lets_only_the_die_choose() -> None:
    """Seeds README (IDENTIK): the older editions' d10 rule, offered as the "roll" option."""
    state = game(super_rule="roll")
    with pytest.raises(IllegalCommand, match="die"):
        apply(state, ChooseSuper(4))
    rolled = apply(state, RollSuper())
    assert rolled.super_rolled and rolled.phase == "describe"
    with pytest.raises(IllegalCommand, match="roll stands"):
        apply(rolled, Back())


def test_chosen_super_criterion_can_be_changed_before_the_hourglass_turns() -> None:
    """Rulebook 002 l.41-46: the super criterion is set before the hourglass is flipped."""
    state = apply(apply(game(), ChooseSuper(3)), Back())
    assert (state.phase, state.super_criterion) == ("super", None)
    started = apply(apply(state, ChooseSuper(8)), StartTimer(T0))
    with pytest.raises(IllegalCommand, match="turned"):
        apply(started, Back())


# --- the hourglass ----------------------------------------------------------------------------


def test_the_hourglass_runs_ninety_seconds() -> None:
    """Rulebook 002 l.46: flip the hourglass; 90 seconds to describe the artwork."""
    state = apply(apply(game(), ChooseSuper(2)), StartTimer(T0))
    assert Setup().timer_ms == HOURGLASS_MS == 90_000
    assert state.sandglass.deadline_ms() == T0 + 90_000
    with pytest.raises(IllegalCommand, match="1 s of sand"):
        apply(state, TimeUp(T0 + 89_999))


def test_the_hourglass_length_comes_from_the_setup() -> None:
    """Issue 4 step 3: 90 seconds, length from Settings."""
    state = apply(apply(game(timer_ms=60_000), ChooseSuper(2)), StartTimer(T0))
    assert apply(state, TimeUp(T0 + 60_000)).phase == "passing"


def test_pencils_down_when_the_sand_runs_out() -> None:
    """Rulebook 002 l.55: as soon as the hourglass runs out, put down your pencil."""
    state = apply(apply(apply(game(), ChooseSuper(2)), StartTimer(T0)), TimeUp(T0 + 90_000))
    assert state.phase == "passing" and state.sandglass.status == "done"
    for late in (StartTimer(T0 + 91_000), PauseTimer(T0 + 91_000), Back()):
        with pytest.raises(IllegalCommand):
            apply(state, late)


def test_a_pause_stops_the_sand_until_resumed() -> None:
    """Issue 4 step 3: hold timer pauses for a table emergency (rulebook 002 l.46: 90 s)."""
    state = apply(apply(game(), ChooseSuper(2)), StartTimer(T0))
    paused = apply(state, PauseTimer(T0 + 30_000))
    assert paused.sandglass.status == "paused"
    with pytest.raises(IllegalCommand):
        apply(paused, TimeUp(T0 + 200_000))
    resumed = apply(paused, ResumeTimer(T0 + 500_000))
    assert resumed.sandglass.deadline_ms() == T0 + 500_000 + 60_000
    assert apply(resumed, TimeUp(T0 + 560_000)).phase == "passing"


def test_the_hourglass_waits_for_the_super_criterion() -> None:
    """Rulebook 002 l.41-46: the super criterion first, then read the title and flip."""
    with pytest.raises(IllegalCommand, match="super"):
        apply(game(), StartTimer(T0))


# --- passing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("direction", ["left", "right"])
def test_drawings_pass_one_artist_over_skipping_the_narrator(players: int, direction: str) -> None:
    """Rulebook 002 l.57: pass your drawing to the artist on your left or right, as the narrator
    decides; each judge then holds another artist's drawing."""
    for narrator in range(1, players + 1):
        state = to_judging(game(players, first=narrator), direction=direction)  # type: ignore[arg-type]
        held = drawing_held(state)
        artists = [s for s in range(1, players + 1) if s != narrator]
        assert sorted(held) == artists == sorted(held.values()) == list(judges(state))
        assert all(judge != artist for judge, artist in held.items())
        for i, artist in enumerate(artists):
            neighbour = artists[(i + 1) % len(artists)] if direction == "left" else artists[i - 1]
            assert held[neighbour] == artist


def test_passing_left_and_right_in_a_four_player_game() -> None:
    """Rulebook 002 l.57: left is the next seat clockwise; seat 2 narrates and is skipped."""
    assert drawing_held(to_judging(game(4, first=2), direction="left")) == {3: 1, 4: 3, 1: 4}
    assert drawing_held(to_judging(game(4, first=2), direction="right")) == {1: 3, 3: 4, 4: 1}


# --- judging ----------------------------------------------------------------------------------


def test_a_judge_ticks_and_unticks_the_criterion_being_read() -> None:
    """Rulebook 002 l.59-61: criteria one at a time; the judge checks the box if it is met
    (a second press takes the tick back: the judges' decision, l.65, may change)."""
    state = to_judging(game(4, first=1))
    state = apply(apply(state, Tick(3)), Tick(2))
    assert ticked_judges(state) == (2, 3)
    state = apply(state, Tick(3))
    assert ticked_judges(state) == (2,)


def test_the_narrator_does_not_judge() -> None:
    """Rulebook 002 l.65: in a vote the narrator does not take part (l.67: must not intervene)."""
    with pytest.raises(IllegalCommand, match="seat 1 narrates"):
        apply(to_judging(game(4, first=1)), Tick(1))


@pytest.mark.parametrize("seat", [0, 5, 9])
def test_only_seats_at_the_table_judge(seat: int) -> None:
    """Rulebook 002 l.61: each judge checks the drawing in front of them."""
    with pytest.raises(IllegalCommand, match=f"no seat {seat}"):
        apply(to_judging(game(4, first=1)), Tick(seat))


def test_ok_reads_the_next_criterion_and_back_the_previous() -> None:
    """Rulebook 002 l.59: read each of the ten criteria one at a time (back corrects a slip)."""
    state = apply(apply(to_judging(game()), Tick(2)), NextCriterion())
    assert state.criterion == 2
    state = apply(state, Back())
    assert state.criterion == 1 and ticked_judges(state) == (2,)
    for _ in range(10):
        state = apply(state, NextCriterion())
    assert state.phase == "summary"
    back = apply(state, Back())
    assert (back.phase, back.criterion) == ("judging", 10)


def test_back_from_the_first_criterion_reopens_the_passing_direction() -> None:
    """Rulebook 002 l.57: the narrator decides the direction; a wrong entry can be fixed."""
    state = apply(to_judging(game(4, first=1), direction="left"), Tick(2))
    state = apply(state, Back())
    assert state.phase == "passing" and state.direction is None
    state = apply(state, PassDrawings("right"))
    assert ticked_judges(state) == (2,) and drawing_held(state)[2] == 3


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
    from engine.identik_view import in_final_seconds, time_left_ms, timer_deadline_ms

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
