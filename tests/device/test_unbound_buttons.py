"""Issue 28: a seat, roll or timer button that does nothing on the screen shown says so briefly
(the message band, one small partial refresh on the panel), never silence."""

from __future__ import annotations

from PIL import ImageChops

from device.display.refresh import PanelState, RefreshPlanner
from device.settings import Settings
from hardware.panels import PANELS
from tests.conftest import Harness


def test_a_seat_button_with_nothing_to_do_names_itself() -> None:
    h = Harness(settings=Settings(panel="epd2in13_V4"))
    assert h.runner.session.mode == "home"
    before, _ = h.runner._render(h.runner.ctx())
    h.press("seat3")
    assert h.runner.session.message == "Seat button 3: nothing to do here"
    after, _ = h.runner._render(h.runner.ctx())
    changed = ImageChops.difference(before.convert("L"), after.convert("L")).getbbox()
    assert changed is not None and changed[1] >= 122 // 2, "only the message band changes"
    h.press("down")
    assert h.runner.session.message == ""


def test_the_sign_is_a_small_partial_refresh_on_the_panel() -> None:
    """The planner shows the sign as a partial refresh of a small box, not a new screen."""
    h = Harness(settings=Settings(panel="epd2in13_V4"))
    before, _ = h.runner._render(h.runner.ctx())
    h.press("seat5")
    after, _ = h.runner._render(h.runner.ctx())
    plan = RefreshPlanner(PANELS["epd2in13_V4"]).plan(PanelState("home", base_valid=True), before, after, "home")
    assert plan.kind == "partial" and plan.reason == "small-change"
    assert plan.box is not None and plan.box[1] >= 122 // 2


def test_a_seat_button_that_acts_says_nothing_of_the_kind() -> None:
    h = Harness()
    h.runner.open("toolbox")
    h.press("roll", "seat2")
    assert "nothing to do" not in h.runner.session.message


def test_roll_and_timer_where_they_do_nothing_say_so_too_in_french() -> None:
    h = Harness(settings=Settings(language="fr"))
    h.press("seat8")
    assert h.runner.session.message == "Bouton de place 8 : rien à faire ici"
    h.runner.open("settings")
    h.press("roll")
    assert h.runner.session.message == "lancer : rien à faire ici"
