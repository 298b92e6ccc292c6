"""Storage faults on this machine, with real `easel` processes and real files (issue 14):

  a full disk (a 200 KB tmpfs, when this runs as root), the disk freed mid-game, a lock held by a
  second Easel, an exclusive lock held by another program, a corrupt row of each table, a stale
  -wal from an older copy (issue 21), a read-only file system, two Easels started at once, kills
  right after an idle `wait` was acknowledged, and 100 kills (SIGKILL at random moments and inside
  commits: a preloaded shim kills the process at its Nth fsync/fdatasync, between the page writes
  and the sync).

For each case it prints the steps acknowledged (`ok N`), the steps on disk after a restart, the exit
codes, and what was kept aside (`broken`: the database moved aside; `stale`: a -wal not applied;
`repaired`: a copy taken before damaged rows were dropped; `-`: nothing).

    python benchmarks/faults.py [--kills 100]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.storage.store_wal import foreign_wal  # noqa: E402
from tests.powercut import inside_wait, kill_and_resume, reference_states, script_lines  # noqa: E402

EASEL = [sys.executable, "-m", "device.run.cli"]
ROWS: list[tuple[str, str, str, str, str]] = []
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


def disk_full(tmp: Path, free_after: int | None, sigterm: bool = False) -> None:
    """600 rolls on a 200 KB tmpfs; optionally free space after `free_after` steps or SIGTERM at the end."""
    disk = tmp / f"disk{free_after}{sigterm}"
    name = "disk full, 601 steps" + (f", space freed after {free_after}" if free_after else "") + \
        (", SIGTERM at the end" if sigterm else "")
    if not mount_tmpfs(disk, "200k"):
        row(name, "-", "-", "no tmpfs (needs root)", "-")
        return
    try:
        db = disk / "e.db"
        proc = start(db, tmp / "frames")
        answers = [send(proc, "press ok")]
        for number in range(2, 602):
            if number == free_after:
                subprocess.run(["mount", "-o", "remount,size=20m", str(disk)], check=True)
            answers.append(send(proc, "press roll"))
        if sigterm:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=120)
        else:
            _, err = proc.communicate("", timeout=120)
        acked = sum(a.startswith("ok") for a in answers)
        assert all(a.split()[0] in ("ok", "unsaved") for a in answers), answers[-3:]
        subprocess.run(["mount", "-o", "remount,size=20m", str(disk)], check=True)
        on_disk, code = steps_on_disk(db, tmp)
        assert on_disk >= acked, f"{name}: {acked} acknowledged but {on_disk} on disk"
        row(name, acked, on_disk, f"{proc.returncode}, {code}", kept_aside(disk))
        last = err.strip().splitlines()[-1:] if proc.returncode else []
        if last:
            print(f"    {last[0][:150]}")
    finally:
        umount(disk)


def second_easel(tmp: Path) -> None:
    """A second Easel on a database the first one is playing on."""
    db = tmp / "lock" / "e.db"
    db.parent.mkdir()
    first = start(db, tmp / "f1")
    acked = [send(first, "press ok"), send(first, "press roll")]
    t0 = time.monotonic()
    second = play_empty(db)
    waited = time.monotonic() - t0
    acked.append(send(first, "press roll"))
    first.communicate("", timeout=60)
    on_disk, code = steps_on_disk(db, tmp)
    row("lock held by a second Easel", sum(a.startswith("ok") for a in acked), on_disk,
        f"{first.returncode}, {second.returncode}, {code}", kept_aside(db.parent))
    print(f"    second Easel after {waited:.1f} s: {second.stderr.strip()[:150]}")


def foreign_lock(tmp: Path) -> None:
    """Another program holds the database with locking_mode=EXCLUSIVE while Easel starts."""
    db = tmp / "excl" / "e.db"
    db.parent.mkdir()
    proc = start(db, tmp / "f1")
    acked = [send(proc, "press ok"), send(proc, "press roll")]
    proc.communicate("", timeout=60)
    code = ("import sqlite3\n"
            f"c = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
            "c.execute('PRAGMA locking_mode=EXCLUSIVE'); c.execute('BEGIN EXCLUSIVE')\n"
            "c.execute('UPDATE meta SET value=value'); c.execute('COMMIT')\n"
            "import sys; print('held', flush=True); sys.stdin.read()\n")
    holder = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    blocked = play_empty(db)
    holder.communicate("", timeout=30)
    on_disk, code_after = steps_on_disk(db, tmp)
    row("exclusive lock held by another program", sum(a.startswith("ok") for a in acked), on_disk,
        f"{proc.returncode}, {blocked.returncode}, {code_after}", kept_aside(db.parent))
    print(f"    {blocked.stderr.strip()[:150]}")


CORRUPTIONS = {
    "current.session truncated": "UPDATE current SET session=substr(session, 1, 40)",
    "current.now_ms = 'abc'": "UPDATE current SET now_ms='abc'",
    "games row with bad JSON": "INSERT INTO games (key, game, finished, players, scores, winners, seed) "
                               "VALUES ('k', 'toolbox', '2026', '[\"Ana\"', '[1]', '[1]', 3)",
    "undo row truncated": "UPDATE undo SET state=substr(state, 1, 25)",
    "redo row truncated": "INSERT INTO redo (mode, label, state) VALUES ('toolbox', 'Roll', '{\"cursor\":')",
    "ticks.now_ms = 'x'": "INSERT OR REPLACE INTO ticks VALUES (1, 'x')",
    "a damaged page (4 KB of random bytes)": "",
}


def corrupt_rows(tmp: Path) -> None:
    """A corrupt row of each table: a damaged session or page moves the database aside once, any
    other row loses only itself (or its undo stack); the next start is clean (no restart loop)."""
    for n, (name, damage) in enumerate(CORRUPTIONS.items()):
        db = tmp / f"corrupt{n}" / "e.db"
        db.parent.mkdir()
        proc = start(db, tmp / "f1")
        acked = sum(send(proc, line).startswith("ok") for line in ["press ok", "press roll", "press roll"])
        proc.communicate("", timeout=60)
        if damage:
            conn = sqlite3.connect(db)
            conn.execute(damage)
            conn.commit()
            conn.close()
        else:
            data = bytearray(db.read_bytes())
            data[4096:8192] = os.urandom(4096)
            db.write_bytes(bytes(data))
        again = start(db, tmp / "f2")
        after = [send(again, "press ok"), send(again, "press roll")]
        again.communicate("", timeout=60)
        on_disk, code = steps_on_disk(db, tmp)
        row(f"corrupt: {name}", f"{acked}+{sum(a.startswith('ok') for a in after)}", on_disk,
            f"{proc.returncode}, {again.returncode}, {code}", kept_aside(db.parent))


def stale_wal(tmp: Path) -> None:
    """A -wal left from an older copy put back beside the database: never applied (issue 21)."""
    db = tmp / "stale" / "e.db"
    db.parent.mkdir()
    proc = start(db, tmp / "f1")
    acked = sum(send(proc, line).startswith("ok") for line in ["press ok", "press roll"])
    old = tmp / "stale-e.db-wal"
    shutil.copyfile(f"{db}-wal", old)  # what an older copy of the database left
    acked += sum(send(proc, line).startswith("ok") for line in ["press roll"] * 4)
    proc.communicate("", timeout=60)
    shutil.copyfile(old, f"{db}-wal")
    on_disk, code = steps_on_disk(db, tmp)
    row("stale -wal from an older copy (2 steps)", acked, on_disk, f"{proc.returncode}, {code}",
        kept_aside(db.parent))
    assert on_disk == acked, f"the stale -wal took the game back to {on_disk} steps"


def judging_cost(tmp: Path) -> None:
    """What checking a -wal costs a start: a database cut after 600 presses (4 MB of -wal)."""
    db = tmp / "judge" / "e.db"
    db.parent.mkdir()
    proc = start(db, tmp / "f1")
    acked = sum(send(proc, line).startswith("ok") for line in ["press ok", *["press roll"] * 600])
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    sizes = f"database {db.stat().st_size // 1024} KB, -wal {Path(f'{db}-wal').stat().st_size // 1024} KB"
    t0 = time.perf_counter()
    verdict = foreign_wal(db)
    took = time.perf_counter() - t0
    on_disk, code = steps_on_disk(db, tmp)
    row("cut after 600 presses: the -wal judged its own", acked, on_disk, f"-9, {code}", kept_aside(db.parent))
    print(f"    judged in {took * 1000:.0f} ms ({sizes})" if verdict is None else f"    wrongly refused: {verdict}")


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


def read_only(tmp: Path) -> None:
    """An Easel database on a file system that is read-only at start."""
    disk = tmp / "ro"
    if not mount_tmpfs(disk, "4m"):
        row("read-only file system", "-", "-", "no tmpfs (needs root)", "-")
        return
    try:
        db = disk / "e.db"
        proc = start(db, tmp / "f1")
        acked = sum(send(proc, line).startswith("ok") for line in ["press ok", "press roll"])
        proc.communicate("", timeout=60)
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        refused = play_empty(db)
        history = subprocess.run([*EASEL, "history", "--db", str(db)], cwd=ROOT, capture_output=True, text=True)
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
        on_disk, code = steps_on_disk(db, tmp)
        row("read-only file system", acked, on_disk,
            f"{proc.returncode}, {refused.returncode}, h{history.returncode}, {code}", kept_aside(disk))
        print(f"    {refused.stderr.strip()[:150]}")
    finally:
        umount(disk)


def two_at_once(tmp: Path) -> None:
    """Two Easels started at the same moment on a new database: one plays, one is refused."""
    db = tmp / "two" / "e.db"
    db.parent.mkdir()
    procs = [start(db, tmp / f"t{i}") for i in range(2)]
    answers = [send(p, "press ok") for p in procs]
    winner = [p for p, a in zip(procs, answers, strict=True) if a == "ok 1"]
    for p in procs:
        p.communicate("", timeout=60)
    on_disk, code = steps_on_disk(db, tmp)
    row("two Easels started at once", answers.count("ok 1"), on_disk,
        ", ".join(str(p.returncode) for p in procs) + f", {code}", kept_aside(db.parent))
    assert len(winner) == 1


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


def main() -> None:
    """Run every case and print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--only-commit-kills", action="store_true", help="only the kills inside commits")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'case':46s} {'acked':>6} {'on disk':>8} {'exit codes':>10} {'aside':>6}")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if args.only_commit_kills:
            kills(tmp, args.kills, rng, random_kills=False)
            return
        disk_full(tmp, None)
        disk_full(tmp, 300)
        disk_full(tmp, None, sigterm=True)
        second_easel(tmp)
        foreign_lock(tmp)
        corrupt_rows(tmp)
        stale_wal(tmp)
        judging_cost(tmp)
        read_only(tmp)
        two_at_once(tmp)
        idle_waits(tmp, 20, rng)
        kills(tmp, args.kills, rng)


if __name__ == "__main__":
    main()
