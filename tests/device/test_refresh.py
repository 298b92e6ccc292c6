"""The refresh planner: no refresh for nothing, partial for small changes, full when it matters."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from device.refresh import PanelState, Plan, RefreshPlanner, align_box, changed_box
from hardware.display import Box, PanelSpec
from hardware.panels import PANELS, panel

SPEC = panel("epd2in7_V2")  # rotation 90: native x runs along the frame's y axis
LANDSCAPE = panel("epd7in5_V2")  # rotation 0


def blank(spec: PanelSpec = SPEC) -> Image.Image:
    return Image.new("1", spec.size, 1)


def marked(box: Box, spec: PanelSpec = SPEC) -> Image.Image:
    image = blank(spec)
    ImageDraw.Draw(image).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=0)
    return image


SHOWN = PanelState("game", 0, True)


def test_first_frame_is_a_full_refresh() -> None:
    assert RefreshPlanner(SPEC).plan(PanelState(), None, blank(), "home") == Plan("full", "first")


def test_nothing_changed_means_no_refresh() -> None:
    assert RefreshPlanner(SPEC).plan(SHOWN, blank(), blank(), "game").kind == "none"


def test_nothing_changed_needs_no_refresh_even_after_sleep() -> None:
    assert RefreshPlanner(SPEC).plan(SHOWN.lost(), blank(), blank(), "game").kind == "none"


def test_a_change_after_sleep_is_full_because_the_partial_base_is_gone() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN.lost(), blank(), marked((0, 0, 8, 8)), "game")
    assert plan == Plan("full", "base-lost")


def test_small_change_is_a_partial_with_the_window_aligned_on_native_bytes() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN, blank(), marked((30, 21, 50, 43)), "game")
    assert plan == Plan("partial", "small-change", (30, 16, 50, 48))


def test_landscape_panels_align_the_frame_x_axis() -> None:
    new = marked((203, 21, 250, 43), LANDSCAPE)
    plan = RefreshPlanner(LANDSCAPE).plan(SHOWN, blank(LANDSCAPE), new, "game")
    assert plan == Plan("partial", "small-change", (200, 21, 256, 43))


def test_a_new_screen_is_a_full_refresh() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN, blank(), marked((0, 0, 8, 8)), "scores")
    assert plan == Plan("full", "new-screen")


def test_hiding_a_secret_is_always_a_full_refresh() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN, blank(), marked((0, 0, 8, 8)), "game",
                                     hide_secret=True)
    assert plan == Plan("full", "secret")


def test_panels_without_partial_refresh_never_get_one() -> None:
    colour = panel("epd7in3f")
    new = Image.new("RGB", colour.size, "white")
    new.putpixel((5, 5), (255, 0, 0))
    plan = RefreshPlanner(colour).plan(SHOWN, Image.new("RGB", colour.size, "white"), new, "game")
    assert plan == Plan("full", "no-partial")


def test_a_large_change_is_a_full_refresh() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN, blank(), marked((0, 0, 250, 170)), "game")
    assert plan == Plan("full", "large-change")


def test_wrong_frame_size_is_refused() -> None:
    with pytest.raises(ValueError, match="frame is 10x10 but epd2in7_V2 shows 264x176"):
        RefreshPlanner(SPEC).plan(SHOWN, blank(), Image.new("1", (10, 10)), "game")


@pytest.mark.parametrize("model", ["epd2in13_V4", "epd2in7_V2", "epd7in5_V2"])
def test_a_countdown_is_partials_plus_the_planned_cleaning_refreshes(model: str) -> None:
    spec = PANELS[model]
    planner, state, shown = RefreshPlanner(spec), PanelState(), None
    kinds = []
    for second in range(90, 0, -1):
        frame = blank(spec)
        ImageDraw.Draw(frame).text((20, 20), f"{second:02d}", fill=0)
        plan = planner.plan(state, shown, frame, "countdown")
        state, shown = state.after(plan, "countdown"), frame
        kinds.append(plan.kind)
    n = spec.cleaning_every
    # The first frame is full, then every run of n partials ends with a cleaning refresh.
    expected_full = 1 + (90 - 1) // (n + 1)
    assert kinds.count("full") == expected_full
    assert kinds.count("partial") == 90 - expected_full
    assert all(kinds[i] == "full" for i in range(0, 90, n + 1))


def test_state_counts_partials_and_a_full_refresh_resets_the_count() -> None:
    state = PanelState().after(Plan("full", "first"), "a")
    state = state.after(Plan("partial", "small-change", (0, 0, 8, 8)), "a")
    state = state.after(Plan("none", "unchanged"), "a")
    assert state == PanelState("a", 1, True)
    assert state.after(Plan("full", "cleaning"), "a") == PanelState("a", 0, True)


def test_changed_box_is_exact_for_one_bit_and_colour_frames() -> None:
    assert changed_box(blank(), marked((5, 6, 7, 9))) == (5, 6, 7, 9)
    a = Image.new("RGB", (20, 20), "white")
    b = a.copy()
    b.putpixel((3, 4), (0, 0, 255))
    assert changed_box(a, b) == (3, 4, 4, 5)


boxes = st.tuples(st.integers(0, 263), st.integers(0, 175), st.integers(1, 264),
                  st.integers(1, 176)).filter(lambda b: b[0] < b[2] and b[1] < b[3])


@given(boxes)
def test_aligned_box_contains_the_change_stays_in_frame_and_is_aligned(box: Box) -> None:
    for spec in (SPEC, replace(SPEC, rotation=0)):
        left, top, right, bottom = align_box(box, spec)
        assert left <= box[0] and top <= box[1] and right >= box[2] and bottom >= box[3]
        assert left >= 0 and top >= 0 and right <= spec.width and bottom <= spec.height
        native = (top, bottom) if spec.rotation == 90 else (left, right)
        limit = spec.height if spec.rotation == 90 else spec.width
        assert native[0] % 8 == 0 and (native[1] % 8 == 0 or native[1] == limit)
