"""The `easel` command: play (on a panel, in the terminal or headless), gallery, doctor."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from device.config import Config, load_config
from device.errors import UserError
from device.resources import DataError
from device.settings import Settings
from device.store_file import shown
from device.wordpacks import WordPackError
from hardware.buttons import PinMapError
from hardware.buzzer import Sound

EXIT_UNSAVED = 3  # play ended (quit, SIGTERM, end of script) with steps the disk never took


def version() -> str:
    """The installed version of easel-companion."""
    try:
        return metadata.version("easel-companion")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="easel", description="Easel: an e-paper table companion.")
    parser.add_argument("--version", action="version", version=f"easel {version()}")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="run Easel (the terminal simulator unless a panel is configured)")
    play.add_argument("--config", type=Path, help="TOML config file")
    play.add_argument("--lang", choices=("en", "fr"), help="interface language")
    play.add_argument("--panel", help="simulated panel model, e.g. epd2in13_V4 or epd7in5_V2")
    play.add_argument("--seed", type=int, help="seed for dice and shuffles (replays are identical)")
    play.add_argument("--db", type=Path, help="database file (default: the state directory)")
    play.add_argument("--headless", action="store_true", help="no terminal: run --script in virtual time")
    play.add_argument("--script", type=Path, help="button script: press NAME / hold NAME / wait SECONDS")
    play.add_argument("--frames", type=Path, help="write every frame shown as DIR/NNNN.png")
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
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point: returns the exit code (2 for bad input, with one line on stderr)."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "play":
            return _play(args)
        if args.command == "gallery":
            from device.gallery import write_gallery

            count = write_gallery(args.out, only=args.only)
            print(f"wrote {count} screens to {args.out}")
            return 0
        if args.command == "history":
            return _history(args)
        if args.command == "doctor":
            from device.doctor import run_doctor

            return run_doctor(load_config(args.config))
        _parser().print_help()
        return 0
    except (UserError, DataError, WordPackError, PinMapError) as exc:
        print(f"easel: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _history(args: argparse.Namespace) -> int:
    from device.history import to_csv, to_json
    from device.store import read_games

    config = load_config(args.config)
    path = args.db or config.database
    if not path.exists() and not path.is_symlink():
        raise UserError(f"--db {shown(path)}: no database yet; play a game first, or give --db")
    records = read_games(path)  # read-only: no file is created, changed or renamed
    for target, text in ((args.csv, to_csv(records) if args.csv else ""),
                         (args.json, to_json(records) if args.json else "")):
        if target is None:
            continue
        if str(target) == "-":
            sys.stdout.write(text)
        else:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {len(records)} games to {target}")
    if args.csv is None and args.json is None:
        if not records:
            print("no finished games yet")
        for r in records:
            winners = ", ".join(r.winner_names())
            scores = " ".join(f"{name}={score}" for name, score in zip(r.players, r.scores, strict=False))
            print(f"{r.finished}  {r.game:8s} {scores}  winner: {winners}")
    return 0


def _settings(config: Config, args: argparse.Namespace) -> Settings:
    panel = config.panel if config.real_panel else (args.panel or config.simulator_panel)
    if args.panel and not config.real_panel:
        from hardware.panels import panel as lookup

        try:
            lookup(args.panel)
        except ValueError as exc:
            raise UserError(f"--panel: {exc}") from None
    return Settings(language=args.lang or config.language, word_language=config.word_language, panel=panel,
                    buzzer=config.buzzer, sandglass_s=config.sandglass_s, players=config.players)


def _forced(config: Config, args: argparse.Namespace) -> dict[str, Any]:
    """Settings the command line (or a real panel) imposes even on a resumed game."""
    forced: dict[str, Any] = {}
    if args.lang:
        forced["language"] = args.lang
    if config.real_panel:
        forced["panel"] = config.panel
    elif args.panel:
        forced["panel"] = args.panel
    return forced


def _seed(config: Config, args: argparse.Namespace) -> int:
    if args.seed is not None:
        return int(args.seed) & 0xFFFFFFFF
    if config.seed is not None:
        return config.seed
    return int.from_bytes(os.urandom(4), "big")


def _play(args: argparse.Namespace) -> int:
    from device.resources import Resources

    config = load_config(args.config)
    settings = _settings(config, args)
    Resources(dice_file=config.dice_file, word_packs=config.word_packs).check()
    if args.headless:
        return _play_headless(args, config, settings)
    if args.script or args.frames:
        raise UserError("--script and --frames go with --headless; add --headless")
    from device.app import run_interactive

    return run_interactive(config, settings, _seed(config, args), args.db or config.database, _forced(config, args))


def _play_headless(args: argparse.Namespace, config: Config, settings: Settings) -> int:
    from device.clock import VirtualClock
    from device.headless import FrameRecorder, run_script, write_state
    from device.resources import Resources
    from device.runner import Runner
    from device.script import read_script
    from device.store import Store

    if args.script is None:
        raise UserError("--headless needs --script FILE (one 'press NAME', 'hold NAME' or 'wait SECONDS' a line)")
    streaming = str(args.script) == "-"
    steps = [] if streaming else read_script(args.script)
    frames_dir = args.frames or Path("frames")
    resources = Resources(dice_file=config.dice_file, word_packs=config.word_packs)
    store = Store(args.db)
    clock = VirtualClock(store.resume_ms())
    recorder = FrameRecorder(frames_dir)
    sounds: list[tuple[int, Sound]] = []
    runner = Runner(store=store, resources=resources, sink=recorder, clock=clock, settings=settings,
                    seed=_seed(config, args), panel_locked=config.real_panel, forced=_forced(config, args),
                    on_sound=lambda ms, s: sounds.append((ms, s)))
    runner.show()
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        if streaming:
            from device.headless import run_stream

            run_stream(runner, clock, sys.stdin, sys.stdout)
        else:
            run_script(runner, clock, steps)
    except _Terminated:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
    write_state(runner, frames_dir, sounds)
    write_error = store.write_error
    unsaved = runner.shutdown()
    print(f"{recorder.count} frames in {frames_dir}; final state in {frames_dir / 'state.json'}")
    return report_unsaved(unsaved, write_error, args.db)


class _Terminated(Exception):
    """SIGTERM: stop feeding steps, then save what can be saved and exit."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated()


def report_unsaved(unsaved: int, reason: str, db: Path | None) -> int:
    """Exit code 0, or 3 with one line on stderr when some steps could not be written to disk."""
    if not unsaved:
        return 0
    print(f"easel: {unsaved} steps were not saved to {shown(db)} ({reason[:50]}); "
          "free space or make it writable, then play on", file=sys.stderr)
    return EXIT_UNSAVED


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    sys.exit(main())
