"""Bytes saved per press: every committed game script (tests/scripts) played by the real
`easel play --headless` into a real SQLite database, with no word pack, a 5,000-word pack and
a 20,000-word pack in the config.

    python benchmarks/save_size.py [--only artbox] [--packs 0,5000,20000]

Per run it prints the presses, what one press writes (the session row plus an undo row, at
the end of the game), and the database file's size per press. Target: under 2 KB per press.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "tests" / "scripts").glob("*.txt"))
PACK_SIZES = (0, 5_000, 20_000)
TARGET = 2048


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


def main() -> None:
    """Print a table of bytes per press for every script and pack size."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="", help="only scripts whose name contains this")
    parser.add_argument("--packs", default=",".join(map(str, PACK_SIZES)), help="pack sizes")
    args = parser.parse_args()
    sizes = [int(n) for n in args.packs.split(",")]
    scripts = [s for s in SCRIPTS if args.only in s.stem]
    print(f"{'script':<24}{'pack':>8}{'presses':>9}{'B/press written':>17}{'DB B/press':>12}")
    worst = 0
    with tempfile.TemporaryDirectory(prefix="easel-save-size-") as name:
        tmp = Path(name)
        for size in sizes:
            pack = None
            if size:
                pack = tmp / f"pack{size}.txt"
                pack.write_text("\n".join(pack_words(size)) + "\n", encoding="utf-8")
            for script in scripts:
                presses, written, db_bytes = measure(script, pack, tmp)
                worst = max(worst, written)
                print(f"{script.stem:<24}{size:>8}{presses:>9}{written:>17,}{db_bytes // presses:>12,}")
    verdict = "under" if worst < TARGET else "OVER"
    print(f"largest write per press: {worst:,} bytes ({verdict} the {TARGET:,}-byte target)")


if __name__ == "__main__":
    main()
