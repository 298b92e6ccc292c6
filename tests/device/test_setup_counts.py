"""Issue 20 item 6: every count in every game's setup steps both ways (up/down) and wraps.

On a setup menu's count row ok opens the count (shown between < >), up adds one and down
takes one, wrapping at both ends, ok keeps it and back puts it back; the Canvas and Toolbox
players screens count with up/down the same way (tests/device/toolbox, tests/device/canvas).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pytest

from device.framework.descriptor import CountRow
from device.framework.loader import descriptor
from device.framework.registry import GAMES, MENU, package
from device.games.artbox.ui import ArtboxUi
from device.render.frame import Frame
from hardware.panels import PANELS
from tests.conftest import Harness
from tests.device.drawn import recorded

MakeHarness = Callable[..., Harness]
# Each count row of every registered game (its game.py names them, from its ui.COUNT_ROWS).
COUNTS: list[tuple[str, CountRow]] = [(key, count) for key in GAMES for count in descriptor(key).counts]
IDS = [f"{game}-{count.row}" for game, count in COUNTS]


def _at_row(harness: MakeHarness, game: str, downs: int) -> Harness:
    """The game opened from the home menu (the registry's order), the cursor `downs` rows down."""
    h = harness()
    h.press(*["down"] * MENU.index(game), "ok", *["down"] * downs)
    return h


def test_every_count_row_is_tested() -> None:
    """Each registered game's game.py names every count row its setup screen has (ui.COUNT_ROWS)."""
    for key in GAMES:
        ui = importlib.import_module(f"{package(key)}.ui")
        assert tuple(c.row for c in descriptor(key).counts) == tuple(getattr(ui, "COUNT_ROWS", ())), key


@pytest.mark.parametrize(("game", "count"), COUNTS, ids=IDS)
def test_a_count_steps_both_ways_and_wraps(harness: MakeHarness, game: str, count: CountRow) -> None:
    value, span = count.value, count.span
    h = _at_row(harness, game, count.downs)
    start = value(h.state())
    h.press("ok")  # open the count
    seen_down = [start]
    for _ in range(20):
        h.press("down")
        seen_down.append(value(h.state()))
    assert (min(seen_down), max(seen_down)) == span
    low, high = span
    turn = seen_down.index(low)
    assert seen_down[turn + 1] == high  # below the fewest comes the most
    h.press("back")  # cancel: the value before opening
    assert value(h.state()) == start
    h.press("ok", "up")
    assert value(h.state()) == (start + count.step if start < high else low)
    h.press("ok")  # keep; the cursor moves between rows again
    kept = value(h.state())
    h.press("down", "up")
    assert value(h.state()) == kept


def test_artbox_reaches_three_players_from_four_in_one_step(harness: MakeHarness) -> None:
    """The issue's case: 3 players is one down away, not five presses."""
    h = _at_row(harness, "artbox", 1)
    h.press("ok", "down", "ok")
    ui = h.state()
    assert isinstance(ui, ArtboxUi) and ui.options.players == 3


def test_the_count_being_changed_is_marked_on_screen(harness: MakeHarness) -> None:
    """While open, the row shows its value between < > and the soft keys say +1 / −1."""
    h = _at_row(harness, "artbox", 1)
    h.press("ok")
    frame = Frame.for_panel(PANELS["epd2in13_V4"])
    with recorded() as recording:
        h.runner.session.app().render(h.state(), h.runner.ctx(0), frame)
    texts = [m.text for m in recording.texts()]
    assert "< 4 >" in texts and "+1" in texts and "−1" in texts
