"""The `easel` command: play (on a panel, in the terminal or headless), gallery, doctor."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.config import Config, load_config
from device.errors import UserError
from device.framework.resources import DataError
from device.run import collector
from device.run.arguments import parser
from device.settings import Settings
from device.storage.store_file import nearest_existing, shown
from device.storage.unsaved import report_unsaved
from device.wordpacks import WordPackError
from hardware.buttons import PinMapError

if TYPE_CHECKING:
    from device.storage.history import GameRecord


def main(argv: list[str] | None = None) -> int:
    """Entry point: returns the exit code (2 for bad input, with one line on stderr)."""
    try:
        args = parser().parse_args(argv)
        if args.command == "play":
            return _play(args)
        collector.done()  # the other commands show no frame to wait for
        if args.command == "gallery":
            from device.run.gallery import write_gallery

            writable_directory(args.out, "--out")
            count = write_gallery(args.out, only=args.only)
            print(f"wrote {count} screens to {args.out}")
            return 0
        if args.command == "history":
            return _history(args)
        if args.command == "doctor":
            from device.run.doctor import run_doctor

            return run_doctor(load_config(args.config), selftest=args.selftest)
        parser().print_help()
        return 0
    except (UserError, DataError, WordPackError, PinMapError) as exc:
        print(f"easel: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _history(args: argparse.Namespace) -> int:
    from device.storage.store import read_games

    for flag, target in (("--csv", args.csv), ("--json", args.json)):
        if target is not None and str(target) != "-":
            writable_file(target, flag)
    config = load_config(args.config)
    path = args.db or config.database
    if not path.exists() and not path.is_symlink():
        raise UserError(f"--db {shown(path)}: no database yet; play a game first, or give --db")
    records = read_games(path)  # read-only: no file is created, changed or renamed
    seat_label = _seat_label(config.language)
    _export_history(args, records, seat_label)
    if args.csv is None and args.json is None:
        _print_history(records, seat_label)
        _print_aside(path, seat_label)
    return 0


def _print_aside(path: Path, seat_label: Callable[[int], str]) -> None:
    """One line per game kept aside (it could not resume): its scores so far, and why."""
    from device.framework.loader import app
    from device.framework.registry import GAMES
    from device.storage.store import read_aside
    from device.widgets.game_app import GameApp

    for kept in read_aside(path):
        owner = app(kept.mode) if kept.mode in GAMES else None
        scores = owner.saved_scores(kept.state, kept.form) if isinstance(owner, GameApp) else None
        shown_scores = " ".join(f"{seat_label(s)}={p}" for s, p in enumerate(scores, start=1)) if scores else "?"
        print(f"kept aside  {kept.mode:8s} {shown_scores}  ({kept.reason})")


def _seat_label(lang: str) -> Callable[[int], str]:
    """How the history names a seat left unnamed, in the configured language ("Seat 2")."""
    from device.strings.all import STRINGS

    return lambda seat: STRINGS(lang, "seat", seat=seat)


def _export_history(args: argparse.Namespace, records: list[GameRecord], seat_label: Callable[[int], str]) -> None:
    """Write the --csv and --json exports asked for, to a file or to stdout ("-")."""
    from device.storage.history import to_csv, to_json

    for target, text in ((args.csv, to_csv(records, seat_label) if args.csv else ""),
                         (args.json, to_json(records, seat_label) if args.json else "")):
        if target is None:
            continue
        if str(target) == "-":
            sys.stdout.write(text)
        else:
            try:
                target.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise UserError(f"{target}: cannot write the history ({exc.strerror}); choose "
                                "another file") from None
            print(f"wrote {len(records)} games to {target}")


def _print_history(records: list[GameRecord], seat_label: Callable[[int], str]) -> None:
    """One line per finished game, or a note that there are none."""
    if not records:
        print("no finished games yet")
    for r in records:
        winners = ", ".join(r.winner_names(seat_label))
        scores = " ".join(f"{name}={score}" for name, score in zip(r.names(seat_label), r.scores, strict=False))
        print(f"{r.finished}  {r.game:8s} {scores}  winner: {winners}")


def writable_file(path: Path, flag: str) -> None:
    """UserError unless `path` can be written as a file: not a directory, its folder exists."""
    if path.is_dir():
        raise UserError(f"{flag} {path}: is a directory; give a file name such as {path / 'games'}")
    if not path.parent.is_dir():
        raise UserError(f"{flag} {path}: folder {path.parent} does not exist; create it or choose "
                        "another path")


def writable_directory(path: Path, flag: str) -> None:
    """UserError unless `path` is a directory or could be made one (no file in the way)."""
    found = nearest_existing(path)
    if not found.is_dir():
        where = "is a file" if found == path else f"is inside {found}, which is a file"
        raise UserError(f"{flag} {path}: {where}; give a directory")


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


def _seed(config: Config, args: argparse.Namespace, script_seed: int | None = None) -> int:
    """The game's seed: --seed, else the script's `# seed N` header, else the config's, else random."""
    if args.seed is not None:
        return int(args.seed)
    if script_seed is not None:
        return script_seed
    if config.seed is not None:
        return config.seed
    return int.from_bytes(os.urandom(8), "big")


def _play(args: argparse.Namespace) -> int:
    from device.framework.resources import Resources

    config = load_config(args.config)
    settings = _settings(config, args)
    Resources(dice_file=config.dice_file, word_packs=config.word_packs).check()
    if args.headless:
        return _play_headless(args, config, settings)
    if args.script or args.frames:
        raise UserError("--script and --frames go with --headless; add --headless")
    if config.serial and not config.real_panel:
        # The simulator reads the keyboard, but a pad path that does not exist is still a
        # mistake in the config worth saying before the table starts (issue 14).
        from hardware.serial_pad import SerialPadError, check_serial_path

        try:
            check_serial_path(config.serial)
        except SerialPadError as exc:
            raise UserError(f"{config.source}: {exc}") from None
    web_flags = [flag for flag, given in (("--port", args.port is not None), ("--bind", args.bind is not None),
                                          ("--no-browser", args.no_browser)) if given]
    if config.real_panel and (args.web or args.terminal):
        raise UserError(f"--{'web' if args.web else 'terminal'}: {config.source} drives a real panel "
                        f"({config.panel}); set [display] panel = \"simulator\" to simulate one")
    web = not config.real_panel and not args.terminal and (args.web or desktop_session())
    if web_flags and not web:
        raise UserError(f"{web_flags[0]} goes with the browser simulator; add --web")
    if web:
        from device.run.web.run import DEFAULT_PORT, parse_port, run_web

        port = DEFAULT_PORT if args.port is None else parse_port(args.port)
        return run_web(config, settings, _seed(config, args), args.db or config.database, _forced(config, args),
                       port=port, bind=args.bind, browser=not args.no_browser)
    from device.run.app import run_interactive

    return run_interactive(config, settings, _seed(config, args), args.db or config.database, _forced(config, args))


def desktop_session(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether a browser can open on this screen: a desktop session, not an SSH login.

    macOS and Windows always have one; elsewhere a graphical session sets DISPLAY or
    WAYLAND_DISPLAY. Over SSH (even with X forwarding) the terminal simulator is the one that works.
    """
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    if env.get("SSH_CONNECTION") or env.get("SSH_TTY"):
        return False
    if system == "darwin" or system.startswith("win"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def _play_headless(args: argparse.Namespace, config: Config, settings: Settings) -> int:
    from device.clock import VirtualClock
    from device.framework.resources import Resources
    from device.framework.runner import DeviceSetup, Runner, RunnerDeps
    from device.run.headless import FrameRecorder, SoundLog, run_script, write_state
    from device.run.script import read_four_keys, read_seeded
    from device.storage.store import Store

    if args.script is None:
        raise UserError("--headless needs --script FILE (one 'press NAME', 'hold NAME' or 'wait SECONDS' a line)")
    streaming = str(args.script) == "-"
    paced = bool(args.panel) and not config.real_panel
    if streaming and paced:
        raise UserError("--panel paces a script file; use --script FILE, not '-', or drop --panel")
    script_seed, numbered = (None, []) if streaming else read_seeded(args.script)
    four_keys = config.four_keys_only or (not streaming and read_four_keys(args.script))
    frames_dir = args.frames or Path("frames")
    writable_directory(frames_dir, "--frames")  # before the database is opened
    resources = Resources(dice_file=config.dice_file, word_packs=config.word_packs)
    store = Store(args.db)
    clock = VirtualClock(store.resume_ms())
    recorder = FrameRecorder(frames_dir)
    sounds = SoundLog(frames_dir)
    log_file = None
    sink: Any = recorder
    if paced:
        from device.display.panel_sim import SimulatedPanel
        from device.run.table_pace import PanelSink
        from hardware.panels import panel as lookup

        log_file = (frames_dir / "refresh.jsonl").open("w", encoding="utf-8")
        simulated = SimulatedPanel(lookup(args.panel), log_file, config.sleep_after_s)
        simulated.run_until(clock.now_ms())
        sink = PanelSink(recorder, simulated, clock)
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        runner = Runner(RunnerDeps(store=store, resources=resources, sink=sink, clock=clock, on_sound=sounds.play),
                        DeviceSetup(settings=settings, seed=_seed(config, args, script_seed),
                                    panel_locked=config.real_panel, forced=_forced(config, args),
                                    seat_buttons=not four_keys))
        runner.show()
        collector.done()
        if streaming:
            from device.run.headless import run_stream

            run_stream(runner, clock, sys.stdin.buffer, sys.stdout)
        elif paced:
            from device.run.table_pace import run_paced

            run_paced(runner, clock, sink, numbered)
        else:
            run_script(runner, clock, [step for _, step in numbered])
    except _Terminated:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        sounds.close()
        if log_file is not None:
            log_file.close()
    write_state(runner, frames_dir)
    write_error = store.write_error
    unsaved = runner.shutdown()
    extra = f" and {frames_dir / 'refresh.jsonl'}" if paced else ""
    print(f"{recorder.count} frames in {frames_dir}; final state in {frames_dir / 'state.json'}{extra}")
    return report_unsaved(unsaved, write_error, args.db)


class _Terminated(Exception):
    """SIGTERM: stop feeding steps, then save what can be saved and exit."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    sys.exit(main())
