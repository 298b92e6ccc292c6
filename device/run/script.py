"""Headless button scripts: `press NAME`, `hold NAME`, `wait SECONDS`, `# comment`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from device.errors import UserError, quote, read_user_text
from hardware.events import BUTTONS, ButtonEvent


@dataclass(frozen=True)
class Wait:
    """Let virtual time pass."""

    ms: int


Step = ButtonEvent | Wait


def parse_script(text: str, source: str, first_line: int = 1) -> list[Step]:
    """Parse a script; UserError names the file, the line and how to fix it."""
    return [step for _, step in parse_numbered(text, source, first_line)]


def parse_numbered(text: str, source: str, first_line: int = 1) -> list[tuple[int, Step]]:
    """Parse a script into (1-based line number, step) pairs."""
    steps: list[tuple[int, Step]] = []
    for number, raw in enumerate(text.splitlines(), first_line):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source}:{number}"
        words = line.split()
        verb = words[0].lower()
        if verb in ("press", "hold"):
            if len(words) != 2:
                raise UserError(f"{where}: {quote(line)} needs one button, e.g. '{verb} ok'")
            if words[1] not in BUTTONS:
                raise UserError(f"{where}: unknown button {quote(words[1])}; use one of up, down, ok, back, roll, "
                                "timer, seat1..seat8")
            steps.append((number, ButtonEvent(words[1], "press" if verb == "press" else "hold")))
        elif verb == "wait":
            if len(words) != 2:
                raise UserError(f"{where}: {quote(line)} needs a number of seconds, e.g. 'wait 90'")
            try:
                seconds = float(words[1])
            except ValueError:
                raise UserError(f"{where}: {quote(words[1])} is not a number of seconds; "
                                "write e.g. 'wait 1.5'") from None
            if seconds < 0 or seconds != seconds or seconds > 86_400:
                raise UserError(f"{where}: wait {quote(words[1])[1:-1]} is out of range; use 0 to 86400 seconds")
            steps.append((number, Wait(round(seconds * 1000))))
        else:
            raise UserError(f"{where}: unknown step {quote(words[0])}; use press NAME, hold NAME or wait SECONDS")
    return steps


def read_script(path: Path) -> list[Step]:
    """Read and parse a script file."""
    return parse_script(read_user_text(path, "script", "check the path"), str(path))


def read_numbered(path: Path) -> list[tuple[int, Step]]:
    """Read and parse a script file into (line number, step) pairs."""
    return parse_numbered(read_user_text(path, "script", "check the path"), str(path))
