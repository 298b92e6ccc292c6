"""IDENTIK rules, one test per rule, citing the IDENTIK rulebook, 2024 edition (002)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalCommand
from engine.identik.commands import (
    Back,
    ChooseSuper,
    NextCriterion,
    PassDrawings,
    PauseTimer,
    ResumeTimer,
    RollSuper,
    StartTimer,
    Tick,
    TimeUp,
)
from engine.identik.rules import apply, new_game
from engine.identik.setup import HOURGLASS_MS, Setup
from engine.identik.view import (
    drawing_held,
    judges,
    ticked_judges,
)
from tests.engine.identik.conftest import T0, game, to_judging

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
