"""The one table of supported panels: size, colours, refresh methods and typical times.

Sizes are the landscape frame Easel renders; `rotation` is how the driver's native
portrait buffer is turned. Waveform times come from the vendor's wiki and driver code; the
driver's fixed waits (reset pulses, init delays, BUSY polling) are added per model and kind
(`DELAYS`, `busy_ms`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from hardware.display import DriverDelays, PanelPolicy, PanelSpec

# How each model shows a change (device/display/refresh.py reads spec.policy), the reason beside
# each. All five mono controllers (SSD1680/SSD1683 family, UC8179 on the 7.5") drive a partial
# refresh from both RAMs (the shown image and the new one), so a whole new screen shown by a
# partial is readable, with light ghosting that cleaning clears: new screens are partials
# everywhere (new_screen="partial", the default). Only when over half the pixels flip
# (flip_limit) would a partial leave the old picture showing through: then the fast refresh.
#
# Cleaning counts ghosts per pixel (device/display/ghosts.py): a pixel's count is the partials
# that changed it since a full or fast refresh last drove it. A fast refresh cleans as a full
# one does: the vendor's fast waveforms (init_fast / init_Fast LUTs) drive every pixel through
# black and white, only with fewer frames. Cleaning is due when a pixel reaches
# `cleaning_every` (the vendor's rate), done when nobody waits, forced (by the fast refresh)
# only when a pixel outside a running countdown would pass twice that.
POLICY: dict[str, PanelPolicy] = {
    # secret: a 2 s full refresh ends inside the 3 s the device takes to be handed on, and cleans.
    "epd2in13_V4": PanelPolicy(secret="full"),
    # secret: a 6 s full refresh would keep the next player waiting; the 1.5 s fast one hides it.
    "epd2in7_V2": PanelPolicy(secret="fast"),
    # secret: the 3 s full refresh ends as the device is handed on.
    "epd2in9_V2": PanelPolicy(secret="full"),
    # secret: fast (1-1.5 s) rather than a 4 s full refresh that outlasts the hand-on.
    "epd4in2_V2": PanelPolicy(secret="fast"),
    # secret: fast (~1.5 s) rather than 5 s.
    "epd7in5_V2": PanelPolicy(secret="fast"),
    # no partial mode: every change is a full refresh (35 s); countdowns step coarsely instead.
    "epd7in3f": PanelPolicy(new_screen="full", secret="full"),
}

# The vendor driver's fixed waits per refresh (waveshare-epaper, lib/waveshare_epd/epd*.py), as
# Easel calls it (hardware/panel_models.py): a full refresh after partials runs init(), a fast
# one init_fast(), both start with reset(); a restore runs init() (the 7.5": init_part()).
# benchmarks/driver_cost.py runs the same driver code on the fake Pi and prints these sums.
DELAYS: dict[str, DriverDelays] = {
    # reset(): delay_ms(20) + 2 + 20 = 42 in init() and init_fast(); displayPartial pulses
    # the reset line for delay_ms(1). ReadBusy polls every 10 ms.
    "epd2in13_V4": DriverDelays(full=42, fast=42, partial=1, wake=42, poll=10),
    # reset(): delay_ms(200) + 2 + 200 = 402 in init() and init_Fast(); Easel's partial
    # drops the vendor's reset (hardware/panel_models.py). ReadBusy polls every 20 ms.
    "epd2in7_V2": DriverDelays(full=402, fast=402, partial=0, wake=402, poll=20),
    # reset(): delay_ms(50) + 2 + 50 = 102; display_Partial pulses reset 2 + 2 ms.
    # ReadBusy polls every 10 ms.
    "epd2in9_V2": DriverDelays(full=102, fast=102, partial=4, wake=102, poll=10),
    # reset(): delay_ms(100) + 2 + 100 = 202; the partial has no fixed delay.
    # ReadBusy polls every 20 ms.
    "epd4in2_V2": DriverDelays(full=202, fast=202, partial=0, wake=202, poll=20),
    # reset() 20 + 2 + 20, then init/init_fast/init_part wait delay_ms(100) and ReadBusy's
    # closing delay_ms(20): 162; every refresh (0x12) waits delay_ms(100) and ReadBusy's 20:
    # full and fast 162 + 120 = 282, a partial 120 and, first after a full or fast refresh,
    # init_part's 162 on top. ReadBusy polls with no delay (command 0x71 in a loop).
    "epd7in5_V2": DriverDelays(full=282, fast=282, partial=120, partial_init=162, wake=162, poll=0),
    # init() and display() of the 7.3" (F) are Easel's bulk path; ReadBusy polls every 5 ms.
    "epd7in3f": DriverDelays(poll=5),
}

# The SPI clock the vendor's epdconfig.py sets (`self.SPI.max_speed_hz = 4000000`, RaspberryPi
# class); Easel keeps it. Every refresh sends its RAM data before the panel starts its waveform.
SPI_HZ = 4_000_000

# What each refresh sends over SPI, as Easel drives the vendor's driver (hardware/panel_models.py):
# (whole RAM planes, windows of the changed box); a plane is one bit per pixel, a window the
# partial's 8-pixel-aligned box. Commands, parameters and LUTs are left out (under 2 % of it:
# tests/hardware/test_spi_traffic.py counts the bytes of the real driver code on the fake Pi).
TRAFFIC: dict[str, dict[str, tuple[int, int]]] = {
    # displayPartBaseImage / write_both: 0x24 and 0x26; displayPartial sends the whole 0x24
    # plane, then Easel writes the window into the base 0x26.
    "epd2in13_V4": {"full": (2, 0), "fast": (2, 0), "partial": (1, 1), "wake": (2, 0)},
    # write_both; the partial writes the window into 0x24, then into the base 0x26.
    "epd2in7_V2": {"full": (2, 0), "fast": (2, 0), "partial": (0, 2), "wake": (2, 0)},
    # display_Base: both planes; display_Partial: the whole 0x24 plane (the LUT too, 159 bytes).
    "epd2in9_V2": {"full": (2, 0), "fast": (2, 0), "partial": (1, 0), "wake": (2, 0)},
    # display / display_Fast: both planes; display_Partial: the whole 0x24, then the base window.
    "epd4in2_V2": {"full": (2, 0), "fast": (2, 0), "partial": (1, 1), "wake": (2, 0)},
    # full and fast: old data 0x10 and new data 0x13; the partial: the window into 0x13.
    "epd7in5_V2": {"full": (2, 0), "fast": (2, 0), "partial": (0, 1), "wake": (2, 0)},
    # display(): one buffer of two 4-bit pixels a byte, i.e. four one-bit planes.
    "epd7in3f": {"full": (4, 0)},
}


def spi_bytes(spec: PanelSpec, kind: str, box: tuple[int, int, int, int] | None = None) -> int:
    """The RAM data `kind` (full, fast, partial, wake) sends to `spec`; a partial's window is
    `box` (frame pixels, aligned as the planner aligns it; None: the whole frame)."""
    traffic = TRAFFIC.get(spec.model, {})
    planes, windows = traffic.get(kind, traffic.get("full", (0, 0)))
    plane = -(-spec.width // 8) * spec.height if spec.rotation % 180 == 0 else -(-spec.height // 8) * spec.width
    left, top, right, bottom = box if box is not None else (0, 0, spec.width, spec.height)
    return planes * plane + windows * (right - left) * (bottom - top) // 8


def spi_ms(spec: PanelSpec, kind: str, box: tuple[int, int, int, int] | None = None) -> int:
    """Milliseconds `kind` spends sending its RAM data (`spi_bytes`) at the driver's SPI clock."""
    return -(-spi_bytes(spec, kind, box) * 8 * 1000 // SPI_HZ)


def _complete(spec: PanelSpec) -> PanelSpec:
    """`spec` with its policy, driver delays and RAM load time."""
    spec = replace(spec, policy=POLICY.get(spec.model, PanelPolicy()),
                   delays=DELAYS.get(spec.model, DriverDelays()))
    return replace(spec, load_ms=spi_ms(spec, "wake") if spec.partial != "none" else 0)


PANELS: dict[str, PanelSpec] = {
    spec.model: _complete(spec)
    for spec in (
        # fast: init_fast's full waveform, shorter: it drives every pixel, so it cleans.
        PanelSpec("epd2in13_V4", 250, 122, partial="whole", full_ms=2000, partial_ms=300,
                  fast_ms=1500, cleaning_every=20, rotation=90),
        # fast: init_Fast's full waveform at a raised temperature setting: every pixel driven, it cleans.
        PanelSpec("epd2in7_V2", 264, 176, partial="window", full_ms=6000, partial_ms=300,
                  fast_ms=1500, cleaning_every=20, rotation=90),
        # fast_ms: the vendor's init_Fast loads its WF_FULL LUT, 50 frames against 222 for the
        # full WS_20_30 LUT and 22 for WF_PARTIAL_2IN9 (frame counts summed from the LUTs'
        # TP/SR/RP bytes). Scaled from full_ms that is 680 ms, as the partial's 22 frames give
        # the 300 ms listed here; rounded up to 700. A full waveform (WF_FULL) drives every pixel: it cleans.
        PanelSpec("epd2in9_V2", 296, 128, partial="whole", full_ms=3000, partial_ms=300,
                  fast_ms=700, cleaning_every=20, rotation=90),
        # fast: init_fast(Seconds_1_5S), the full waveform in 1.5 s: every pixel driven, it cleans.
        PanelSpec("epd4in2_V2", 400, 300, partial="whole", full_ms=4000, partial_ms=400,
                  fast_ms=1500, cleaning_every=15, rotation=0),
        # fast: init_fast's full waveform (old and new data both sent): every pixel driven, it cleans.
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


def busy_ms(spec: PanelSpec, kind: BusyKind, after_flash: bool = False,
            box: tuple[int, int, int, int] | None = None) -> int:
    """How long `kind` keeps the panel busy: the RAM data sent at the SPI clock (`spi_ms`; a
    partial's window is `box`, None: the whole frame), the waveform from the capability table,
    the driver's fixed waits and one BUSY poll (`after_flash`: a partial right after a full or
    fast refresh, which re-initialises the controller on some models). A fast refresh is a full
    one on a model without it; sleep is the driver's own delay."""
    delays = spec.delays
    if kind == "none":
        return 0
    if kind == "sleep":
        return SLEEP_MS
    if kind == "wake":
        return delays.wake + spec.load_ms
    if kind == "partial":
        return (spec.partial_ms + delays.partial + delays.poll + (delays.partial_init if after_flash else 0)
                + spi_ms(spec, "partial", box))
    if kind == "fast" and spec.fast_ms is not None:
        return spec.fast_ms + delays.fast + delays.poll + spi_ms(spec, "fast")
    return spec.full_ms + delays.full + delays.poll + spi_ms(spec, "full")


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
