"""What a start loads (issue 19: a Pi Zero 2 W has 512 MB and a 45 MB budget for Easel):
importlib.metadata brings in email, zipfile and csv (4.5 MB resident), so only --version
looks the version up. And what a start costs (issue 30: at most 0.15 s of CPU to the first
answered press, benchmarks/start.py): the cyclic collector would walk the start's objects
again and again while they are made, and argparse's way to find the help's width imports
shutil, bz2 and lzma."""

from __future__ import annotations

import gc
import os
import queue
import shutil
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest
from pytest_mock import MockerFixture

from device.run.arguments import columns
from device.run.loop import STOP, run_loop
from hardware.events import ButtonEvent

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("importlib.metadata", "email")


def loaded_after(code: str, tmp_path: Path) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "; import sys; print(' '.join(sys.modules))"],
                         cwd=tmp_path, capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}).stdout
    return set(out.split()[-1000:]) if out else set()


def test_a_headless_game_does_not_look_up_the_version(tmp_path: Path) -> None:
    (tmp_path / "game.txt").write_text("press ok\npress roll\n", encoding="utf-8")
    modules = loaded_after("from device.run.cli import main; main(['play', '--headless', '--script', "
                           "'game.txt', '--frames', 'f', '--db', 'e.db'])", tmp_path)
    assert "device.run.headless" in modules  # the game did run in this process
    assert not set(HEAVY) & modules, sorted(set(HEAVY) & modules)


def test_version_still_answers(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "device.run.cli", "--version"], cwd=tmp_path,
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0 and out.stdout.startswith("easel ") and out.stdout.strip() != "easel"


COLLECTOR = """
import gc, sys
import device.framework.runner as runner
seen = []  # the collector running at the first frame, at the first press
show, handle = runner.Runner.show, runner.Runner.handle
def watched_show(self, *args, **kwargs):
    seen.append(("show", gc.isenabled()))
    return show(self, *args, **kwargs)
def watched_handle(self, *args, **kwargs):
    seen.append(("press", gc.isenabled()))
    return handle(self, *args, **kwargs)
runner.Runner.show, runner.Runner.handle = watched_show, watched_handle
from device.run.startup import main
code = main(sys.argv[1:])
print(code, seen[:1] + [s for s in seen if s[0] == "press"][:1], gc.isenabled(), gc.get_freeze_count() > 0)
"""


def test_the_easel_command_starts_with_the_collector_paused(tmp_path: Path) -> None:
    """The installed command is device/run/startup.py's: the collector is paused until the first
    frame is shown, then runs again, the start's objects frozen (never walked again)."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["easel"] == "device.run.startup:main"
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ["PATH"]}
    play = subprocess.run([sys.executable, "-c", COLLECTOR, "play", "--headless", "--script", "-", "--db", "e.db",
                           "--frames", "f"], cwd=tmp_path, input="press down\n", capture_output=True, text=True,
                          env=env, check=True).stdout.splitlines()
    assert play[0] == "ok 1" and play[-1] == "0 [('show', False), ('press', True)] True True", play
    history = subprocess.run([sys.executable, "-c", COLLECTOR, "history", "--db", "none.db"], cwd=tmp_path,
                             capture_output=True, text=True, env=env).stdout.splitlines()
    assert history[-1] == "2 [] True True", history  # a command that shows no frame collects at once


def test_the_device_loop_collects_once_its_first_frame_is_shown(mocker: MockerFixture) -> None:
    """The web, terminal and Pi modes all start in run_loop: the collector paused for the start
    runs again once the loop's first frame is shown, even when showing it fails."""
    runner = mocker.Mock()
    runner.next_deadline.return_value = None
    seen: list[bool] = []
    runner.show.side_effect = lambda *args: seen.append(gc.isenabled())
    events: queue.Queue[ButtonEvent | None] = queue.Queue()
    events.put(STOP)
    try:
        gc.disable()
        run_loop(runner, events, threading.Event())
        assert seen == [False] and gc.isenabled()
        gc.disable()
        runner.show.side_effect = OSError("the panel did not answer")
        with pytest.raises(OSError):
            run_loop(runner, events, threading.Event())
        assert gc.isenabled()
    finally:
        gc.enable()


def test_the_help_width_is_found_as_shutil_finds_it(monkeypatch: pytest.MonkeyPatch, mocker: MockerFixture) -> None:
    """columns() (no shutil import) agrees with shutil.get_terminal_size, argparse's own way, on
    every $COLUMNS and terminal: a 0-column terminal (a serial console) and a bad $COLUMNS fall
    back to 80."""
    terminal = mocker.patch("os.get_terminal_size")
    for size in (os.terminal_size((120, 40)), os.terminal_size((0, 0)), OSError("not a terminal")):
        terminal.side_effect, terminal.return_value = (size, None) if isinstance(size, OSError) else (None, size)
        for given in (None, "100", "0", "-5", " 100", "+90", "abc", "\u00b2"):
            if given is None:
                monkeypatch.delenv("COLUMNS", raising=False)
            else:
                monkeypatch.setenv("COLUMNS", given)
            assert columns() == shutil.get_terminal_size().columns, (size, given)


def test_the_first_frame_imports_no_shutil(tmp_path: Path) -> None:
    """A headless start to its first frame imports neither shutil nor its bz2 and lzma (a Pi's
    gpiozero, the web page's webbrowser and the terminal simulator import shutil anyway)."""
    (tmp_path / "look.txt").write_text("press down\n", encoding="utf-8")
    modules = loaded_after("from device.run.cli import main; main(['play', '--headless', '--script', "
                           "'look.txt', '--frames', 'f', '--db', 'e.db'])", tmp_path)
    assert "device.run.headless" in modules  # the press did run in this process
    assert not {"shutil", "bz2", "lzma"} & modules, sorted({"shutil", "bz2", "lzma"} & modules)


def test_help_still_fits_the_terminal(tmp_path: Path) -> None:
    """The help's width is still the terminal's ($COLUMNS here), as argparse's own way finds it."""
    for width in (40, 100):
        out = subprocess.run([sys.executable, "-m", "device.run.cli", "play", "--help"], cwd=tmp_path, check=True,
                             capture_output=True, text=True,
                             env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "COLUMNS": str(width)}).stdout
        widest = max(len(line) for line in out.splitlines())
        assert width - 10 <= widest <= width, (width, widest)
