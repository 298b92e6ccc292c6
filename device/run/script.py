"""Headless button scripts: `press NAME`, `hold NAME`, `wait SECONDS`, `# comment`.

A script file may name its seed in a `# seed N` line before its first step; `--seed` wins over it,
and it wins over the config's `seed =`.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from device.errors import UserError, quote
from device.userfiles import SCRIPT_BYTES, SCRIPT_LINE_BYTES, read_bounded_text
from hardware.events import BUTTONS, ButtonEvent

MAX_SEED = 2**64 - 1
_SEED_LINE = re.compile(r"#\s*seed\s+(\S+)", re.IGNORECASE)
_FOUR_KEYS_LINE = re.compile(r"#\s*buttons:\s*four keys", re.IGNORECASE)
FOUR_KEYS_HEADER = "# buttons: four keys"


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
        if line:
            steps.append((number, _step(line, f"{source}:{number}")))
    return steps


def _step(line: str, where: str) -> Step:
    """One step from a line without its comment; UserError naming `where` if it is not one."""
    words = line.split()
    verb = words[0].lower()
    if verb in ("press", "hold"):
        if len(words) != 2:
            raise UserError(f"{where}: {quote(line)} needs one button, e.g. '{verb} ok'")
        if words[1] not in BUTTONS:
            raise UserError(f"{where}: unknown button {quote(words[1])}; use one of up, down, ok, back, roll, "
                            "timer, seat1..seat8")
        return ButtonEvent(words[1], "press" if verb == "press" else "hold")
    if verb == "wait":
        if len(words) != 2:
            raise UserError(f"{where}: {quote(line)} needs a number of seconds, e.g. 'wait 90'")
        try:
            seconds = float(words[1])
        except ValueError:
            raise UserError(f"{where}: {quote(words[1])} is not a number of seconds; "
                            "write e.g. 'wait 1.5'") from None
        if seconds < 0 or seconds != seconds or seconds > 86_400:
            raise UserError(f"{where}: wait {quote(words[1])[1:-1]} is out of range; use 0 to 86400 seconds")
        return Wait(round(seconds * 1000))
    raise UserError(f"{where}: unknown step {quote(words[0])}; use press NAME, hold NAME or wait SECONDS")


def is_seed_line(line: str) -> bool:
    """Whether a script line is a `# seed N` header (right or wrong)."""
    return _SEED_LINE.fullmatch(line.strip()) is not None


def seed_header(text: str, source: str) -> int | None:
    """The seed a script's `# seed N` header names, or None; UserError for a header that is not a
    seed from 0 to 2^64-1, a second header, or one after the first step."""
    seed: tuple[int, int] | None = None  # (seed, line)
    stepped = False
    for number, raw in enumerate(text.splitlines(), 1):
        found = _SEED_LINE.fullmatch(raw.strip())
        if found is None:
            stepped = stepped or bool(raw.split("#", 1)[0].strip())
            continue
        where = f"{source}:{number}"
        if stepped:
            raise UserError(f"{where}: the '# seed' header comes after the first step; move it to the top")
        if seed is not None:
            raise UserError(f"{where}: a second '# seed' header (the first is on line {seed[1]}); keep one")
        value = found.group(1)
        if not (value.isascii() and value.isdigit()) or int(value) > MAX_SEED:
            raise UserError(f"{where}: '# seed {quote(value)[1:-1]}' is not a seed; write '# seed N' with N "
                            f"a whole number from 0 to {MAX_SEED}")
        seed = (int(value), number)
    return None if seed is None else seed[0]


def read_script(path: Path) -> list[Step]:
    """Read and parse a script file."""
    return parse_script(_read(path), str(path))


def read_numbered(path: Path) -> list[tuple[int, Step]]:
    """Read and parse a script file into (line number, step) pairs."""
    return parse_numbered(_read(path), str(path))


def read_seeded(path: Path) -> tuple[int | None, list[tuple[int, Step]]]:
    """Read a script file: the seed of its `# seed N` header (None without one) and its steps."""
    text = _read(path)
    return seed_header(text, str(path)), parse_numbered(text, str(path))


def four_keys_header(text: str) -> bool:
    """True when a `# buttons: four keys` line comes before the first step: the script was written
    for the build with the four keys alone, whose screens say OK where the table build's say seat
    button (headless runs it as that build)."""
    for raw in text.splitlines():
        if raw.split("#", 1)[0].strip():
            return False
        if _FOUR_KEYS_LINE.fullmatch(raw.strip()):
            return True
    return False


def read_four_keys(path: Path) -> bool:
    """Whether the script file declares the four-keys build (see `four_keys_header`)."""
    return four_keys_header(_read(path))


def _read(path: Path) -> str:
    return read_bounded_text(path, "script", SCRIPT_BYTES, "check the --script path")


def stream_lines(source: BinaryIO, limit: int = SCRIPT_LINE_BYTES) -> Iterator[tuple[int, str | UserError]]:
    """Each line of a script streamed on stdin with its number: its text, or the UserError saying
    why it cannot be read (longer than `limit` bytes, not UTF-8). No more than `limit` + 1 bytes
    of a line are held: the rest of a line too long is read and dropped."""
    number = 0
    while raw := source.readline(limit + 1):
        number += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = source.readline(limit + 1)
            yield number, UserError(f"<stdin>:{number}: a line longer than {limit:,} bytes; send one step "
                                    "a line, e.g. 'press ok'")
            continue
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8):]
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError:
            yield number, UserError(f"<stdin>:{number}: not UTF-8 text; send the script as UTF-8")
