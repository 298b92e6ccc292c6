"""The browser simulator's ghost view: the glass tinted by each pixel's ghost count.

The counts are the display core's estimate (device/display/ghosts.py): partial refreshes that
changed a pixel since a full or fast refresh last drove it. Yellow while ghosts build up,
orange once cleaning is due, red past twice that (where a forced cleaning would start);
untinted pixels are clean. Served as `GET /ghosts.png`.
"""

from __future__ import annotations

from PIL import Image

from device.run.web.glass import GlassHost, png_bytes

YELLOW, ORANGE, RED = (240, 200, 0), (245, 130, 0), (220, 20, 20)
TINT_ALPHA = 200  # strong enough to read over black pixels, light enough to see the picture


def tint_lut(due: int) -> tuple[list[int], list[int]]:
    """Per count 0-255: the RGB tint (one flat list: R, G and B tables) and its opacity."""
    colours: list[tuple[int, int, int]] = []
    alpha: list[int] = []
    for count in range(256):
        if count == 0:
            colours.append((0, 0, 0))
            alpha.append(0)
            continue
        colour = YELLOW if count < due else ORANGE if count <= 2 * due else RED
        colours.append(colour)
        alpha.append(TINT_ALPHA)
    flat = [c[i] for i in range(3) for c in colours]
    return flat, alpha


def tinted(glass: Image.Image, counts: Image.Image | None, due: int) -> Image.Image:
    """`glass` (RGB) with every ghosted pixel tinted by its count."""
    base = glass.convert("RGB")
    if counts is None or counts.size != base.size:
        return base
    flat, alpha = tint_lut(due)
    tint = Image.merge("RGB", [counts.point(flat[i * 256:(i + 1) * 256]) for i in range(3)])
    return Image.composite(tint, base, counts.point(alpha))


def ghosts_png(host: GlassHost) -> bytes:
    """The current glass of `host` tinted by its ghost counts, as a PNG (blank before a panel)."""
    panel, worker = host.panel, host.worker
    if panel is None or worker is None:
        return png_bytes(Image.new("RGB", (1, 1), "white"))
    counts, due = worker.ghosts()
    return png_bytes(tinted(panel.glass, counts, due))
