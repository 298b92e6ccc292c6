"""Storage faults on this machine, with real `easel` processes and real files (issue 14):

  a full disk (a 200 KB tmpfs, when this runs as root), the disk freed mid-game, a lock held by a
  second Easel, an exclusive lock held by another program, a corrupt row of each table, a stale
  -wal from an older copy (issue 21), a read-only file system, two Easels started at once, kills
  right after an idle `wait` was acknowledged, and 100 kills (SIGKILL at random moments and inside
  commits: a preloaded shim kills the process at its Nth fsync/fdatasync, between the page writes
  and the sync), and the web simulator's sandglass through a view switch, Ctrl-C, SIGTERM and a
  kill -9 (fault_glass.py: presses answered saved = presses applied, the sand left within 1 s).

For each case it prints the steps acknowledged (`ok N`), the steps on disk after a restart, the exit
codes, and what was kept aside (`broken`: the database moved aside; `stale`: a -wal not applied;
`repaired`: a copy taken before damaged rows were dropped; `-`: nothing).

    python benchmarks/faults.py [--kills 100]
"""

from __future__ import annotations

import argparse
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.fault_glass import sandglass_stops  # noqa: E402
from benchmarks.fault_kills import idle_waits, kills  # noqa: E402
from benchmarks.fault_rig import (  # noqa: E402
    EASEL,
    kept_aside,
    mount_tmpfs,
    play_empty,
    row,
    send,
    start,
    steps_on_disk,
    umount,
)
from device.storage.store_wal import foreign_wal  # noqa: E402


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


def main() -> None:
    """Run every case and print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--only-commit-kills", action="store_true", help="only the kills inside commits")
    parser.add_argument("--only-sandglass", action="store_true", help="only the sandglass's stops (fault_glass.py)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'case':46s} {'acked':>6} {'on disk':>8} {'exit codes':>10} {'aside':>6}")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if args.only_commit_kills:
            kills(tmp, args.kills, rng, random_kills=False)
            return
        if args.only_sandglass:
            sandglass_stops(tmp)
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
        sandglass_stops(tmp)
        idle_waits(tmp, 20, rng)
        kills(tmp, args.kills, rng)


if __name__ == "__main__":
    main()
