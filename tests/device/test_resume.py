"""docs/architecture.md, Failure and bad input: every acknowledged press is on disk, so a process
killed mid-game resumes on the same screen with the same state."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

LINES = ["press ok", "press roll", "press down", "press down", "press ok", "press seat2",
         "press seat4", "press timer", "wait 12.5", "press roll"]


def _start(db: Path, frames: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", "-", "--db", str(db),
         "--frames", str(frames), "--seed", "3"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )


def _feed(proc: subprocess.Popen[str], lines: list[str]) -> None:
    assert proc.stdin is not None and proc.stdout is not None
    for number, line in enumerate(lines, 1):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == f"ok {number}"


def _final_state(db: Path, frames: Path) -> dict[str, object]:
    proc = _start(db, frames)
    proc.communicate("", timeout=60)
    assert proc.returncode == 0
    state: dict[str, object] = json.loads((frames / "state.json").read_text(encoding="utf-8"))
    return state


def test_killed_process_resumes_with_every_acknowledged_press(tmp_path: Path) -> None:
    """SIGKILL after the 7th acknowledged press: the restart shows exactly that state."""
    killed_db = tmp_path / "killed.db"
    proc = _start(killed_db, tmp_path / "f1")
    _feed(proc, LINES[:7])
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    resumed = _final_state(killed_db, tmp_path / "f2")

    clean_db = tmp_path / "clean.db"
    proc = _start(clean_db, tmp_path / "f3")
    _feed(proc, LINES[:7])
    proc.communicate("", timeout=60)
    expected = _final_state(clean_db, tmp_path / "f4")
    assert resumed == expected
    assert resumed["mode"] == "toolbox"


def test_resumed_game_plays_on_to_the_same_result(tmp_path: Path) -> None:
    """Killed mid-game and restarted, the rest of the game gives the same dice and timer."""
    db = tmp_path / "a.db"
    proc = _start(db, tmp_path / "f1")
    _feed(proc, LINES[:5])
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc = _start(db, tmp_path / "f2")
    _feed(proc, LINES[5:])
    proc.communicate("", timeout=60)
    split = json.loads((tmp_path / "f2" / "state.json").read_text(encoding="utf-8"))

    whole = tmp_path / "b.db"
    proc = _start(whole, tmp_path / "f3")
    _feed(proc, LINES)
    proc.communicate("", timeout=60)
    straight = json.loads((tmp_path / "f3" / "state.json").read_text(encoding="utf-8"))
    assert split == straight


def test_saved_settings_win_unless_the_command_line_names_one(tmp_path: Path) -> None:
    """Settings chosen on the device survive a restart; --lang on the command line overrides them."""
    from device.run.cli import main

    db, script = tmp_path / "easel.db", tmp_path / "s.txt"
    script.write_text("press down\n", encoding="utf-8")

    def language(*extra: str) -> str:
        frames = tmp_path / f"f{len(list(tmp_path.iterdir()))}"
        assert main(["play", "--headless", "--script", str(script), "--db", str(db), "--frames", str(frames),
                     *extra]) == 0
        settings = json.loads((frames / "state.json").read_text(encoding="utf-8"))["settings"]
        return str(settings["language"])

    assert language("--lang", "fr") == "fr"
    assert language() == "fr"
    assert language("--lang", "en") == "en"
