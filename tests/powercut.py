"""The power-cut harness: run `easel play --headless --script -` as a subprocess, SIGKILL it at a
random moment, restart it on the same database, and compare with an uninterrupted run."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from device.framework.session import session_to_dict
from device.run.headless import run_script
from device.run.script import Wait, parse_script
from tests.conftest import ROOT, Harness


def script_lines(script: Path) -> tuple[int, list[str]]:
    """The seed (from a first-line `# seed N`) and the step lines of a script."""
    lines = script.read_text(encoding="utf-8").splitlines()
    seed = 1
    if lines and lines[0].startswith("# seed"):
        seed = int(lines[0].split()[2])
    steps = [line for line in lines if line.split("#", 1)[0].strip()]
    return seed, steps


def reference_states(seed: int, lines: list[str]) -> list[dict[str, Any]]:
    """The session after 0, 1, 2 ... steps, computed in-process without any kill."""
    h = Harness(seed=seed)
    states = [_comparable(h)]
    for line in lines:
        run_script(h.runner, h.clock, parse_script(line, "<ref>"))
        states.append(_comparable(h))
    return states


def _comparable(h: Harness) -> dict[str, Any]:
    data = session_to_dict(h.runner.session)
    data["now_ms"] = h.clock.now_ms()
    return data


def _start(db: Path, frames: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", "-", "--db", str(db),
         "--frames", str(frames), "--seed", str(seed)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )


def _saved_state(db: Path, frames: Path, seed: int) -> dict[str, Any]:
    proc = _start(db, frames, seed)
    proc.communicate("", timeout=120)
    data: dict[str, Any] = json.loads((frames / "state.json").read_text(encoding="utf-8"))
    return data


def _resumes_held(db: Path, copy: Path) -> bool:
    """Whether a restart on (a copy of) the database holds a countdown where it stopped."""
    import shutil

    for suffix in ("", "-wal"):
        if Path(f"{db}{suffix}").exists():
            shutil.copyfile(f"{db}{suffix}", f"{copy}{suffix}")
    h = Harness(copy)
    held = h.runner.held
    h.store.close()
    return held


def inside_wait(seed: int, lines: list[str], expected: list[dict[str, Any]], resumed: dict[str, Any],
                 steps: list[int]) -> tuple[int, list[str]] | None:
    """(steps done, the lines still to run) when `resumed` is the state part-way through the wait
    of line `j` (for j in steps): the lines before it, then the wait up to the saved time."""
    for j in steps:
        if not 0 <= j < len(lines):
            continue
        parsed = parse_script(lines[j], "<ref>")
        if len(parsed) != 1 or not isinstance(parsed[0], Wait):
            continue
        done = int(resumed["now_ms"]) - int(expected[j]["now_ms"])
        if not 0 < done < parsed[0].ms:
            continue
        h = Harness(seed=seed)
        for line in lines[:j]:
            run_script(h.runner, h.clock, parse_script(line, "<ref>"))
        run_script(h.runner, h.clock, [Wait(done)])
        if _comparable(h) == resumed:
            return j, [f"wait {(parsed[0].ms - done) / 1000}", *lines[j + 1:]]
    return None


def kill_and_resume(script: Path, workdir: Path, rng: random.Random) -> tuple[int, int]:
    """One run: kill at a random moment, check the resumed state and the final result.

    Returns (steps acknowledged before the kill, the step count the resumed state matches).
    """
    seed, lines = script_lines(script)
    expected = reference_states(seed, lines)
    db = workdir / "easel.db"
    proc = _start(db, workdir / "f1", seed)
    assert proc.stdin is not None and proc.stdout is not None
    stop_after = rng.randrange(0, len(lines))
    acked = 0
    for number, line in enumerate(lines[: stop_after + 1], 1):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        if number <= stop_after:
            assert proc.stdout.readline().strip() == f"ok {number}"
            acked = number
    time.sleep(rng.random() * 0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    held = _resumes_held(db, workdir / "copy.db")
    resumed = _saved_state(db, workdir / "f2", seed)
    candidates = [acked, acked + 1] if acked + 1 < len(expected) else [acked]
    matched = next((k for k in candidates if resumed == expected[k]), None)
    if matched is not None:
        rest = lines[matched:]
    else:  # killed inside a `wait` after a countdown tick saved the time: resumed part-way through it
        inside = inside_wait(seed, lines, expected, resumed, [acked])  # never the acked wait: its end is on disk
        assert inside is not None, f"{script.name}: resumed state is neither step {acked} nor {acked + 1}"
        matched, rest = inside
    if held:  # a countdown held where it stopped: the first press only lets time run again
        rest = ["press ok", *rest]
    check = _start(db, workdir / "f3", seed)
    check.communicate("".join(line + "\n" for line in rest), timeout=300)
    final = json.loads((workdir / "f3" / "state.json").read_text(encoding="utf-8"))
    assert final == expected[-1], f"{script.name}: play after the cut did not reach the same result"
    import sqlite3

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    return acked, matched
