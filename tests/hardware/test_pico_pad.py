"""The Pico pad program (MicroPython) run against fake `machine`/`time`/`select` modules."""

from __future__ import annotations

import builtins
import contextlib
import re
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hardware.events import BUTTONS

PICO = Path(__file__).resolve().parents[2] / "hardware" / "pico"


class Stop(Exception):
    """Ends the program's endless loop."""


class Board:
    """A fake Pico: pins scripted over virtual milliseconds, a USB serial in each direction."""

    def __init__(self, script: Callable[[int], dict[int, int]], until_ms: int,
                 host_input: str = "") -> None:
        self.now = 0
        self.script = script
        self.until = until_ms
        self.output = ""
        self.input = host_input

    def modules(self) -> dict[str, types.ModuleType]:
        board = self

        class Pin:
            IN, PULL_UP = 0, 1

            def __init__(self, gp: int, mode: int, pull: int) -> None:
                assert mode == Pin.IN and pull == Pin.PULL_UP
                self.gp = gp

            def value(self) -> int:
                return board.script(board.now).get(self.gp, 1)

        class Stdin:
            def read(self, n: int) -> str:
                char, board.input = board.input[:n], board.input[n:]
                return char

        class Stdout:
            def write(self, text: str) -> None:
                board.output += text

        class Poll:
            def register(self, stream: object, mask: int) -> None:
                pass

            def poll(self, timeout: int) -> list[tuple[object, int]]:
                return [(None, 1)] if board.input and board.now >= 50 else []

        def sleep_ms(ms: int) -> None:
            board.now += ms
            if board.now > board.until:
                raise Stop

        machine = types.ModuleType("machine")
        machine.Pin = Pin  # type: ignore[attr-defined]
        time = types.ModuleType("time")
        time.ticks_ms = lambda: board.now  # type: ignore[attr-defined]
        time.ticks_diff = lambda a, b: a - b  # type: ignore[attr-defined]
        time.sleep_ms = sleep_ms  # type: ignore[attr-defined]
        select = types.ModuleType("select")
        select.poll = Poll  # type: ignore[attr-defined]
        select.POLLIN = 1  # type: ignore[attr-defined]
        sys = types.ModuleType("sys")
        sys.stdin, sys.stdout = Stdin(), Stdout()  # type: ignore[attr-defined]
        return {"machine": machine, "time": time, "select": select, "sys": sys}

    def run(self) -> list[str]:
        fakes = self.modules()

        def fake_import(name: str, *args: Any, **kwargs: Any) -> types.ModuleType:
            return fakes[name]

        code = compile((PICO / "main.py").read_text(), "main.py", "exec")
        with contextlib.suppress(Stop):
            exec(code, {"__builtins__": {**vars(builtins), "__import__": fake_import}})
        return self.output.splitlines()


def test_a_bouncy_press_is_one_down_and_one_up_line() -> None:
    def script(ms: int) -> dict[int, int]:
        if 10 <= ms < 14:  # GP4 (seat3) bounces, then stays pressed until 200 ms
            return {4: ms % 2}
        return {4: 0} if 14 <= ms < 200 else {}

    assert Board(script, 400).run() == ["HELLO easel-pad 1.0", "D seat3", "U seat3"]


def test_a_glitch_shorter_than_the_debounce_time_is_ignored() -> None:
    assert Board(lambda ms: {10: 0} if 20 <= ms < 25 else {}, 200).run() == [
        "HELLO easel-pad 1.0"]


def test_the_pad_says_hello_when_asked() -> None:
    assert Board(lambda ms: {}, 100, host_input="?").run() == ["HELLO easel-pad 1.0"] * 2


def test_buttons_are_easel_buttons_on_distinct_pins_as_the_readme_says() -> None:
    source = (PICO / "main.py").read_text()
    pairs = re.findall(r'\("(\w+)", (\d+)\)', source)
    assert sorted(name for name, _ in pairs) == sorted(BUTTONS)
    assert len({gp for _, gp in pairs}) == len(pairs)
    readme = (PICO / "README.md").read_text()
    table = dict(re.findall(r"^\| (\w+) \| GP(\d+) \|", readme, re.MULTILINE))
    assert table == dict(pairs)
