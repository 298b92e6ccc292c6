"""Start to the first answered press, with 1 to 100 games of history in the database.

    python benchmarks/start.py [--games 1 10 30 100] [--runs 9]

For each history size it makes a database with that many finished #ARTBOX games: one real game
(tests/scripts/artbox_four_players.txt, played by `easel play --headless`), its rows then copied
by SQL so the database holds N history rows, the undo stack at its cap (UNDO_DEPTH steps) and
the words dealt as the built-in deck's cycles leave them (at most about two cycles): the rows
the start-up damage check reads. The database is closed
cleanly, as a quit leaves it. Then, per run, a fresh interpreter on one core (bytecode already
compiled) starts `easel play --headless --script - --db DB` as the installed command does
(device/run/startup.py: the collector paused until the first frame) and answers one press; the figure is
the process's CPU time (every thread) when it writes `ok 1`, the median of the runs. It also
prints the CPU time of opening the database in this process (Store(db), median), the part the
history can change.

Target (issue 30): at most 0.15 s of CPU to the first answered press, flat from 1 to 100 games.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.storage.store import UNDO_DEPTH, Store  # noqa: E402

TARGET_S = 0.15
FLAT_S = 0.01  # "flat": 100 games cost at most this much more than 1
# Words dealt stay at most about two cycles of the deck (store_words.py deletes older cycles):
# two cycles of the built-in English deck's 331 words.
WORDS_KEPT = 662
GAME = ROOT / "tests" / "scripts" / "artbox_four_players.txt"
# The child: its CPU time (all threads) when it first acknowledges a press, on stderr.
CHILD = """
import os, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
class Acks:
    def __init__(self, out):
        self.out, self.seen = out, False
    def write(self, text):
        if not self.seen and text.startswith("ok"):
            self.seen = True
            sys.stderr.write(f"cpu {time.process_time()}\\n")
        return self.out.write(text)
    def flush(self):
        self.out.flush()
sys.stdout = Acks(sys.stdout)
from device.run.startup import main
sys.exit(main(sys.argv[1:]))
"""


def easel(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`easel ARGS` in a fresh interpreter of this checkout (its CPU time on stderr)."""
    return subprocess.run([sys.executable, "-c", CHILD, *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, check=True)


def make_history(db: Path, games: int, frames: Path) -> None:
    """A database of `games` finished #ARTBOX games (one played, the others copied), closed cleanly."""
    easel("play", "--headless", "--script", str(GAME), "--db", str(db), "--frames", str(frames), "--seed", "8")
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN")
    played = conn.execute("SELECT max(seq) FROM undo").fetchone()[0]
    steps = conn.execute("SELECT count(*) FROM undo").fetchone()[0]
    for copy in range(2, games + 1):
        conn.execute("INSERT INTO games (key, game, finished, players, scores, winners, seed) SELECT "
                     "key || ':' || ?, game, finished, players, scores, winners, seed + ? FROM games WHERE id=1",
                     (copy, copy))
        if conn.execute("SELECT count(*) FROM words_used").fetchone()[0] < WORDS_KEPT:
            conn.execute("INSERT INTO words_used (language, cycle, word, seq) SELECT language, cycle, "
                         "word || ?, seq + ? FROM words_used WHERE seq <= ?", (copy, copy * 1000, 1000))
        if steps * copy <= UNDO_DEPTH + steps:
            conn.execute("INSERT INTO undo (mode, label, state) SELECT mode, label, state FROM undo "
                         "WHERE seq <= ? ORDER BY seq", (played,))
    conn.execute("DELETE FROM undo WHERE seq NOT IN (SELECT seq FROM undo ORDER BY seq DESC LIMIT ?)", (UNDO_DEPTH,))
    conn.execute("COMMIT")
    conn.close()
    Store(db).close()  # as Easel leaves it at a clean quit


def cpu_to_first_press(db: Path, frames: Path) -> float:
    """CPU seconds of a fresh `easel play --headless --script -` until it answers one press."""
    done = easel("play", "--headless", "--script", "-", "--db", str(db), "--frames", str(frames),
                 stdin="press down\n")
    line = next(x for x in done.stderr.splitlines() if x.startswith("cpu "))
    return float(line.split()[1])


def open_ms(db: Path, runs: int) -> float:
    """CPU time of opening the database (every check at start) in this process, median of `runs`, ms."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        store = Store(db)
        times.append((time.process_time() - start) * 1000)
        store.close()
    return statistics.median(times)


def main() -> None:
    """Print the CPU to the first press and the database opening time per history size."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 30, 100])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    results: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="easel-start-") as tmp:
        for games in args.games:
            db = Path(tmp) / f"history{games}.db"
            make_history(db, games, Path(tmp) / "frames")
            cpu_to_first_press(db, Path(tmp) / "frames")  # bytecode compiled, caches warm
            cpu = statistics.median(cpu_to_first_press(db, Path(tmp) / "frames") for _ in range(args.runs))
            results[games] = cpu
            conn = sqlite3.connect(db)
            rows = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("games", "undo", "words_used")}
            conn.close()
            print(f"{games:4d} games ({rows['games']} history rows, {rows['undo']} undo steps, "
                  f"{rows['words_used']} words dealt): open {open_ms(db, args.runs):6.2f} ms, "
                  f"CPU to the first answered press {cpu:.3f} s")
    worst = max(results.values())
    spread = results[max(results)] - results[min(results)]
    print(f"worst {worst:.3f} s target<={TARGET_S} {'ok' if worst <= TARGET_S else 'OVER'}; "
          f"{min(results)} -> {max(results)} games {spread * 1000:+.0f} ms "
          f"(flat: at most {FLAT_S * 1000:+.0f} ms) {'ok' if spread <= FLAT_S else 'OVER'}")


if __name__ == "__main__":
    main()
