"""Issue 20 item 6: every count in every game's setup steps both ways (up/down) and wraps.

On a setup menu's count row ok opens the count (shown between < >), up adds one and down
takes one, wrapping at both ends, ok keeps it and back puts it back; the Canvas and Toolbox
players screens count with up/down the same way (tests/device/toolbox, tests/device/canvas).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from device.games.artbox.ui import COUNT_ROWS as ARTBOX_COUNTS
from device.games.artbox.ui import ArtboxUi, Options, setup_rows
from device.games.artem.ui import COUNT_ROWS as ARTEM_COUNTS
from device.games.artem.ui import SETUP_ITEMS
from device.games.identik.ui import COUNT_ROWS as IDENTIK_COUNTS
from device.games.identik.ui import SETUP_ROWS
from device.render.frame import Frame
from hardware.panels import PANELS
from tests.conftest import Harness
from tests.device.drawn import recorded

ARTBOX_ROWS = setup_rows(Options())
MakeHarness = Callable[..., Harness]
OPEN = {"artbox": ("down", "ok"), "identik": ("down", "down", "ok"), "artem": ("down", "down", "down", "ok")}
# Each count row: the game, the presses from the game's setup (cursor on Start) to the row,
# the value read from the app state, and the range it wraps over (an engine/rulebook limit).
COUNTS: list[tuple[str, str, int, Callable[[Any], int], tuple[int, int]]] = [
    ("artbox", "players", ARTBOX_ROWS.index("players"), lambda s: s.options.players, (3, 8)),
    ("artbox", "maestro", ARTBOX_ROWS.index("maestro"), lambda s: s.options.first_maestro, (0, 4)),  # 0: random
    ("artbox", "glass", ARTBOX_ROWS.index("glass"), lambda s: s.options.sandglass_s, (30, 180)),
    ("identik", "players", SETUP_ROWS.index("players"), lambda s: s.draft.players, (3, 6)),
    ("identik", "narrations", SETUP_ROWS.index("narrations"), lambda s: s.draft.narrations_each, (1, 3)),
    ("identik", "first", SETUP_ROWS.index("first"), lambda s: s.draft.first, (0, 4)),
    ("artem", "players", SETUP_ITEMS.index("players"), lambda s: s.draft.players, (2, 4)),
]
IDS = [f"{game}-{row}" for game, row, *_ in COUNTS]


def _at_row(harness: MakeHarness, game: str, downs: int) -> Harness:
    h = harness()
    h.press(*OPEN[game], *["down"] * downs)
    return h


def test_every_count_row_is_tested() -> None:
    covered = {(game, row) for game, row, *_ in COUNTS}
    rows = {("artbox", r) for r in ARTBOX_COUNTS} | {("identik", r) for r in IDENTIK_COUNTS} | \
        {("artem", r) for r in ARTEM_COUNTS}
    assert rows == covered


@pytest.mark.parametrize(("game", "row", "downs", "value", "span"), COUNTS, ids=IDS)
def test_a_count_steps_both_ways_and_wraps(harness: MakeHarness, game: str, row: str, downs: int,
                                           value: Callable[[Any], int], span: tuple[int, int]) -> None:
    h = _at_row(harness, game, downs)
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
    assert value(h.state()) == (start + (10 if row == "glass" else 1) if start < high else low)
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
