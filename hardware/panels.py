"""The one table of supported panels: size, colours, refresh methods and typical times.

Sizes are the landscape frame Easel renders; `rotation` is how the driver's native
portrait buffer is turned. Times come from the vendor's wiki and driver code.
"""

from __future__ import annotations

from hardware.display import PanelSpec

PANELS: dict[str, PanelSpec] = {
    spec.model: spec
    for spec in (
        PanelSpec("epd2in13_V4", 250, 122, partial="whole", full_ms=2000, partial_ms=300,
                  fast_ms=1500, cleaning_every=20, rotation=90),
        PanelSpec("epd2in7_V2", 264, 176, partial="window", full_ms=6000, partial_ms=300,
                  fast_ms=1500, cleaning_every=20, rotation=90),
        PanelSpec("epd2in9_V2", 296, 128, partial="whole", full_ms=3000, partial_ms=300,
                  fast_ms=None, cleaning_every=20, rotation=90),
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
