"""Issue 20: the Canvas screens say who acts and which button; the setups follow the rulebook."""

from __future__ import annotations

from dataclasses import replace

from device.games.canvas.app import APP
from device.games.canvas.ui import DEFAULT_SETUP, CanvasUi, data, mode_items
from tests.device.canvas.conftest import ctx, fresh, mode, presser, started


def labels(ui: CanvasUi, lang: str = "en", seat_buttons: bool = True) -> dict[str, str]:
    return APP.bindings(ui, replace(ctx(lang), seat_buttons=seat_buttons)).labels()


def test_every_suggested_setup_lays_out_four_scoring_cards() -> None:
    """Rulebook 004 l.8: "Place 4 Scoring Cards" (the public list's two-card Family is left out)."""
    assert data().setups and all(len(s.cards) == 4 for s in data().setups)


def test_the_card_menu_opens_on_the_set_in_use_and_marks_it() -> None:
    """The setup menu shows a set; its card menu opens on that set, not on the first one."""
    ui = mode()
    assert mode_items()[ui.cursor] == DEFAULT_SETUP == "first_game" and fresh().chosen == ui.chosen
    spatial = presser().press(presser().choose(ui, "spatial"), "back")  # the cards in play, then back
    again = presser().press(spatial, "down", "down", "ok")  # Start -> Cards
    assert mode_items()[again.cursor] == "spatial"


def test_ok_on_a_picked_card_says_it_removes_it() -> None:
    """Picking one by one: ● on a card already picked takes it out, and its label says so."""
    p = presser()
    pick = p.choose(mode(), "pick")
    assert labels(pick)["ok"] == "Pick"
    picked = p.press(pick, "ok")
    assert picked.chosen == (data().cards[0].name,)
    assert labels(picked)["ok"] == "Remove" and labels(picked, "fr")["ok"] == "Retirer"
    assert p.press(picked, "ok").chosen == ()


def test_up_and_down_on_a_slot_name_the_icon_they_put_there() -> None:
    """On a slot, ▲/▼ step through the icons; each key's label is the icon it would show (four
    keys). On the table build the seat buttons and `timer` enter every icon: ▲/▼ go unlabelled
    (issue 20, third read: ▼ "Hue" beside seat button 1 "Hue")."""
    slot = presser().press(started("spatial"), "seat1")
    assert (slot.top, labels(slot, seat_buttons=False)["down"], labels(slot, seat_buttons=False)["up"]) == (
        "", "Hue", "+2/Shape")
    assert "down" not in labels(slot) and "up" not in labels(slot)
    hue = presser().press(slot, "down")
    assert (hue.top, labels(hue, seat_buttons=False)["down"], labels(hue, seat_buttons=False)["up"]) == (
        "hue", "Shape", "nothing")
    assert labels(hue, "fr", seat_buttons=False)["down"] == "Forme"
