"""Issue 20, third cold read: the slot legend names `timer`, a hold says the top icon is in, the
review says why a pair did not count."""

from __future__ import annotations

from dataclasses import replace

from device.games.canvas.app import APP
from device.games.canvas.text import review_rows
from device.render.frame import Frame
from tests.device.canvas.conftest import ctx, presser, started


def _shown(ui: object, width: int, height: int) -> str:
    frame = Frame(width, height)
    APP.render(ui, ctx(), frame)  # type: ignore[arg-type]
    return " | ".join(text for _, text, _ in frame.notes)


def test_the_legend_names_timer_where_a_fifth_row_fits() -> None:
    """On the 7.5" `timer` is a legend row like the seat buttons; the 2.13" keeps it in the header,
    named as the legend names it (issue 28: "+2/Shape" alone was cryptic)."""
    slot = presser().press(started("spatial"), "seat1")
    large = _shown(slot, 800, 480)
    assert "timer" in large and "+2 per Shape" in large and "timer: +2/Shape" not in large
    assert "timer: +2 per Shape" in _shown(slot, 250, 122)


def test_after_a_hold_the_top_icon_is_in_and_the_bottom_one_asked() -> None:
    """A held seat button (004 l.62: a slot may hold two icons) puts the top icon in; the slot
    then asks for the bottom icon and ok enters the top one alone."""
    p = presser()
    slot = p.press(started("spatial"), "seat1")
    assert "Top icon?" in _shown(slot, 800, 480)
    held = p.press(slot, "seat4!")
    assert held.row == 1 and held.top == "tone"
    shown = _shown(held, 800, 480)
    assert "Tone" in shown and "Bottom icon?" in shown
    assert APP.bindings(held, ctx()).labels()["ok"] == "Top only"
    assert p.press(held, "ok").game.draft.slots[0].icons == ("tone",)  # type: ignore[union-attr]


def test_the_review_says_why_a_second_space_pair_earns_nothing() -> None:
    """004 l.148: Hue and Shape side by side do not score Space; the review names the pair that
    counted and the one left side by side."""
    p = presser()
    ui = p.paint(p.press(started("spatial"), "seat1"), ("hue", "", "", "hue/shape", "shape"), confirm=False)
    assert ui.game is not None and ui.screen == "review"
    space = next(whys for (name, _, _), whys in review_rows("en", ui.game) if name == "Space")
    assert space == ["Hue 1 + Shape 4", "Hue 4 + Shape 5: side by side, no"]
    fr = next(whys for (name, _, _), whys in review_rows("fr", ui.game) if name == "Espace")
    assert fr[1] == "Teinte 4 + Forme 5 : côte à côte, non"


def test_the_table_build_scoreboard_shows_no_cursor_until_asked() -> None:
    """Each painter presses their own seat button (004 l.36): no seat is singled out; ok shows
    the cursor for a failing button, back puts it away."""
    board = started("spatial")
    keys = APP.bindings(board, ctx()).labels()
    assert keys["ok"] == "No button?" and not keys.get("up") and not keys.get("down")
    by_hand = presser().press(board, "ok")
    assert by_hand.by_hand and APP.bindings(by_hand, ctx()).labels()["ok"] == "Paint S1"
    assert not presser().press(by_hand, "back").by_hand
    four_keys = APP.bindings(board, replace(ctx(), seat_buttons=False)).labels()
    assert four_keys["ok"] == "Paint S1"
