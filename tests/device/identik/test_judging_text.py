"""Issue 20: the IDENTIK judging screen says who judges whose drawing and who presses what."""

from __future__ import annotations

from dataclasses import replace

from device.games.identik.app import APP
from device.games.identik.samples import samples
from device.games.identik.ui import IdentikUi
from device.render.frame import Frame
from engine.identik.view import drawing_held, judges
from tests.device.identik.conftest import ctx, game_of, press, started, to_judging


def _judging_texts(seat_buttons: bool) -> tuple[list[str], dict[str, str]]:
    sample = next(s for s in samples(ctx()) if s.name == "judging")
    frame = Frame(250, 122)  # the 2.13" panel
    context = replace(ctx(), seat_buttons=seat_buttons)
    APP.draw(sample.state, context, APP.bindings(sample.state, context).labels(), frame)
    return [text for _, text, _ in frame.notes], APP.bindings(sample.state, context).labels()


def test_each_judge_is_named_with_the_artist_whose_drawing_they_judge() -> None:
    """002 l.57-61: after passing, each artist judges the drawing in front of them and checks
    a criterion's box; the screen reads "Sam judges Mika" and says the judge presses their seat."""
    sample = next(s for s in samples(ctx()) if s.name == "judging")
    game = sample.state.game
    assert game is not None
    held = drawing_held(game)
    shown, labels = _judging_texts(seat_buttons=True)
    text = " ".join(shown)
    for judge in judges(game):
        assert f"{game.setup.names[judge - 1]} judges {game.setup.names[held[judge] - 1]}" in text
    assert "Met? The judge presses their seat button (again:\u00a0clear)" in text  # 002 l.61, a press undone
    # The table build ticks with the seat buttons: its bar names no judge cursor (issue 20,
    # second read: "Prev judge" moved a cursor the screen never showed); four keys need it.
    assert not labels.get("up") and not labels.get("down")
    four_keys, four_labels = _judging_texts(seat_buttons=False)
    assert any("Each judge in turn: OK met, ▼ not met" in t for t in four_keys)  # issue 28: the walk
    assert four_labels["up"] == "Prev judge" and four_labels["down"] == "Next judge"


def test_a_judge_tile_names_the_drawing_they_hold() -> None:
    """002 l.57-61: the judge (on top, their seat button) holds another artist's drawing; the
    large panel's tile says whose, in the 2.13"'s words ("judges S4": issue 20, third read), and
    that artist's points so far; the OK key is the narrator's (002 l.59: they read the next)."""
    ui = to_judging(started())  # seat 1 narrates, drawings passed left
    game = game_of(ui)
    frame = Frame(800, 480)  # the 7.5" panel
    APP.draw(ui, ctx(), APP.bindings(ui, ctx()).labels(), frame)
    shown = [text for _, text, _ in frame.notes]
    for judge in judges(game):
        artist = f"S{drawing_held(game)[judge]}"
        assert f"judges {artist}" in shown and f"{artist}: 0 pts" in shown
    assert "Then the narrator presses Next" in shown
    assert "Tick: +1 artist · else not met · Narrator: Next" in _texts_of(press(ui, "ok"))  # the 2.13"


def test_a_tick_scores_for_the_artist_and_the_super_criterion_adds_two() -> None:
    """002 l.61: the judge ticks the box of the drawing they hold, which scores for its artist;
    on the super criterion the two boxes by the star also count (3 in all, component facts).
    No press leaves the criterion not met (002 l.61: "Otherwise, don't check the box")."""
    ui = to_judging(started())  # seat 1 narrates, super criterion 1, drawings passed left
    game = game_of(ui)
    judge = judges(game)[0]
    artist = f"S{drawing_held(game)[judge]}"
    assert f"S{judge}" != artist
    first = _texts_of(ui)
    assert "Super tick: artist 3 (1 + 2) · Narrator: Next" in first and f"{artist}: 0 pts" in first
    ui = press(ui, f"seat{judge}")
    assert f"{artist}: 3 pts" in _texts_of(ui)  # the artist's, not the judge's
    ui = press(ui, "ok")
    assert "Tick: +1 artist · else not met · Narrator: Next" in _texts_of(ui)
    assert f"{artist}: 4 pts" in _texts_of(press(ui, f"seat{judge}"))


def _texts_of(state: IdentikUi) -> list[str]:
    frame = Frame(250, 122)
    APP.draw(state, ctx(), APP.bindings(state, ctx()).labels(), frame)
    return [text for _, text, _ in frame.notes]


def test_round_points_say_who_narrates_next_and_what_ok_does() -> None:
    """002 l.80: then the next round, another player narrating; the points screen names them
    next to the bar's "Next" (after the last round: the final scorecard)."""
    ui = press(to_judging(started(first=2)), *(["ok"] * 10))  # round 1 judged, seat 2 narrated
    assert game_of(ui).phase == "summary"
    assert "Next: round 2, S3 narrates" in _texts_of(ui)
    assert APP.bindings(ui, ctx()).labels()["ok"] == "Next"
    frame = Frame(250, 122)
    APP.draw(ui, ctx(lang="fr"), APP.bindings(ui, ctx(lang="fr")).labels(), frame)
    assert "Suivante : manche 2, P3 narre" in [text for _, text, _ in frame.notes]


def test_the_last_round_points_tell_the_winner_key_from_a_look_at_the_scores() -> None:
    """002 l.84: after every narration the game ends on the final scores; on the last round's
    points OK ("Winner") ends it there, down ("Scores") only looks at the scorecard and comes back
    (issue 20, third read: "Scores" and "Final" both sounded like the totals)."""
    ui = started(first=2)
    for round_no in range(4):
        ui = press(to_judging(ui), *(["ok"] * 10))
        if round_no < 3:
            ui = press(ui, "ok")
    labels = APP.bindings(ui, ctx()).labels()
    assert (labels["ok"], labels["down"]) == ("Winner", "Scores")
    assert "Winner: game over, final scores · Scores: a peek" in _texts_of(ui)
    assert press(ui, "down", "back") == ui  # a look, back on the points
    assert game_of(press(ui, "ok")).phase == "over"


def test_six_players_judges_read_one_line_each_on_the_smallest_and_largest_panels() -> None:
    """002 l.9: up to 6 players, so 5 judges (002 l.61); their tiles were too low for three
    lines and drew them on top of each other (issue 20, fourth read): each judge is one line,
    "S2 judges S1 · 0 pts", on the 2.13" and on the 7.5"."""
    ui = to_judging(started(players=6))  # seat 1 narrates, drawings passed left
    game = game_of(ui)
    for size in ((250, 122), (800, 480)):
        frame = Frame(*size)
        APP.draw(ui, ctx(), APP.bindings(ui, ctx()).labels(), frame)
        shown = [text for _, text, _ in frame.notes]
        for judge in judges(game):
            assert f"S{judge} judges S{drawing_held(game)[judge]} · 0 pts" in shown, size


def test_the_four_key_ok_names_the_judge_only_where_the_name_fits_the_key() -> None:
    """Four keys: up/down walk the judges, OK ticks the one under the cursor (002 l.61).
    "Tick S3" names them; a long name would be cut on the 2.13" key, so it reads "Tick" and the
    cursor on the screen shows whose."""
    four_keys = replace(ctx(), seat_buttons=False)
    short = press(to_judging(started(players=6)), "down", "down")
    assert APP.bindings(short, four_keys).labels()["ok"] == "Tick S3"  # seat 1 narrates
    long = next(s for s in samples(ctx()) if s.name == "long-names-judging-four-keys").state
    assert APP.bindings(long, four_keys).labels()["ok"] == "Tick"
    ticked = press(long, "ok")  # the cursor walks on to the next judge: up once to the same judge
    labels = APP.bindings(press(ticked, "up"), four_keys).labels()
    assert labels["ok"] == "Clear"


def test_pencils_down_says_the_narrator_picks_the_way() -> None:
    """002 l.57: the drawings pass left or right "depending on what the narrator decides"; the
    screen says who picks (issue 28: a reader could not tell)."""
    from device.render.frame import Frame

    passing = next(s for s in samples(ctx()) if s.name == "passing").state
    for lang, words in (("en", "The narrator picks: pass to the"), ("fr", "Le narrateur choisit : passez à")):
        frame = Frame(250, 122)
        APP.render(passing, ctx(lang=lang), frame)
        assert words in [text for _, text, _ in frame.notes]
