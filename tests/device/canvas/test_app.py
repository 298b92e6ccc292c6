"""Canvas on the device: key maps with four keys, setup choices, corrections, undo, French."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.games.canvas.app import APP
from device.games.canvas.samples import CHARLOTTE, samples
from device.games.canvas.ui import DEFAULT_SETUP, CanvasUi, Screen, chosen_cards, data, mode_items
from device.render.frame import Frame
from engine.canvas import CANVAS
from engine.canvas.cards import Slot
from engine.canvas.rules import solo_award
from engine.canvas.scores import bonus_total, card_points, ribbons, total
from engine.outcome import Termination
from hardware.events import ButtonEvent
from tests.conftest import ROOT as REPO
from tests.conftest import Harness, said_text
from tests.device.canvas.conftest import ctx, mode, presser, started
from tests.device.test_scripts import run_script_file

SCRIPTS = REPO / "tests" / "scripts"










def test_every_sample_round_trips_and_renders_with_four_keys() -> None:
    """Every screen is reached with up/down/ok/back only and survives dump/load (persistence)."""
    made = samples(ctx())
    # "toss" is the toss result screen of earlier versions: only a saved game wakes on it now.
    assert {s.name.split("-")[0] for s in made} >= set(get_args(Screen)) - {"toss"}
    for sample in made:
        assert APP.load(json.loads(json.dumps(APP.dump(sample.state)))) == sample.state, sample.name


def test_suggested_setups_put_their_cards_in_play() -> None:
    """Seeds README: First game, Family, Balanced, Spatial as suggested setups."""
    ui = started("balanced")
    assert ui.game is not None
    assert [c.name for c in ui.game.setup.cards] == ["Consistency", "Emphasis", "Hierarchy", "Proportion"]
    assert ui.screen == "board"


def test_random_cards_are_seeded_and_redrawn() -> None:
    """Issue 6: the cards may be drawn at random (seeded); down draws again."""
    p = presser()
    first = p.choose(mode(seed=5), "random")
    again = p.choose(mode(seed=5), "random")
    assert first.chosen == again.chosen and len(first.chosen) == 4 and "Unity" not in first.chosen
    redrawn = p.press(first, "down")
    assert redrawn.chosen != first.chosen and redrawn.draws == 1


def test_cards_chosen_one_by_one() -> None:
    """Issue 6: the cards in play can be chosen one by one (at most 4, at least 1)."""
    p = presser()
    pick = p.choose(mode(), "pick")
    done = ["up"]  # the last entry, "Done", is one step up from the first card
    refused = APP.handle(p.press(pick, *done), ButtonEvent("ok"), ctx())
    assert refused.error == "Choose at least one card"
    ui = p.press(pick, "ok", "down", "ok", "down", "ok", "down", "ok", *["up"] * 9)
    assert ui.cursor == 4  # Movement: the 4th pick took the cursor to Done, nine rows below
    full = APP.handle(ui, ButtonEvent("ok"), ctx("fr"))
    assert full.error == "Déjà 4 cartes : retirez-en une"
    ui = p.press(ui, "up", "ok", "down", "ok")  # drop Hierarchy, take Movement
    assert ui.chosen == ("Composition", "Consistency", "Emphasis", "Movement")
    assert ui.cursor == len(data().cards)  # on Done again
    cards = p.press(ui, "ok")
    assert cards.screen == "cards" and [c.name for c in chosen_cards(cards)] == list(ui.chosen)


def test_the_fourth_pick_takes_the_cursor_to_done() -> None:
    """Rulebook 004 l.8: a game is played with 4 scoring cards; once the 4th is picked the
    cursor moves to Done (at the bottom of the list, out of sight), not before."""
    p = presser()
    pick = p.choose(mode(), "pick")
    three = p.press(pick, "ok", "down", "ok", "down", "ok")
    assert len(three.chosen) == 3 and three.cursor == 2
    four = p.press(three, "down", "ok")
    assert len(four.chosen) == 4 and four.cursor == len(data().cards)
    assert APP.bindings(four, ctx()).labels()["ok"] == "Done"


def test_the_card_list_is_in_alphabetical_order() -> None:
    """The one-by-one list is alphabetical (issue 20, second read: Unity came after Variety)."""
    names = [e.name for e in data().cards]
    assert names == sorted(names)


def test_unknown_points_are_read_off_the_card() -> None:
    """Rulebook 004 l.8: Unity is nowhere defined; the table enters its points from the card."""
    p = presser()
    ui = p.choose(mode(), "first_game_rulebook")
    assert ui.screen == "points" and ui.value == 1
    ui = p.press(ui, "up", "ok", "up", "up", "up", "ok", "back")  # back takes the 5 off again
    assert ui.table == (2,) and ui.value == 5
    ui = p.press(ui, "ok", *["down"] * 5, "ok")  # 0 after the first entry means "no more"
    assert ui.screen == "cards"
    unity = next(c for c in chosen_cards(ui) if c.name == "Unity")
    assert unity.points == (2, 5) and unity.counted


def test_slot_entry_back_and_cancel() -> None:
    """Issue 6: one slot per screen with up/down/ok; back corrects before confirming."""
    p = presser()
    ui = p.press(started("spatial"), "seat1")
    assert ui.screen == "slot" and ui.row == 0
    ui = p.press(ui, "down", "ok", "down", "down")  # top Hue, bottom Shape
    assert (ui.top, ui.bottom, ui.row) == ("hue", "shape", 1)
    ui = p.press(ui, "ok")
    assert ui.game is not None and ui.game.draft is not None and ui.game.draft.at == 1
    back = p.press(ui, "back")
    assert back.game is not None and back.game.draft is not None and back.game.draft.at == 0
    assert (back.top, back.bottom) == ("hue", "shape"), "the corrected slot keeps its icons"
    cancelled = p.press(back, "back")
    assert cancelled.screen == "board" and cancelled.game is not None and cancelled.game.draft is None


def test_review_explains_the_ribbons() -> None:
    """Issue 6: the device shows the ribbons earned and why ("Movement: Tone in slots 2-4")."""
    from device.games.canvas.text import review_lines

    p = presser()
    ui = p.paint(p.press(started("spatial"), "seat1"), ("", "tone", "tone", "tone/texture", ""), confirm=False)
    assert ui.screen == "review" and ui.game is not None
    lines = review_lines("en", ui.game)
    assert ("Movement", "+1", True) in lines
    assert ("  Tone in slots 2-4", "", False) in lines
    assert ("  Texture 4 + Tone 3", "", False) in lines
    assert review_lines("fr", ui.game)[1] == ("  Ton en 2-4", "", False)


def test_counted_card_is_asked_then_reviewed() -> None:
    """Rulebook 004 l.66 (Charlotte) in the rulebook's first game: Unity is counted by hand."""
    p = presser()
    ui = p.choose(mode(), "first_game_rulebook")
    ui = p.press(ui, "up", "ok", "up", "up", "up", "ok", "up", "ok", *["down"] * 6, "ok", "ok", "seat1")
    ui = p.paint(ui, CHARLOTTE, confirm=False)
    assert ui.screen == "count" and ui.game is not None and ui.game.setup.cards[ui.cursor].name == "Unity"
    ui = p.press(ui, "ok", "ok")
    assert ui.screen == "board" and ui.game is not None
    assert ribbons(ui.game, 1) == (0, 2, 0, 1)


def test_refusals_are_translated() -> None:
    """A refused command is explained in the interface language."""
    ui = started("spatial", players=1)
    assert ui.game is not None and ui.game.solo is not None
    reply = APP.handle(replace(ui, cursor=5), ButtonEvent("ok"), ctx("fr"))
    assert reply.error == "Un tableau demande 3 cartes ; vous en avez 0"
    assert reply.state == replace(ui, cursor=5)


def test_seat_buttons_and_roll_shortcuts() -> None:
    """Table build: a seat button starts that seat's painting; roll tosses in the solo game."""
    ui = APP.handle(started("spatial", players=3), ButtonEvent("seat3"), ctx()).state
    assert ui.game is not None and ui.game.draft is not None and ui.game.draft.seat == 3
    solo = presser().press(started("spatial", players=1), "seat1")
    assert solo.screen == "auto"
    tossed = APP.handle(solo, ButtonEvent("roll"), ctx())
    assert tossed.state.screen == "turn" and (said_text(tossed.label) or "").startswith("auto:")


def test_undo_after_confirming_returns_to_the_review(harness: Callable[..., Harness]) -> None:
    """Issue 6: a confirmed painting is taken back with undo (hold back)."""
    h = harness()
    h.press("down", "down", "down", "down", "ok", "down", "down", "ok")  # home -> Canvas -> cards
    h.press(*["down"] * (mode_items().index("spatial") - mode_items().index(DEFAULT_SETUP)), "ok", "ok", "seat1")
    for _ in range(5):
        h.press("down", "ok", "ok")  # Hue on top of every slot
    h.press("ok")
    ui = h.state("canvas")
    assert isinstance(ui, CanvasUi) and ui.game is not None and len(ui.game.paintings) == 1
    h.press("back!")
    ui = h.state("canvas")
    assert isinstance(ui, CanvasUi) and ui.screen == "review" and ui.game is not None
    assert ui.game.paintings == () and ui.game.draft is not None
    assert ui.game.draft.slots == (Slot("hue"),) * 5


def test_two_player_script_ends_with_seat_2_ahead() -> None:
    """tests/scripts/canvas_two_players: Abby's 25 for seat 1 (rulebook 004 l.108), 27 for seat 2."""
    expected = json.loads((SCRIPTS / "canvas_two_players.expected.json").read_text(encoding="utf-8"))
    ui = APP.load(expected["states"]["canvas"])
    assert ui.game is not None and ui.screen == "final"
    assert [total(ui.game, s) for s in (1, 2)] == [25, 27]
    assert card_points(ui.game, 1) == (2, 7, 3, 7) and bonus_total(ui.game, 1) == 6
    result = CANVAS.outcome(ui.game)
    assert result is not None and (result.winners, result.reason) == ((2,), "points")


def test_solo_script_reaches_the_award() -> None:
    """tests/scripts/canvas_solo: 37 points is Runner-Up (rulebook 004 l.128)."""
    expected = json.loads((SCRIPTS / "canvas_solo.expected.json").read_text(encoding="utf-8"))
    ui = APP.load(expected["states"]["canvas"])
    assert ui.game is not None and ui.screen == "final" and ui.game.solo is not None
    assert total(ui.game, 1) == 37
    result = CANVAS.outcome(ui.game)
    assert result is not None and result.reason is Termination.SOLO and solo_award(ui.game) == "runner_up"
    solo = ui.game.solo
    assert sum(solo.market) + solo.tokens + solo.automaton_tokens == 8


@pytest.mark.parametrize("name", ["canvas_two_players", "canvas_solo", "canvas_solo_table_toss"])
def test_scripts_replay_identically(name: str, tmp_path: Path) -> None:
    """Same seed, same presses: the same final state twice over."""
    first = run_script_file(SCRIPTS / f"{name}.txt", tmp_path / "a")
    assert run_script_file(SCRIPTS / f"{name}.txt", tmp_path / "b") == first


def test_data_names_every_card_and_setup_in_french() -> None:
    """Text a user sees exists in English and French."""
    assert all(e.name_fr for e in data().cards) and all(s.label_fr for s in data().setups)


SAMPLES = {s.name: s.state for s in samples(ctx())}
BUTTONS = ("up", "down", "ok", "back", "roll", "seat1", "seat2", "seat3", "seat6")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SAMPLES)), st.lists(st.sampled_from(BUTTONS), max_size=40))
def test_random_presses_keep_every_rule(start: str, buttons: list[str]) -> None:
    """From any screen, any presses: the app's invariants hold, states round-trip and render."""
    ui = SAMPLES[start]
    for button in buttons:
        reply = APP.handle(ui, ButtonEvent(button), ctx())
        if reply.switch == "home":
            continue
        ui = reply.state
        assert APP.invariants(ui) == [], (button, APP.invariants(ui))
    assert APP.load(json.loads(json.dumps(APP.dump(ui)))) == ui
    APP.render(ui, ctx(), Frame(250, 122))


def test_finished_games_go_to_the_history() -> None:
    """The history keeps each seat's score and the winner once the game is over."""
    final = SAMPLES["final"]
    result = APP.result(final)
    assert result is not None and result.scores == (13, 13, 12) and result.winners == (2,)
    assert APP.result(SAMPLES["board"]) is None
    solo = APP.result(SAMPLES["final-solo"])
    assert solo is not None and solo.winners == (1,) and len(solo.scores) == 1


def test_after_a_painting_is_scored_the_cursor_moves_to_the_next_painter() -> None:
    """Issue 20: once S1's painting is confirmed the scoreboard's highlight and its "Paint" ok
    move to S2 (the next seat with a painting left), never stay on the seat that just painted;
    the review header says the gains in words (ribbons, and the bonus icons' points)."""
    from device.games.canvas.text import gains

    p = presser()
    ui = p.paint(p.press(started("spatial"), "seat1"), ("", "tone", "tone", "tone/texture", ""), confirm=False)
    assert ui.game is not None
    assert gains("en", ui.game) == "+3 ribbons, +0 bonus points"  # Movement, Proximity, Space
    ui = p.press(ui, "ok")
    assert ui.screen == "board" and ui.cursor == 2
    four_keys = replace(ctx(), seat_buttons=False)
    assert APP.bindings(ui, four_keys).labels()["ok"] == "Paint S2"
    # The table build singles out no seat until ok asks for the cursor (issue 20, third read).
    assert APP.bindings(ui, ctx()).labels()["ok"] == "No button?"
    assert APP.bindings(p.press(ui, "ok"), ctx()).labels()["ok"] == "Paint S2"


def test_a_short_panel_shows_every_card_of_the_review() -> None:
    """Issue 20: on the 2.13" every card's row of the review is in sight at once (their whys
    follow the card's name) rather than a tiny arrow hiding the last rows."""
    from device.games.canvas.text import packed_review

    p = presser()
    ui = p.paint(p.press(started("spatial"), "seat1"), ("", "tone", "tone", "tone/texture", ""), confirm=False)
    assert ui.game is not None
    rows = packed_review("en", ui.game, lambda text, bold: 5 * len(text), 230)
    assert len(rows) == len(ui.game.setup.cards) + 1
    assert ("Movement: Tone in slots 2-4", "+1", True) in rows
    frame = Frame(250, 122)  # the 2.13" panel
    APP.render(ui, ctx(), frame)
    shown = " ".join(text for _, text, _ in frame.notes)
    assert all(card.name in shown for card in ui.game.setup.cards) and "Bonus" in shown


def test_the_slot_screen_names_the_timer_and_the_hold() -> None:
    """Issue 20, second read: `timer` enters the ninth icon (+2 per Shape) and a held seat
    button keeps the slot open for a bottom icon; the table build's slot screen says both."""
    p = presser()
    ui = p.press(started("spatial"), "seat1")
    assert ui.screen == "slot"
    frame = Frame(250, 122)  # the 2.13" panel
    APP.render(ui, ctx(), frame)
    shown = " ".join(text for _, text, _ in frame.notes)
    assert "timer: +2 per Shape" in shown and "2 icons? Hold the top one's button" in shown
    assert p.press(ui, "timer").game.draft.slots[0].top == ui.game.setup.icons[9]  # type: ignore[union-attr]
