"""Draw docs/wiring.png: the Pi's 40-pin header with what Easel's table build connects to each pin.

    python docs/wiring.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.render.fonts import font
from hardware.buttons import DEFAULT_BUZZER_PIN, PANEL_PINS, TABLE

# Physical pin -> BCM GPIO (None: power, ground or the HAT ID EEPROM).
HEADER: dict[int, int | str] = {
    1: "3V3", 2: "5V", 3: 2, 4: "5V", 5: 3, 6: "GND", 7: 4, 8: 14, 9: "GND", 10: 15,
    11: 17, 12: 18, 13: 27, 14: "GND", 15: 22, 16: 23, 17: "3V3", 18: 24, 19: 10, 20: "GND",
    21: 9, 22: 25, 23: 11, 24: 8, 25: "GND", 26: 7, 27: "ID_SD", 28: "ID_SC", 29: 5, 30: "GND",
    31: 6, 32: 12, 33: 13, 34: "GND", 35: 19, 36: 16, 37: 26, 38: 20, 39: "GND", 40: 21,
}


def use_of(gpio: int | str) -> tuple[str, str]:
    """(label, kind) for a header pin: kind is button, panel, buzzer, power or free."""
    if isinstance(gpio, str):
        return gpio, "power"
    for name, pin in TABLE.items():
        if pin == gpio:
            return f"GPIO{gpio}  {name}", "button"
    if gpio in PANEL_PINS:
        return f"GPIO{gpio}  panel {PANEL_PINS[gpio].split(' (')[0]}", "panel"
    if gpio == DEFAULT_BUZZER_PIN:
        return f"GPIO{gpio}  buzzer +", "buzzer"
    return f"GPIO{gpio}", "free"


def draw() -> Image.Image:
    """The header, two columns of 20 pins, labelled outward."""
    width, height = 1100, 880
    image = Image.new("RGB", (width, height), "white")
    d = ImageDraw.Draw(image)
    title = font(30, "bold")
    small = font(19)
    d.text((30, 20), "Easel table build: Raspberry Pi 40-pin header (BCM numbers)", font=title, fill="black")
    d.text((30, 62), "Each button: one leg to its GPIO, the other to any GND pin (internal pull-up, "
                     "active low). Panel pins: the e-paper HAT.", font=small, fill="black")
    colours = {"button": (30, 110, 200), "panel": (200, 60, 40), "buzzer": (20, 140, 60),
               "power": (90, 90, 90), "free": (170, 170, 170)}
    cx, top, step = width // 2, 110, 36
    d.rounded_rectangle((cx - 60, top - 14, cx + 60, top + 20 * step - 6), radius=10, outline="black", width=3)
    for physical, gpio in HEADER.items():
        row, right = (physical - 1) // 2, physical % 2 == 0
        y = top + row * step + 4
        x = cx + 30 if right else cx - 30
        label, kind = use_of(gpio)
        colour = colours[kind]
        d.ellipse((x - 11, y - 11 + 8, x + 11, y + 11 + 8), fill=colour, outline="black")
        d.text((x, y + 8), str(physical), font=font(14, "bold"), fill="white", anchor="mm")
        if right:
            d.line((x + 14, y + 8, x + 60, y + 8), fill=colour, width=3)
            d.text((x + 66, y + 8), label, font=small, fill=colour, anchor="lm")
        else:
            d.line((x - 60, y + 8, x - 14, y + 8), fill=colour, width=3)
            d.text((x - 66, y + 8), label, font=small, fill=colour, anchor="rm")
    legend_y = height - 50
    for i, (kind, colour) in enumerate(colours.items()):
        d.ellipse((40 + i * 200, legend_y, 60 + i * 200, legend_y + 20), fill=colour)
        d.text((70 + i * 200, legend_y + 10), kind, font=small, fill="black", anchor="lm")
    return image


if __name__ == "__main__":
    out = Path(__file__).resolve().parent / "wiring.png"
    draw().save(out)
    print(f"wrote {out}")
