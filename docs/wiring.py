"""Draw the wiring of each build: docs/wiring.png (the table build: buttons and buzzer on the Pi's
header, reached through a proto board with a stacking header under the HAT), docs/wiring-hat27.png
(the 2.7" HAT alone) and docs/wiring-pico.png (the buttons on the Pico pad).

    python docs/wiring.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.render.fonts import font
from hardware.buttons import DEFAULT_BUZZER_PIN, HAT27, HEADER_PIN, PANEL_PINS, TABLE

# Physical pin -> BCM GPIO, or what the pin is (power, ground, the HAT ID EEPROM).
HEADER: dict[int, int | str] = {
    **{physical: gpio for gpio, physical in HEADER_PIN.items() if gpio not in (0, 1)},
    1: "3V3", 2: "5V", 4: "5V", 6: "GND", 9: "GND", 14: "GND", 17: "3V3", 20: "GND", 25: "GND",
    27: "ID_SD", 28: "ID_SC", 30: "GND", 34: "GND", 39: "GND",
}
# What the Waveshare e-Paper HATs connect (their wiki pin tables): SPI0 and the control lines;
# PWR (GPIO 18) on the current revisions. The 2.7" HAT adds KEY1..KEY4.
HAT_LINES = {10: "DIN", 11: "CLK", 8: "CS", 25: "DC", 17: "RST", 24: "BUSY", 18: "PWR"}
COLOURS = {"button": (30, 110, 200), "hat": (200, 60, 40), "buzzer": (20, 140, 60),
           "power": (90, 90, 90), "ground": (0, 0, 0), "free": (175, 175, 175)}
PICO = {"seat1": 2, "seat2": 3, "seat3": 4, "seat4": 5, "seat5": 6, "seat6": 7, "seat7": 8,
        "seat8": 9, "roll": 10, "timer": 11, "up": 12, "down": 13, "ok": 14, "back": 15}


def use_of(gpio: int | str, pins: dict[str, int], buzzer: bool) -> tuple[str, str]:
    """(label, kind) of a header pin in a build whose buttons are `pins`."""
    if isinstance(gpio, str):
        return gpio, "ground" if gpio == "GND" else "power"
    keys = {pin: f"KEY{i}" for i, pin in enumerate(HAT27.values(), 1)}
    for name, pin in pins.items():
        if pin == gpio:
            return (f"GPIO{gpio}  {name}" + (f" (HAT {keys[gpio]})" if gpio in keys else ""),
                    "hat" if gpio in keys else "button")
    if gpio in HAT_LINES:
        return f"GPIO{gpio}  HAT {HAT_LINES[gpio]}", "hat"
    if gpio in PANEL_PINS:
        return f"GPIO{gpio}  {PANEL_PINS[gpio].split(' (')[0]} (kept free)", "free"
    if buzzer and gpio == DEFAULT_BUZZER_PIN:
        return f"GPIO{gpio}  buzzer (via transistor)", "buzzer"
    return f"GPIO{gpio}", "free"


def header(d: ImageDraw.ImageDraw, cx: int, top: int, pins: dict[str, int], buzzer: bool) -> None:
    """The 40-pin header, two columns of 20, labelled outward."""
    step, small = 34, font(17)
    d.rounded_rectangle((cx - 56, top - 14, cx + 56, top + 20 * step - 6), radius=10, outline="black", width=3)
    for physical in range(1, 41):
        gpio = HEADER[physical]
        row, right = (physical - 1) // 2, physical % 2 == 0
        y, x = top + row * step + 8, cx + 28 if right else cx - 28
        label, kind = use_of(gpio, pins, buzzer)
        colour = COLOURS[kind]
        d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=colour, outline="black")
        d.text((x, y), str(physical), font=font(13, "bold"), fill="white", anchor="mm")
        end = x + 60 if right else x - 60
        d.line((x + (14 if right else -14), y, end, y), fill=colour, width=3)
        d.text((end + (6 if right else -6), y), label, font=small, fill=colour, anchor="lm" if right else "rm")


def legend(d: ImageDraw.ImageDraw, x: int, y: int, kinds: tuple[str, ...]) -> None:
    """A row of coloured dots naming each kind of pin."""
    names = {"button": "a button's wire", "hat": "used by the HAT", "buzzer": "buzzer",
             "power": "power", "ground": "ground", "free": "free"}
    for i, kind in enumerate(kinds):
        d.ellipse((x + i * 190, y, x + 20 + i * 190, y + 20), fill=COLOURS[kind])
        d.text((x + 28 + i * 190, y + 10), names[kind], font=font(18), fill="black", anchor="lm")


def canvas(width: int, height: int, title: str, lines: tuple[str, ...]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A white page with a title and a few lines of text."""
    image = Image.new("RGB", (width, height), "white")
    d = ImageDraw.Draw(image)
    d.text((30, 18), title, font=font(30, "bold"), fill="black")
    for i, line in enumerate(lines):
        d.text((30, 62 + 26 * i), line, font=font(19), fill="black")
    return image, d


def pod(d: ImageDraw.ImageDraw, x: int, y: int, name: str, wire: str) -> None:
    """A seat pod: its button and the two cores of its cable."""
    d.rounded_rectangle((x - 44, y - 30, x + 44, y + 30), radius=8, outline="black", width=2)
    d.ellipse((x - 18, y - 18, x + 18, y + 18), fill=COLOURS["button"])
    d.text((x, y + 44), name, font=font(17, "bold"), fill="black", anchor="mm")
    for i, part in enumerate(wire.split(" (")):
        d.text((x, y + 64 + 18 * i), part.rstrip(")"), font=font(15), fill=COLOURS["button"], anchor="mm")


def star(d: ImageDraw.ImageDraw, left: int, top: int, names: list[tuple[str, str]], bus_label: str,
         signal_label: str = "to its GPIO") -> None:
    """Seat pods along a ground bus: each cable has a signal core to its pin and a ground core to the bus."""
    bus_y = top + 150
    d.line((left, bus_y, left + 8 * 100, bus_y), fill="black", width=6)
    d.text((left, top + 372), bus_label, font=font(17), fill="black")
    for i, (name, wire) in enumerate(names):
        x = left + 50 + i * 100
        pod(d, x, top + 280, name, wire)
        d.line((x - 10, top + 250, x - 10, bus_y), fill="black", width=3)          # ground core
        d.ellipse((x - 16, bus_y - 6, x - 4, bus_y + 6), fill="black")
        d.line((x + 10, top + 250, x + 10, top + 20), fill=COLOURS["button"], width=3)  # signal core
    d.text((left, top), signal_label, font=font(17), fill=COLOURS["button"])


def table() -> Image.Image:
    """The table build: header map, the stack, the ground bus with its seats, the buzzer's driver."""
    image, d = canvas(1800, 1140, "Easel table build: buttons and buzzer on the Pi's header, under the HAT",
                      ("Pi, then a proto board on a 2x20 stacking header, then the HAT on the header's long pins: "
                       "every pin still reaches the HAT,",
                       "and the button wires solder to the proto board's pads for the free GPIOs. Each button: "
                       "its GPIO and ground (internal pull-up)."))
    header(d, 360, 150, TABLE, True)
    legend(d, 30, 1100, ("button", "hat", "buzzer", "power", "ground", "free"))
    x0 = 820
    d.text((x0, 150), "The stack (side view)", font=font(22, "bold"), fill="black")
    stack = (("Waveshare e-Paper HAT (2.7\" V2: keys on GPIO 5, 6, 13, 19)", COLOURS["hat"]),
             ("proto board + 2x20 stacking header: button wires, ground bus", COLOURS["button"]),
             ("Raspberry Pi (Zero 2 WH, or Pi 4 / Pi 5)", COLOURS["power"]))
    for i, (label, colour) in enumerate(stack):
        y = 190 + i * 46
        d.rectangle((x0, y, x0 + 620, y + 30), outline=colour, width=3)
        d.text((x0 + 12, y + 15), label, font=font(17), fill=colour, anchor="lm")
    seats = [(f"seat{k}", f"GPIO{TABLE[f'seat{k}']} (pin {HEADER_PIN[TABLE[f'seat{k}']]})") for k in range(1, 9)]
    star(d, x0, 360, seats, "ground bus: a tinned wire along the proto board's GND row, to header pins 6, 9, 39")
    d.text((x0, 770), "Seat cables: 2-core 0.22 mm² (24 AWG), 1.5 m each (2 m at a long table's far end, "
                      "3 m at most), soldered", font=font(17), fill="black")
    d.text((x0, 794), "to the proto board at the hub, 2.8 mm spade terminals on the microswitch; a cable tie "
                      "at each exit. Star, not a chain.", font=font(17), fill="black")
    d.text((x0, 818), "roll (GPIO2, pin 3) and timer (GPIO3, pin 5): arcade buttons on the case's lid, short "
                      "wires, same ground bus.", font=font(17), fill="black")
    buzzer_circuit(d, x0, 860)
    return image


def buzzer_circuit(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """GPIO26 -> 1 kΩ -> NPN base; the buzzer between 5 V and the collector, a diode across it."""
    green, small = COLOURS["buzzer"], font(17)
    d.text((x, y), "Buzzer: active 5 V magnetic (TMB12A05, ~30 mA: too much for a pin), switched by an NPN",
           font=small, fill=green)
    base_y = y + 150
    d.text((x, base_y - 10), "GPIO26 (pin 37)", font=small, fill=green)
    d.line((x + 150, base_y, x + 190, base_y), fill=green, width=3)
    d.rectangle((x + 190, base_y - 9, x + 250, base_y + 9), outline=green, width=3)
    d.text((x + 220, base_y - 24), "1 kΩ", font=small, fill=green, anchor="mm")
    d.line((x + 250, base_y, x + 300, base_y), fill=green, width=3)
    d.line((x + 300, base_y - 30, x + 300, base_y + 30), fill=green, width=4)          # base bar
    d.line((x + 300, base_y - 12, x + 340, base_y - 50), fill=green, width=3)          # collector
    d.line((x + 300, base_y + 12, x + 340, base_y + 50), fill=green, width=3)          # emitter
    d.text((x + 350, base_y), "S8050 / 2N2222A", font=small, fill=green, anchor="lm")
    d.line((x + 340, base_y + 50, x + 340, base_y + 80), fill="black", width=3)
    d.text((x + 350, base_y + 72), "GND (pin 39)", font=small, fill="black", anchor="lm")
    d.line((x + 340, base_y - 50, x + 340, base_y - 70), fill=green, width=3)
    d.rectangle((x + 320, base_y - 110, x + 360, base_y - 70), outline=green, width=3)
    d.text((x + 340, base_y - 90), "BZ", font=small, fill=green, anchor="mm")
    d.line((x + 340, base_y - 110, x + 340, base_y - 120), fill=COLOURS["power"], width=3)
    d.text((x + 350, base_y - 126), "5V (pin 2)", font=small, fill=COLOURS["power"], anchor="lm")
    d.line((x + 360, base_y - 115, x + 420, base_y - 115), fill=green, width=2)
    d.line((x + 360, base_y - 65, x + 420, base_y - 65), fill=green, width=2)
    d.polygon(((x + 408, base_y - 75), (x + 432, base_y - 75), (x + 420, base_y - 100)), outline=green)
    d.line((x + 408, base_y - 102, x + 432, base_y - 102), fill=green, width=2)
    d.text((x + 440, base_y - 90), "1N4148 across the buzzer (stripe to 5 V)", font=small, fill=green, anchor="lm")
    for i, line in enumerate(("Or straight on GPIO26, no transistor:", "a passive piezo (TDK PS1240, < 1 mA)",
                              "with [buzzer] tonal = true, or an active", "buzzer rated 3.3 V, 16 mA or less.")):
        d.text((x + 560, base_y - 10 + 24 * i), line, font=small, fill=green)


def hat27() -> Image.Image:
    """The 2.7" HAT alone: nothing to wire; the pins it uses, its keys."""
    image, d = canvas(1100, 880, "Easel with the 2.7\" HAT alone: nothing to wire",
                      ("Plug the HAT on the 40-pin header (four M2.5 x 11 mm standoffs). Its keys KEY1..KEY4 are "
                       "up, down, ok, back.",))
    header(d, 550, 120, HAT27, False)
    legend(d, 40, 830, ("hat", "power", "ground", "free"))
    return image


def pico() -> Image.Image:
    """The Pico pad: each button between its GP pin and a GND terminal; USB to the Pi."""
    image, d = canvas(1500, 900, "Easel table build through the Pico pad: no soldering",
                      ("A Raspberry Pi Pico in a screw-terminal board, on USB to the Pi: each button between its "
                       "GP terminal and a GND terminal",
                       "(the Pico's pull-ups). The HAT stays on the Pi's header with its keys. No buzzer: the HAT "
                       "covers the Pi's pins ([buzzer] pin = 0)."))
    x0, y0 = 60, 150
    d.rounded_rectangle((x0, y0, x0 + 300, y0 + 640), radius=14, outline="black", width=3)
    d.text((x0 + 150, y0 + 20), "Pico (USB at the top)", font=font(18, "bold"), fill="black", anchor="mm")
    left = [(1, "GP0"), (2, "GP1"), (3, "GND"), (4, "GP2"), (5, "GP3"), (6, "GP4"), (7, "GP5"), (8, "GND"),
            (9, "GP6"), (10, "GP7"), (11, "GP8"), (12, "GP9"), (13, "GND"), (14, "GP10"), (15, "GP11"),
            (16, "GP12"), (17, "GP13"), (18, "GND"), (19, "GP14"), (20, "GP15")]
    names = {f"GP{gp}": name for name, gp in PICO.items()}
    for i, (physical, label) in enumerate(left):
        y = y0 + 50 + i * 29
        kind = "ground" if label == "GND" else "button" if label in names else "free"
        d.ellipse((x0 + 14, y - 9, x0 + 32, y + 9), fill=COLOURS[kind])
        d.text((x0 + 40, y), f"{physical} {label}", font=font(16), fill=COLOURS[kind], anchor="lm")
        if label in names:
            d.line((x0 + 14, y, x0 - 20, y), fill=COLOURS[kind], width=3)
            d.text((x0 + 300 + 10, y), names[label], font=font(16), fill=COLOURS[kind], anchor="lm")
    seats = [(f"seat{k}", f"GP{PICO[f'seat{k}']}") for k in range(1, 9)]
    star(d, 520, 160, seats, "GND terminals (pins 3, 8, 13, 18, 23): each cable's ground core",
         "to its GP terminal")
    d.text((520, 570), "Seat cables as in the table build: 2-core, 1.5 m (3 m at most), spade terminals "
                       "on the microswitch,", font=font(17), fill="black")
    d.text((520, 594), "bare ends in the screw terminals. roll = GP10, timer = GP11; up/down/ok/back "
                       "(GP12-15) are optional.", font=font(17), fill="black")
    d.text((520, 650), "USB: the Pico's micro-USB to the Pi's USB port (a Zero 2 W: its USB port, an "
                       "OTG cable). [buttons] serial =", font=font(17), fill="black")
    d.text((520, 674), "the pad's name in /dev/serial/by-id/ (hardware/pico/README.md).",
           font=font(17), fill="black")
    legend(d, 40, 850, ("button", "ground", "free"))
    return image


PICTURES = {"wiring.png": table, "wiring-hat27.png": hat27, "wiring-pico.png": pico}

if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    for name, draw in PICTURES.items():
        draw().save(here / name)
        print(f"wrote {here / name}")
