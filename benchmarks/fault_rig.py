"""The rig of benchmarks/faults.py: real `easel` processes on real files, and the table they fill."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EASEL = [sys.executable, "-m", "device.run.cli"]
ROWS: list[tuple[str, str, str, str, str]] = []


def row(case: str, acked: object, on_disk: object, codes: object, aside: object) -> None:
    """Record and print one line of the table."""
    ROWS.append((case, str(acked), str(on_disk), str(codes), str(aside)))
    print(f"{case:46s} {acked!s:>6} {on_disk!s:>8} {codes!s:>10} {aside!s:>6}", flush=True)


def start(db: Path, frames: Path, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """`easel play --headless --script -` on db."""
    return subprocess.Popen([*EASEL, "play", "--headless", "--script", "-", "--db", str(db), "--frames", str(frames),
                             "--seed", "3"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def send(proc: subprocess.Popen[str], line: str) -> str:
    """One step, its answer ('' once the process is gone)."""
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
    except BrokenPipeError:
        return ""
    return proc.stdout.readline().strip()


def play_empty(db: Path) -> subprocess.CompletedProcess[str]:
    """`easel play` on `db` with an empty script: a start that another holder should refuse."""
    return subprocess.run([*EASEL, "play", "--headless", "--script", "-", "--db", str(db)], cwd=ROOT, input="",
                          capture_output=True, text=True)


def steps_on_disk(db: Path, tmp: Path) -> tuple[int, int]:
    """(Toolbox presses on disk after a restart: the `ok` press plus the rolls; the restart's exit code)."""
    frames = tmp / f"check{time.monotonic_ns()}"
    done = subprocess.run([*EASEL, "play", "--headless", "--script", "-", "--db", str(db), "--frames", str(frames),
                           "--seed", "3"], cwd=ROOT, input="", capture_output=True, text=True)
    if done.returncode != 0:
        return -1, done.returncode
    state = json.loads((frames / "state.json").read_text(encoding="utf-8"))
    toolbox = state["states"].get("toolbox")
    return (0 if toolbox is None else 1 + int(toolbox["game"]["rolls"])), done.returncode


def moved_aside(directory: Path) -> bool:
    """Whether any database in `directory` was renamed .broken-*."""
    return any(".broken-" in p.name for p in directory.iterdir())


def kept_aside(directory: Path) -> str:
    """What Easel kept aside in `directory`: broken, stale, repaired (comma-separated) or '-'."""
    names = [p.name for p in directory.iterdir()]
    kinds = [kind for kind in ("broken", "stale", "repaired") if any(f".{kind}-" in name for name in names)]
    return ",".join(kinds) or "-"


def mount_tmpfs(where: Path, size: str) -> bool:
    """Mount a small tmpfs (root only)."""
    where.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True).returncode == 0


def umount(where: Path) -> None:
    """Undo mount_tmpfs."""
    subprocess.run(["umount", "-l", str(where)], check=False)
