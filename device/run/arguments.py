"""The `easel` command line's grammar: its commands and flags, a mistake as one line."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from device.errors import UserError, quote
from device.run.script import MAX_SEED


def version() -> str:
    """The installed version of easel-companion."""
    from importlib import metadata  # only here: it brings in email and zipfile, 4.5 MB on a Pi

    try:
        return metadata.version("easel-companion")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def columns() -> int:
    """The terminal's width as shutil.get_terminal_size finds it: $COLUMNS, else stdout's, else 80."""
    try:
        found = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        found = 0
    stdout = sys.__stdout__
    if found <= 0 and stdout is not None:
        try:
            found = os.get_terminal_size(stdout.fileno()).columns
        except (AttributeError, ValueError, OSError):
            found = 0
    return found or 80


class _HelpLayout(argparse.HelpFormatter):
    """argparse's help layout, the width found without importing shutil (argparse's own way
    imports it, and bz2 and lzma, at every start of a headless run: 1.5 ms)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, columns() - 2 if width is None else width)


class _OneLineParser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (UserError) instead of the usage and a message, and
    the help laid out by _HelpLayout."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpLayout)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Report a command-line mistake as one line naming the flag, with the fix."""
        message = re.sub(r"^argument ", "", message)
        message = re.sub(r"'([^']{41,})'", lambda m: quote(m.group(1)), message)
        raise UserError(f"{message}; see '{self.prog} --help'")


def seed_value(text: str) -> int:
    """A --seed: a whole number from 0 to 2^64-1."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{quote(text)} is not a whole number; give a seed from 0 to {MAX_SEED}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"{quote(text)} is out of range; give a seed from 0 to {MAX_SEED}")
    return value


class _Version(argparse.Action):
    """--version, looked up only when asked for (the lookup costs 4.5 MB and 25 ms at every start)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"easel {version()}")
        parser.exit()


def parser() -> argparse.ArgumentParser:
    """The `easel` command line: play, gallery, history, doctor."""
    easel = _OneLineParser(prog="easel", description="Easel: an e-paper table companion.")
    easel.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = easel.add_subparsers(dest="command")
    play = sub.add_parser("play", help="run Easel: on the configured panel, else the simulator (browser page on a "
                                       "desktop, terminal over SSH or without a desktop)")
    play.add_argument("--config", type=Path, help="TOML config file")
    play.add_argument("--lang", choices=("en", "fr"), help="interface language")
    play.add_argument("--panel", help="simulated panel model, e.g. epd2in13_V4 or epd7in5_V2")
    play.add_argument("--seed", type=seed_value, help="seed for dice and shuffles, 0 to 2^64-1 (replays are identical)")
    play.add_argument("--db", type=Path, help="database file (default: the state directory)")
    play.add_argument("--headless", action="store_true", help="no terminal: run --script in virtual time")
    play.add_argument("--script", type=Path, help="button script: press NAME / hold NAME / wait SECONDS")
    play.add_argument("--frames", type=Path, help="write every frame shown as DIR/NNNN.png (with --headless "
                      "--panel MODEL also DIR/refresh.jsonl, presses paced as a table paces them)")
    where = play.add_mutually_exclusive_group()
    where.add_argument("--web", action="store_true", help="the simulator in a browser page (default on a desktop)")
    where.add_argument("--terminal", action="store_true", help="the simulator in this terminal (default over SSH)")
    play.add_argument("--port", help="--web: the page's port (default 8421; 0 = any free port)")
    play.add_argument("--bind", help="--web: listen on this address instead of 127.0.0.1 (lets others press!)")
    play.add_argument("--no-browser", action="store_true", help="--web: print the address, do not open a browser")
    gallery = sub.add_parser("gallery", help="write every screen as PNGs")
    gallery.add_argument("--out", type=Path, required=True, help="output directory")
    gallery.add_argument("--only", default="", help="only apps whose key starts with this")
    history = sub.add_parser("history", help="list finished games; export them as CSV or JSON")
    history.add_argument("--config", type=Path, help="TOML config file (for the database path)")
    history.add_argument("--db", type=Path, help="database file")
    history.add_argument("--csv", type=Path, help="write the history as CSV to this file ('-' for stdout)")
    history.add_argument("--json", type=Path, help="write the history as JSON to this file ('-' for stdout)")
    doctor = sub.add_parser("doctor", help="check SPI, groups, pins, the panel and the buttons")
    doctor.add_argument("--config", type=Path, help="TOML config file")
    doctor.add_argument("--selftest", action="store_true",
                        help="walk through every button by name, the buzzer and the panel, "
                             "answering with ok (yes) or back (no)")
    return easel
