# mypy: ignore-errors
# Easel serial button pad for a Raspberry Pi Pico, in MicroPython (not part of the Python
# package: copy it to the Pico as main.py). Wiring and protocol: README.md beside this file.
import select
import sys
import time

from machine import Pin

VERSION = "1.0"
DEBOUNCE_MS = 15  # a contact must stay put this long before its change is reported

# (logical button, GP number): each button between its GP pin and GND.
BUTTONS = (
    ("seat1", 2), ("seat2", 3), ("seat3", 4), ("seat4", 5),
    ("seat5", 6), ("seat6", 7), ("seat7", 8), ("seat8", 9),
    ("roll", 10), ("timer", 11),
    ("up", 12), ("down", 13), ("ok", 14), ("back", 15),
)


def say(line):
    sys.stdout.write(line + "\n")


def hello():
    say("HELLO easel-pad " + VERSION)


def main():
    pins = [Pin(gp, Pin.IN, Pin.PULL_UP) for _, gp in BUTTONS]
    down = [False] * len(pins)  # the reported state
    seen = [False] * len(pins)  # the raw state, and since when
    since = [time.ticks_ms()] * len(pins)
    host = select.poll()
    host.register(sys.stdin, select.POLLIN)
    hello()
    while True:
        now = time.ticks_ms()
        for i, pin in enumerate(pins):
            pressed = pin.value() == 0  # pulled up: a pressed button reads 0
            if pressed != seen[i]:
                seen[i] = pressed
                since[i] = now
            elif pressed != down[i] and time.ticks_diff(now, since[i]) >= DEBOUNCE_MS:
                down[i] = pressed
                say(("D " if pressed else "U ") + BUTTONS[i][0])
        if host.poll(0) and sys.stdin.read(1) == "?":
            hello()
        time.sleep_ms(1)


main()
