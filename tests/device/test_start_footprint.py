"""What a start loads (issue 19: a Pi Zero 2 W has 512 MB and a 45 MB budget for Easel):
importlib.metadata brings in email, zipfile and csv (4.5 MB resident), so only --version
looks the version up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
