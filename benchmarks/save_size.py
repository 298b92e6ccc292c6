"""Bytes and time saved per press: every committed game script (tests/scripts) played by the
real `easel play --headless` into a real SQLite database, with no word pack, a 5,000-word pack and
a 20,000-word pack in the config.

    python benchmarks/save_size.py [--only artbox] [--packs 0,5000,20000] [--repeats 3]

Per run it prints the presses, what one press writes (the session row plus an undo row, at
the end of the game), and the database file's size per press. Target: under 2 KB per press.

Then the time of a press of the #ARTBOX five-player round (the real runner: the game step, its
render, and its save into SQLite on disk, synchronous=FULL), median over the round's presses and
the repeats, for each pack size: a press with the 20,000-word pack costs at most 2x one without.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.clock import VirtualClock  # noqa: E402
from device.framework.descriptor import SAVE_BUDGET_BYTES  # noqa: E402
from device.framework.resources import Resources  # noqa: E402
from device.framework.runner import DeviceSetup, Runner, RunnerDeps  # noqa: E402
from device.run.headless import FrameRecorder, run_script  # noqa: E402
from device.run.script import Wait, read_numbered  # noqa: E402
from device.settings import Settings  # noqa: E402
from device.storage.store import Store  # noqa: E402

SCRIPTS = sorted((ROOT / "tests" / "scripts").glob("*.txt"))
PACK_SIZES = (0, 5_000, 20_000)
TARGET = SAVE_BUDGET_BYTES  # the budget every game's scripts are held to in tests/device/test_save_budget.py
PRESS_SCRIPT = ROOT / "tests" / "scripts" / "artbox_five_players_round.txt"
PRESS_RATIO = 2.0  # a press with the largest pack against one without


def pack_words(count: int, prefix: str = "pack") -> list[str]:
    """`count` distinct drawable-looking words of letters only, at most 14 characters."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = []
    for n in range(count):
        tail = ""
        while True:
            n, r = divmod(n, 26)
            tail += letters[r]
            if n == 0:
                break
        words.append(prefix + tail)
    return words


def measure(script: Path, pack: Path | None, tmp: Path) -> tuple[int, int, int]:
    """Run one script; return (presses, bytes one press writes, database bytes)."""
    text = script.read_text(encoding="utf-8")
    seed = re.match(r"#\s*seed\s+(\d+)", text)
    config = tmp / "easel.toml"
    config.write_text(f'[words]\npacks = ["{pack}"]\n' if pack else "", encoding="utf-8")
    db = tmp / f"{script.stem}-{pack.stem if pack else 'nopack'}.db"  # a fresh database each run
    # The CLI of the tree this file is in (so an older checkout measures its own code).
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", str(script),
                    "--config", str(config),
                    "--seed", seed.group(1) if seed else "1", "--frames", str(tmp / "frames"),
                    "--db", str(db)], check=True, capture_output=True, cwd=tmp, env=env)
    presses = sum(1 for line in text.splitlines() if line.split("#")[0].split()[:1] in (["press"], ["hold"]))
    with sqlite3.connect(db) as con:
        current = con.execute("SELECT length(CAST(session AS BLOB)) FROM current").fetchone()[0]
        rows = con.execute("SELECT count(*), coalesce(sum(length(CAST(state AS BLOB))), 0) FROM "
                           "(SELECT state FROM undo UNION ALL SELECT state FROM redo)").fetchone()
    con.close()
    undo_mean = rows[1] // rows[0] if rows[0] else 0
    size = db.stat().st_size + sum(p.stat().st_size for p in tmp.glob(f"{db.name}-*"))
    return presses, current + undo_mean, size


def press_times(script: Path, pack: Path | None, tmp: Path) -> list[float]:
    """Milliseconds of each press (or hold) of `script`, through the real runner and store."""
    seed = re.match(r"#\s*seed\s+(\d+)", script.read_text(encoding="utf-8"))
    db = tmp / f"press-{pack.stem if pack else 'nopack'}-{time.monotonic_ns()}.db"
    store = Store(db)
    clock = VirtualClock(store.resume_ms())
    runner = Runner(RunnerDeps(store=store, resources=Resources(word_packs=(pack,) if pack else ()),
                               sink=FrameRecorder(None), clock=clock),
                    DeviceSetup(settings=Settings(), seed=int(seed.group(1)) if seed else 1))
    runner.show()
    times = []
    for _, step in read_numbered(script):
        start = time.perf_counter()
        run_script(runner, clock, [step])
        if not isinstance(step, Wait):
            times.append((time.perf_counter() - start) * 1000)
    store.close()
    return times


def press_cost(sizes: list[int], repeats: int, tmp: Path) -> bool:
    """Print the median press of the #ARTBOX round per pack size; True if within the target."""
    print(f"\n== a press of {PRESS_SCRIPT.stem} (step, render and save on disk), ms")
    medians = {}
    for size in sizes:
        pack = _pack_file(size, tmp)
        times = [t for _ in range(repeats) for t in press_times(PRESS_SCRIPT, pack, tmp)]
        medians[size] = statistics.median(times)
        print(f"pack {size:>6,} words: median {medians[size]:6.2f}  p90 "
              f"{statistics.quantiles(times, n=10)[-1]:6.2f}  max {max(times):7.2f}  ({len(times)} presses)")
    if 0 not in medians or len(medians) < 2:
        return True
    largest = max(medians)
    ratio = medians[largest] / medians[0]
    ok = ratio <= PRESS_RATIO
    print(f"a press with {largest:,} words costs {ratio:.2f}x one without "
          f"({'within' if ok else 'OVER'} the {PRESS_RATIO:g}x target)")
    return ok


def _pack_file(size: int, tmp: Path) -> Path | None:
    if not size:
        return None
    pack = tmp / f"pack{size}.txt"
    if not pack.exists():
        pack.write_text("\n".join(pack_words(size)) + "\n", encoding="utf-8")
    return pack


def main() -> None:
    """Print a table of bytes per press for every script and pack size, then the press cost."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="", help="only scripts whose name contains this")
    parser.add_argument("--packs", default=",".join(map(str, PACK_SIZES)), help="pack sizes")
    parser.add_argument("--repeats", type=int, default=3, help="plays of the #ARTBOX round per pack")
    parser.add_argument("--time-only", action="store_true", help="only the press cost")
    args = parser.parse_args()
    sizes = [int(n) for n in args.packs.split(",")]
    scripts = [s for s in SCRIPTS if args.only in s.stem]
    with tempfile.TemporaryDirectory(prefix="easel-save-size-") as name:
        tmp = Path(name)
        if not args.time_only:
            save_size(scripts, sizes, tmp)
        ok = press_cost(sizes, args.repeats, tmp)
    sys.exit(0 if ok else 1)


def save_size(scripts: list[Path], sizes: list[int], tmp: Path) -> None:
    """Print the bytes one press writes for every script and pack size."""
    print(f"{'script':<24}{'pack':>8}{'presses':>9}{'B/press written':>17}{'DB B/press':>12}")
    worst = 0
    for size in sizes:
        pack = _pack_file(size, tmp)
        for script in scripts:
            presses, written, db_bytes = measure(script, pack, tmp)
            worst = max(worst, written)
            print(f"{script.stem:<24}{size:>8}{presses:>9}{written:>17,}{db_bytes // presses:>12,}")
    verdict = "under" if worst < TARGET else "OVER"
    print(f"largest write per press: {worst:,} bytes ({verdict} the {TARGET:,}-byte target)")


if __name__ == "__main__":
    main()
