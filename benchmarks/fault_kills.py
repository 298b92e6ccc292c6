"""The power cuts of benchmarks/faults.py: SIGKILLs at random moments, inside commits (a preloaded
shim kills the process at its Nth fsync/fdatasync) and right after an idle `wait` was acknowledged;
every resume checked against the acknowledged step, clock included."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

from benchmarks.fault_rig import EASEL, ROOT, kept_aside, moved_aside, row, send, start
from tests.powercut import inside_wait, kill_and_resume, reference_states, script_lines

SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
static long calls = 0;
static void maybe_die(void) {
    const char *at = getenv("EASEL_KILL_AT_SYNC");
    if (at && ++calls >= atol(at)) kill(getpid(), SIGKILL);
}
int fdatasync(int fd) { maybe_die(); int (*real)(int) = dlsym(RTLD_NEXT, "fdatasync"); return real(fd); }
int fsync(int fd) { maybe_die(); int (*real)(int) = dlsym(RTLD_NEXT, "fsync"); return real(fd); }
"""


def idle_waits(tmp: Path, count: int, rng: random.Random) -> None:
    """SIGKILL right after an idle `wait` is acknowledged: the clock comes back at its end."""
    acked_total = waits = on_time = 0
    aside: set[str] = set()
    for run in range(count):
        db = tmp / f"idle{run}" / "e.db"
        db.parent.mkdir()
        proc = start(db, db.parent / "f")
        lengths = [rng.randrange(1, 600_000) for _ in range(rng.randrange(1, 4))]
        lines = ["press ok", "press roll", *(f"wait {ms / 1000}" for ms in lengths)]
        answers = [send(proc, line) for line in lines]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        acked_total += sum(a.startswith("ok") for a in answers)
        waits += sum(a.startswith("ok") for a in answers[2:])
        frames = db.parent / "resumed"
        subprocess.run([*EASEL, "play", "--headless", "--script", "-", "--db", str(db), "--frames", str(frames)],
                       cwd=ROOT, input="", capture_output=True, text=True, check=True)
        resumed = json.loads((frames / "state.json").read_text(encoding="utf-8"))
        on_time += resumed["now_ms"] == sum(lengths) and resumed["states"]["toolbox"]["game"]["rolls"] == 1
        aside.add(kept_aside(db.parent))
    row(f"{count} SIGKILLs right after an idle wait's ok", f"{acked_total} ({waits} w)", f"{on_time} ok",
        "-9, 0", ",".join(sorted(aside)))
    assert on_time == count, f"{count - on_time} resumes lost the time of an acknowledged wait"


def kills(tmp: Path, count: int, rng: random.Random, random_kills: bool = True) -> None:
    """Half SIGKILLs at random moments (tests/powercut.py), half inside commits (the fsync shim)."""
    scripts = sorted((ROOT / "tests" / "scripts").glob("*.txt"))
    if random_kills:
        random_kills_at(tmp, count - count // 2, rng, scripts)
    kills_in_commits(tmp, count // 2, rng, scripts)


def random_kills_at(tmp: Path, random_kills: int, rng: random.Random, scripts: list[Path]) -> None:
    """SIGKILL at random moments, each resume checked and played on to the end (tests/powercut.py)."""
    acked_total = on_disk_ok = 0
    t0 = time.perf_counter()
    for run in range(random_kills):
        work = tmp / f"kill{run}"
        work.mkdir()
        acked, matched = kill_and_resume(scripts[run % len(scripts)], work, rng)
        acked_total += acked
        on_disk_ok += matched >= acked
    row(f"{random_kills} SIGKILLs at random moments", acked_total, f"{on_disk_ok} ok", "-9, 0, 0", "-")
    print(f"    {time.perf_counter() - t0:.0f} s; every resume matched its acknowledged step, play went on to the end")


def kills_in_commits(tmp: Path, count: int, rng: random.Random, scripts: list[Path]) -> None:
    """SIGKILL at the Nth fsync/fdatasync (after the pages are written, before they are synced)."""
    shim = tmp / "killsync.so"
    source = tmp / "killsync.c"
    source.write_text(SHIM, encoding="utf-8")
    built = subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(shim), str(source), "-ldl"], capture_output=True)
    if built.returncode != 0:
        row(f"{count} kills inside commits", "-", "-", "no C compiler", "-")
        return
    acked_total = on_disk_total = intact = 0
    for run in range(count):
        script = scripts[run % len(scripts)]
        seed, lines = script_lines(script)
        expected = reference_states(seed, lines)
        db = tmp / f"sync{run}" / "e.db"
        db.parent.mkdir()
        env = {**os.environ, "LD_PRELOAD": str(shim), "EASEL_KILL_AT_SYNC": str(rng.randrange(3, 4 * len(lines)))}
        proc = subprocess.Popen([*EASEL, "play", "--headless", "--script", "-", "--db", str(db), "--frames",
                                 str(db.parent / "f"), "--seed", str(seed)], cwd=ROOT, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        acked = 0
        for number, line in enumerate(lines, 1):
            if send(proc, line) != f"ok {number}":
                break
            acked = number
        proc.communicate("", timeout=60)  # the Nth sync may come only with the last checkpoint
        frames = db.parent / "resumed"
        done = subprocess.run([*EASEL, "play", "--headless", "--script", "-", "--db", str(db), "--frames",
                               str(frames), "--seed", str(seed)], cwd=ROOT, input="", capture_output=True, text=True)
        resumed: dict[str, Any] = json.loads((frames / "state.json").read_text(encoding="utf-8"))
        matched = _matched(seed, lines, expected, resumed, acked)
        assert matched is not None, f"{script.name}: acknowledged {acked}, resumed state does not match"
        conn = sqlite3.connect(db)
        intact += conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
        acked_total += acked
        on_disk_total += matched
        assert done.returncode == 0 and not moved_aside(db.parent)
    row(f"{count} kills inside commits (at an fsync)", acked_total, on_disk_total, "-9, 0",
        f"{count - intact} bad")


def _matched(seed: int, lines: list[str], expected: list[dict[str, Any]], resumed: dict[str, Any],
             acked: int) -> int | None:
    """The step the resumed state is, clock included: the last acknowledged one, the next, or part-way
    through the next when it is a `wait` (a countdown's second saved); None when it is none of them."""
    for k in (acked, acked + 1):
        if k < len(expected) and resumed == expected[k]:
            return k
    inside = inside_wait(seed, lines, expected, resumed, [acked])
    return None if inside is None else inside[0]
