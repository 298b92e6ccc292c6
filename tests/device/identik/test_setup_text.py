"""Issue 20: the IDENTIK setup and hourglass screens say how to start, what a value means and
what each key does (the first cold read's misreadings)."""

from __future__ import annotations

from dataclasses import replace

from device.games.identik.app import APP
from device.games.identik.ui import SETUP_ROWS, IdentikUi
from device.render.frame import Frame
from tests.device.identik.conftest import ctx, press, started


def _texts(ui: IdentikUi, seat_buttons: bool = True, lang: str = "en") -> list[str]:
    """The texts drawn on the 2.13" panel."""
    context = replace(ctx(lang=lang), seat_buttons=seat_buttons)
    frame = Frame(250, 122)
    APP.draw(ui, context, APP.bindings(ui, context).labels(), frame)
    return [text for _, text, _ in frame.notes]


def test_start_stays_in_sight_and_says_roll_starts_on_the_table_build() -> None:
    """Start never scrolls off the small panel; the table build names roll (it starts from any
    row), the four-key build does not (it has no roll button)."""
    far = IdentikUi(seed=1, cursor=SETUP_ROWS.index("super_rule"))
    assert "Start (or roll)" in _texts(far)
    assert "Start" in _texts(far, seat_buttons=False) and "Start (or roll)" not in _texts(far, seat_buttons=False)
    assert "Commencer (ou lancer)" in _texts(far, lang="fr")
    assert press(far, "roll").screen == "play"


def test_super_rule_says_who_sets_it() -> None:
    """002 l.41: the narrator chooses 1-10 (2024); older editions rolled a d10 (component facts)."""
    ui = IdentikUi(seed=1, cursor=SETUP_ROWS.index("super_rule"))
    assert "narrator (2024)" in _texts(ui)
    assert "d10 (older)" in _texts(press(ui, "ok"))


def test_setup_keys_say_change_keep_and_cancel() -> None:
    """Names opens with Change like the other rows; a count being edited keeps with OK and
    cancels with back (the value comes back); the first narrator's up/down name the choice they
    step to (not +1), and a seat button picks that seat at once (said in the header)."""
    names = IdentikUi(seed=1, cursor=SETUP_ROWS.index("names"))
    assert APP.bindings(names, ctx()).labels()["ok"] == "Change"
    first = press(IdentikUi(seed=1, cursor=SETUP_ROWS.index("first")), "ok")
    labels = APP.bindings(first, ctx()).labels()
    assert (labels["up"], labels["down"], labels["ok"], labels["back"]) == ("Seat 1", "Seat 4", "Keep", "Cancel")
    assert APP.bindings(press(first, "up"), ctx()).labels()["down"] == "random"
    # Whose seat button, and that it keeps the choice (issue 20, third read: "or their seat
    # button" left both open).
    assert "▲ random ▼" in _texts(first) and "or the narrator's seat button: kept" in _texts(first)
    assert "ou le bouton du narrateur : gardé" in _texts(first, lang="fr")
    assert not any("seat button" in t for t in _texts(first, seat_buttons=False))
    picked = press(first, "seat3")
    assert (picked.draft.first, picked.editing) == (3, None)
    assert press(first, "up", "back").draft.first == 0
    assert press(first, "up", "ok").draft.first == 1
    players = press(IdentikUi(seed=1, cursor=SETUP_ROWS.index("players")), "ok")
    assert APP.bindings(players, ctx()).labels()["up"] == "+1"


def test_the_device_is_the_hourglass() -> None:
    """002 l.46: the narrator reads the title and the 90 s start; the device times them (the
    table's hourglass is not needed), started with timer, or OK on four keys."""
    ready = press(started(), "ok")
    text = " ".join(_texts(ready))
    assert "Read the title, then timer or Start" in text  # timer and OK (bar: Start) both start it
    assert "The device times the 90 s: no hourglass needed" in text
    assert "press OK" in " ".join(_texts(ready, seat_buttons=False))


def test_four_keys_do_not_offer_a_roll_button() -> None:
    """The super criterion picker names roll only where the build has it."""
    picking = started()
    assert "Narrator: choose it, then Set" in " ".join(_texts(picking))
    four = " ".join(_texts(picking, seat_buttons=False))
    assert "Narrator: choose 1 to 10" in four and "roll" not in four
    rolling = " ".join(_texts(started(rule="roll"), seat_buttons=False))
    assert "Press OK: the d10 decides" in rolling and "roll" not in rolling


def test_roll_sets_the_super_criterion_without_set() -> None:
    """002 l.41: the narrator chooses the super criterion; on the table build roll lets the d10
    choose it, and that sets it and moves on to the title: the screen says no Set is needed
    (issue 20, third read: "does roll also set it?")."""
    picking = started()
    assert "Or roll: the d10 sets it (no\u00a0Set)" in _texts(picking)
    assert "Ou lancez : fixé, sans Valider" in _texts(picking, lang="fr")
    rolled = press(picking, "roll")
    assert rolled.game is not None and rolled.game.phase == "describe" and rolled.game.super_criterion
