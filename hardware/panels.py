"""The one table of supported panels: size, colours, refresh methods and typical times.

Sizes are the landscape frame Easel renders; `rotation` is how the driver's native
portrait buffer is turned. Times come from the vendor's wiki and driver code.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from hardware.display import PanelSpec

# Refresh policy per model (device/display/refresh.py reads these PanelSpec fields), the reason beside each.
# All five mono controllers (SSD1680/SSD1683 family, UC8179 on the 7.5") drive a partial refresh
# from both RAMs (the shown image and the new one), so a whole new screen shown by a partial is
# readable, with light ghosting that the scheduled cleaning refresh clears: new screens are
# partials everywhere (new_screen="partial", the default). Only when over half the pixels flip
# (flip_limit) would a partial leave the old picture showing through: then the fast refresh.
# wake_ms: the driver's reset() delays plus init and loading both RAMs, before a partial after sleep.
# Cleaning: a full refresh when nobody waits (device/display/refresh.py); forced past `partial_limit`
# partials, never while a countdown runs. Where a full refresh is short (2-3 s) the limit is the
# vendor's `cleaning_every` and counts a countdown's partials too (the first frame after the
# countdown cleans); where it is long (4-6 s) a forced one would cost more waiting than the
# 1.5x target allows, so the limit counts only partials of presses, and is higher.
POLICY: dict[str, dict[str, Any]] = {
    # secret: a 2 s full refresh ends inside the 3 s the device takes to be handed on, and cleans.
    "epd2in13_V4": {"secret": "full", "partial_limit": 18, "clean_idle_after": 5, "wake_ms": 100},
    # secret: a 6 s full refresh would keep the next player waiting; the 1.5 s fast one hides it.
    # cleaning: 6 s, forced only past 40 press partials. wake: reset() alone waits 402 ms.
    "epd2in7_V2": {"secret": "fast", "partial_limit": 40, "limit_counts_countdown": False,
                   "clean_idle_after": 5, "wake_ms": 450},
    # secret: no fast mode is listed; the 3 s full refresh ends as the device is handed on.
    "epd2in9_V2": {"secret": "full", "partial_limit": 18, "clean_idle_after": 5, "wake_ms": 150},
    # secret: fast (1-1.5 s) rather than a 4 s full refresh that outlasts the hand-on.
    "epd4in2_V2": {"secret": "fast", "partial_limit": 30, "limit_counts_countdown": False,
                   "clean_idle_after": 4, "wake_ms": 250},
    # secret: fast (~1.5 s) rather than 5 s; the vendor asks for cleaning more often (every 10).
    "epd7in5_V2": {"secret": "fast", "partial_limit": 20, "limit_counts_countdown": False,
                   "clean_idle_after": 3, "wake_ms": 200},
    # no partial mode: every change is a full refresh (35 s); countdowns step coarsely instead.
    "epd7in3f": {"new_screen": "full", "secret": "full"},
}

PANELS: dict[str, PanelSpec] = {
    spec.model: replace(spec, **POLICY.get(spec.model, {}))
    for spec in (
        PanelSpec("epd2in13_V4", 250, 122, partial="whole", full_ms=2000, partial_ms=300,
                  fast_ms=1500, cleaning_every=20, rotation=90),
        PanelSpec("epd2in7_V2", 264, 176, partial="window", full_ms=6000, partial_ms=300,
                  fast_ms=1500, cleaning_every=20, rotation=90),
        # fast_ms: the vendor's init_Fast loads its WF_FULL LUT, 50 frames against 222 for the
        # full WS_20_30 LUT and 22 for WF_PARTIAL_2IN9 (frame counts summed from the LUTs'
        # TP/SR/RP bytes). Scaled from full_ms that is 680 ms, as the partial's 22 frames give
        # the 300 ms listed here; rounded up to 700.
        PanelSpec("epd2in9_V2", 296, 128, partial="whole", full_ms=3000, partial_ms=300,
                  fast_ms=700, cleaning_every=20, rotation=90),
        PanelSpec("epd4in2_V2", 400, 300, partial="whole", full_ms=4000, partial_ms=400,
                  fast_ms=1500, cleaning_every=15, rotation=0),
        PanelSpec("epd7in5_V2", 800, 480, partial="window", full_ms=5000, partial_ms=500,
                  fast_ms=1500, cleaning_every=10, rotation=0),
        # The wiki gives 35 s for the 7.3" (F) refresh; the driver has no partial mode.
        PanelSpec("epd7in3f", 800, 480, colour=True, partial="none", full_ms=35000,
                  partial_ms=0, fast_ms=None, cleaning_every=0, rotation=0),
    )
}

DEFAULT_PANEL = "epd2in7_V2"

# The sizes screens are designed and golden-tested for (one panel per size).
GALLERY_PANELS: tuple[str, ...] = (
    "epd2in13_V4", "epd2in7_V2", "epd2in9_V2", "epd4in2_V2", "epd7in5_V2",
)


# sleep() ends with the driver's own 2 s delay: the panel takes no new frame meanwhile.
SLEEP_MS = 2000

# What keeps a panel busy: a refresh of each kind (planned "none": nothing), a wake, a sleep.
BusyKind = Literal["none", "partial", "fast", "full", "wake", "sleep"]


def busy_ms(spec: PanelSpec, kind: BusyKind) -> int:
    """How long `kind` keeps the panel busy, from the capability table (a fast refresh is a full
    one on a model without it; sleep is the driver's own delay)."""
    return {"none": 0, "partial": spec.partial_ms, "fast": spec.fast_ms or spec.full_ms,
            "full": spec.full_ms, "wake": spec.wake_ms, "sleep": SLEEP_MS}[kind]


# The drivers' own fixed waits inside one call: sleep() ends with a 2 s delay, init() resets
# for up to 0.4 s.
DRIVER_DELAYS_S = 2.5


def call_timeout_s(spec: PanelSpec) -> float:
    """How long one driver call may wait on BUSY before the panel counts as stuck.

    Twice the model's longest refresh, plus the driver's own fixed delays.
    """
    longest_ms = max(spec.full_ms, spec.partial_ms, spec.fast_ms or 0)
    return 2 * longest_ms / 1000 + DRIVER_DELAYS_S


def panel(model: str) -> PanelSpec:
    """The spec of a model named exactly as the vendor does; ValueError lists the choices."""
    try:
        return PANELS[model]
    except KeyError:
        raise ValueError(
            f"unknown panel model {model!r}; choose one of: {', '.join(PANELS)}"
        ) from None
