"""The refresh planner: no refresh for nothing, a partial for every change a partial shows
readably (new screens too), a full or fast refresh to hide a secret, cleaning when nobody waits."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from device.display.ghosts import Ghosts, changed_mask
from device.display.refresh import (
    CLEAN_IDLE_S,
    Activity,
    PanelState,
    Plan,
    RefreshPlanner,
    align_box,
    changed_box,
    changed_pixels,
    threshold,
)
from device.settings import Cleaning
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


SHOWN = PanelState("game", True)


def worn(spec: PanelSpec, times: int, box: Box = (0, 0, 8, 8), tick: bool = False,
         state: PanelState = SHOWN) -> PanelState:
    """`state` after `times` partials that each changed the pixels of `box` (ticks if `tick`)."""
    mask = changed_mask(blank(spec), marked(box, spec))
    ghosts = state.ghosts or Ghosts(spec.size)
    for _ in range(times):
        ghosts = ghosts.after_partial(mask, tick)
    return replace(state, ghosts=ghosts, countdown=tick)


def test_first_frame_is_a_full_refresh() -> None:
    assert RefreshPlanner(SPEC).plan(PanelState(), None, blank(), "home") == Plan("full", "first")


def test_nothing_changed_means_no_refresh() -> None:
    assert RefreshPlanner(SPEC).plan(SHOWN, blank(), blank(), "game").kind == "none"


def test_nothing_changed_needs_no_refresh_even_after_sleep() -> None:
    assert RefreshPlanner(SPEC).plan(SHOWN.lost(), blank(), blank(), "game").kind == "none"


def test_a_change_after_sleep_restores_the_ram_and_is_a_partial() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN.lost(), blank(), marked((0, 0, 8, 8)), "game")
    assert plan == Plan("partial", "wake", (0, 0, 8, 8), restore=True)


def test_an_unknown_glass_is_a_full_refresh() -> None:
    """After a fault the glass is unknown (shown None): nothing to restore from."""
    assert RefreshPlanner(SPEC).plan(SHOWN.lost(), None, blank(), "game") == Plan("full", "first")


def test_small_change_is_a_partial_with_the_window_aligned_on_native_bytes() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN, blank(), marked((30, 21, 50, 43)), "game")
    assert plan == Plan("partial", "small-change", (30, 16, 50, 48))


def test_landscape_panels_align_the_frame_x_axis() -> None:
    new = marked((203, 21, 250, 43), LANDSCAPE)
    plan = RefreshPlanner(LANDSCAPE).plan(SHOWN, blank(LANDSCAPE), new, "game")
    assert plan == Plan("partial", "small-change", (200, 21, 256, 43))


@pytest.mark.parametrize("model", ["epd2in13_V4", "epd2in7_V2", "epd2in9_V2", "epd4in2_V2", "epd7in5_V2"])
def test_a_new_screen_is_a_partial_on_every_mono_panel(model: str) -> None:
    spec = PANELS[model]
    new = marked((0, 0, 64, 40), spec)
    plan = RefreshPlanner(spec).plan(SHOWN, blank(spec), new, "scores")
    assert (plan.kind, plan.reason, plan.restore) == ("partial", "new-screen", False)


@pytest.mark.parametrize(("model", "kind"), [
    ("epd2in13_V4", "full"),  # 2 s: ends inside the 3 s hand-on, and cleans
    ("epd2in7_V2", "fast"),  # 6 s full would keep the next player waiting
    ("epd2in9_V2", "full"),  # no fast mode in the table
    ("epd4in2_V2", "fast"),
    ("epd7in5_V2", "fast"),
    ("epd7in3f", "full"),  # no partial, no fast
])
def test_hiding_a_secret_is_never_a_partial(model: str, kind: str) -> None:
    spec = PANELS[model]
    image = Image.new("RGB" if spec.colour else "1", spec.size, "white")
    new = image.copy()
    new.putpixel((3, 3), (0, 0, 0) if spec.colour else 0)
    plan = RefreshPlanner(spec).plan(SHOWN, image, new, "game", hide_secret=True)
    assert plan == Plan(kind, "secret")  # type: ignore[arg-type]


def test_a_secret_due_for_cleaning_gets_the_model_s_flash_which_cleans() -> None:
    """Issue 30: a full refresh (2.7" 6.4 s, 7.5" 5.5 s with the SPI transfer) would keep the next
    player waiting 2.5-3.4 s past the 3 s hand-on; the fast one drives every pixel, so it cleans."""
    for cleaned in (SPEC.cleaning_every, SPEC.cleaning_every - 1, 2 * SPEC.cleaning_every):
        state = worn(SPEC, cleaned)
        plan = RefreshPlanner(SPEC).plan(state, blank(), marked((0, 0, 8, 8)), "game", hide_secret=True)
        assert plan == Plan("fast", "secret")
        assert state.after(plan, "game").ghost == 0


def test_panels_without_partial_refresh_never_get_one() -> None:
    colour = panel("epd7in3f")
    new = Image.new("RGB", colour.size, "white")
    new.putpixel((5, 5), (255, 0, 0))
    plan = RefreshPlanner(colour).plan(SHOWN, Image.new("RGB", colour.size, "white"), new, "game")
    assert plan == Plan("full", "no-partial")


def test_a_change_flipping_most_pixels_is_a_fast_refresh() -> None:
    plan = RefreshPlanner(SPEC).plan(SHOWN, blank(), marked((0, 0, 250, 170)), "game")
    assert plan == Plan("fast", "large-change")


def test_two_distant_small_changes_are_one_partial_not_a_large_change() -> None:
    """A countdown's digits and sand picture: a bounding box over 60 % of the panel, few pixels."""
    new = marked((2, 2, 12, 170))
    ImageDraw.Draw(new).rectangle((240, 2, 259, 170), fill=0)
    assert changed_pixels(blank(), new) < 0.2 * SPEC.width * SPEC.height
    plan = RefreshPlanner(SPEC).plan(SHOWN, blank(), new, "game")
    assert plan.kind == "partial" and plan.reason == "small-change"


def test_ghosts_are_counted_per_pixel_and_a_full_or_fast_refresh_drives_them_all() -> None:
    """The ruling: a pixel's count is the partials that changed it since a full or fast refresh."""
    ghosts = Ghosts(SPEC.size)
    left, right = (changed_mask(blank(), marked(box)) for box in ((0, 0, 8, 8), (100, 0, 108, 8)))
    ghosts = ghosts.after_partial(left, tick=False).after_partial(right, tick=False)
    assert ghosts.peak == 1  # two partials, but no pixel changed twice
    ghosts = ghosts.after_partial(left, tick=False)
    assert ghosts.peak == 2 and ghosts.image().getpixel((0, 0)) == 2 and ghosts.image().getpixel((50, 50)) == 0
    state = replace(SHOWN, ghosts=ghosts)
    assert state.after(Plan("fast", "secret"), "game").ghost == 0  # fast drives every pixel: it cleans
    assert state.after(Plan("full", "cleaning"), "game").ghost == 0
    assert state.after(Plan("none", "unchanged"), "game").ghost == 2


def test_a_partial_plan_carries_the_counts_it_leaves() -> None:
    plan = RefreshPlanner(SPEC).plan(worn(SPEC, 3), blank(), marked((0, 0, 8, 8)), "game")
    assert plan.kind == "partial" and plan.ghosts is not None and plan.ghosts.peak == 4


def test_cleaning_is_forced_by_the_fast_refresh_only_past_twice_the_rate() -> None:
    """A press whose partial would take a pixel past 2 x cleaning_every is a fast refresh instead."""
    spec = panel("epd2in13_V4")
    planner, new = RefreshPlanner(spec), marked((0, 0, 8, 8), spec)
    limit = 2 * spec.cleaning_every
    assert planner.plan(worn(spec, limit - 1), blank(spec), new, "game").kind == "partial"
    assert planner.plan(worn(spec, limit), blank(spec), new, "game") == Plan("fast", "cleaning")
    other = marked((100, 50, 108, 58), spec)  # the worn pixels stay as they are: no need yet
    assert planner.plan(worn(spec, limit), blank(spec), other, "game").kind == "partial"


def test_a_countdown_s_own_pixels_may_pass_the_limit_while_it_runs() -> None:
    spec = panel("epd2in13_V4")
    planner, new = RefreshPlanner(spec), marked((0, 0, 8, 8), spec)
    ticking = worn(spec, 3 * spec.cleaning_every, tick=True)
    tick = Activity(countdown=True, tick=True)
    assert planner.plan(ticking, blank(spec), new, "game", activity=tick).kind == "partial"


def test_a_press_during_a_countdown_is_forced_only_for_pixels_outside_it() -> None:
    spec = panel("epd2in13_V4")
    planner = RefreshPlanner(spec)
    pressed = worn(spec, 2 * spec.cleaning_every, box=(100, 50, 108, 58), state=worn(spec, 5, tick=True))
    pressed = replace(pressed, countdown=True)  # the glass shows the running countdown
    running = Activity(countdown=True)
    plan = planner.plan(pressed, blank(spec), marked((100, 50, 108, 58), spec), "game", activity=running)
    assert plan == Plan("fast", "cleaning")


def test_the_press_that_starts_a_countdown_is_never_a_forced_cleaning() -> None:
    """Issue 30: its first second must reach the glass within a partial; the cleaning was due on the
    screen before (countdown_next), or waits for the first idle moment after the countdown."""
    spec = panel("epd7in5_V2")
    planner, new = RefreshPlanner(spec), marked((0, 0, 8, 8), spec)
    past = worn(spec, 2 * spec.cleaning_every)
    assert planner.plan(past, blank(spec), new, "game").kind == "fast"  # any other press: forced
    plan = planner.plan(past, blank(spec), new, "game", activity=Activity(countdown=True))
    assert (plan.kind, plan.reason) == ("partial", "small-change")


def test_cleaning_due_before_a_countdown_is_done_on_the_screen_that_may_start_it() -> None:
    """Issue 30: the screen whose next step may start a countdown is shown by the fast refresh when
    cleaning is due (not only past twice the rate), so the countdown starts on time."""
    spec = panel("epd7in5_V2")
    planner, new = RefreshPlanner(spec), marked((0, 0, 8, 8), spec)
    before = Activity(countdown_next=True)
    due = threshold(spec, "normal")
    assert planner.plan(worn(spec, due - 2), blank(spec), new, "game", activity=before).kind == "partial"
    assert planner.plan(worn(spec, due - 1), blank(spec), new, "game", activity=before) == Plan(
        "fast", "before-countdown")
    assert planner.plan(worn(spec, due - 1), blank(spec), new, "game").kind == "partial"  # no countdown next
    # shown by a partial anyway (a time's-up frame): the first idle moment cleans
    assert planner.cleaning_due(worn(spec, due), before, CLEAN_IDLE_S)
    assert not planner.cleaning_due(worn(spec, due), before, CLEAN_IDLE_S - 0.1)
    assert not planner.cleaning_due(worn(spec, due - 1), before, 60.0)


def test_the_time_s_up_frame_is_always_a_partial() -> None:
    """Even with the countdown's pixels far past the limit: the alarm's frame must not wait."""
    spec = panel("epd2in13_V4")
    planner = RefreshPlanner(spec)
    ended = worn(spec, 2 * spec.cleaning_every + 60, tick=True)
    plan = planner.plan(ended, blank(spec), marked((0, 0, 8, 8), spec), "words", activity=Activity(physical=True))
    assert (plan.kind, plan.reason) == ("partial", "times-up")
    after = ended.after(plan, "words", Activity(physical=True))
    assert after.ended and not after.countdown
    # the next change, a press after the countdown, cleans the countdown's pixels with the fast refresh
    press = planner.plan(after, blank(spec), marked((0, 0, 16, 8), spec), "words")
    assert press == Plan("fast", "cleaning")


def test_idle_cleaning_is_due_at_the_rate_and_waits_for_nobody() -> None:
    planner = RefreshPlanner(SPEC)
    due = worn(SPEC, SPEC.cleaning_every)
    drawing = Activity(physical=True)
    assert planner.cleaning_due(due, drawing, CLEAN_IDLE_S)
    assert not planner.cleaning_due(due, drawing, CLEAN_IDLE_S - 0.1)  # a press may still come
    assert not planner.cleaning_due(due, Activity(), 60.0)  # the table is pressing buttons
    assert not planner.cleaning_due(due, Activity(countdown=True, physical=True), 60.0)  # never during one
    assert not planner.cleaning_due(worn(SPEC, SPEC.cleaning_every - 1), drawing, 60.0)  # not due yet
    assert planner.cleaning_times(due, drawing) == [CLEAN_IDLE_S]
    assert planner.clean_before_sleep(worn(SPEC, 1))
    assert not planner.clean_before_sleep(SHOWN)


def test_cleaning_starts_right_after_a_countdown_when_the_table_goes_on_away_from_the_device() -> None:
    planner = RefreshPlanner(SPEC)
    ended = replace(worn(SPEC, SPEC.cleaning_every), ended=True)
    assert planner.cleaning_due(ended, Activity(physical=True), 0.0)
    assert planner.cleaning_times(ended, Activity(physical=True)) == [0.0]
    assert not planner.cleaning_due(ended, Activity(), 0.0)  # a player is about to press


def test_pixels_left_past_twice_the_rate_are_cleaned_at_the_first_idle_moment() -> None:
    planner = RefreshPlanner(SPEC)
    overdue = worn(SPEC, 2 * SPEC.cleaning_every + 30)
    assert planner.cleaning_due(overdue, Activity(), CLEAN_IDLE_S)
    assert not planner.cleaning_due(overdue, Activity(), CLEAN_IDLE_S - 0.1)
    # a player may press any moment: the short fast refresh, as a forced cleaning would be
    assert planner.cleaning_plan(Activity()) == Plan("fast", "idle")
    assert planner.cleaning_plan(Activity(physical=True)) == Plan("full", "idle")


@pytest.mark.parametrize(("setting", "factor"), [("often", 0.5), ("normal", 1.0), ("rarely", 2.0)])
def test_the_screen_cleaning_setting_scales_the_rate(setting: Cleaning, factor: float) -> None:
    rate = threshold(SPEC, setting)
    assert rate == round(SPEC.cleaning_every * factor)
    planner, drawing = RefreshPlanner(SPEC), Activity(physical=True, cleaning=setting)
    assert planner.cleaning_due(worn(SPEC, rate), drawing, CLEAN_IDLE_S)
    assert not planner.cleaning_due(worn(SPEC, rate - 1), drawing, CLEAN_IDLE_S)
    forced = planner.plan(worn(SPEC, 2 * rate), blank(), marked((0, 0, 8, 8)), "game",
                          activity=Activity(cleaning=setting))
    assert forced == Plan("fast", "cleaning")


def test_wrong_frame_size_is_refused() -> None:
    with pytest.raises(ValueError, match="frame is 10x10 but epd2in7_V2 shows 264x176"):
        RefreshPlanner(SPEC).plan(SHOWN, blank(), Image.new("1", (10, 10)), "game")


@pytest.mark.parametrize("model", ["epd2in13_V4", "epd2in7_V2", "epd2in9_V2", "epd4in2_V2", "epd7in5_V2"])
def test_a_countdown_is_all_partials_after_the_first_frame(model: str) -> None:
    """Every second's value reaches the glass by a partial; no cleaning while it runs."""
    spec = PANELS[model]
    planner, state, shown = RefreshPlanner(spec), PanelState(), None
    kinds = []
    ticking = Activity(countdown=True, tick=True)
    for second in range(90, 0, -1):
        frame = blank(spec)
        ImageDraw.Draw(frame).text((20, 20), f"{second:02d}", fill=0)
        plan = planner.plan(state, shown, frame, "countdown", activity=ticking)
        state, shown = state.after(plan, "countdown", ticking), frame
        kinds.append(plan.kind)
    assert kinds == ["full"] + ["partial"] * 89
    assert state.ghost > 2 * spec.cleaning_every and state.ghosts is not None and state.ghosts.outside == 0


def test_state_after_a_plan() -> None:
    state = PanelState().after(Plan("full", "first", ghosts=Ghosts(SPEC.size)), "a")
    assert state == PanelState("a", True, Ghosts(SPEC.size))
    assert state.lost().after(Plan("partial", "wake", (0, 0, 8, 8), True), "a").base_valid
    ticking = state.after(Plan("partial", "small-change"), "a", Activity(countdown=True, tick=True))
    assert ticking.countdown and not ticking.ended
    assert ticking.after(Plan("partial", "times-up"), "a").ended


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
