"""Make the database of every earlier format, each written by the Easel of that format itself.

    python tests/device/data/formats/build.py

For each format, the last commit that wrote it is taken from the repository's history (`git log
-- device/storage` shows the format changes: 1 until 9f75d62, 2 until 0dc8908, 3 until 687408a,
4 until seats and labels became data), its tree is exported to a temporary folder, and its own
`easel play --headless` plays, each into a database of its own: IDENTIK to the end in English
(four unnamed seats, saved as "Seat 1".."Seat 4"), Artem to the end in French ("Place 1".."Place
3"), then the first presses of an #ARTBOX game in English, left under way (its session and undo
steps, labels in English). The finished games of the first two are copied into the third's
database (rows as that Easel wrote them), which is kept as `format<N>.db` beside this file.
Run it only to add the format a change leaves behind; the files are committed.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
FORMATS = {1: "9f75d62^", 2: "0dc8908^", 3: "687408a^", 4: "466ce20"}
# (script, language, presses kept: 0 = all); the last one is left under way
RUNS = (("identik_full_game", "en", 0), ("artem_three_players", "fr", 0), ("artbox_four_players", "en", 14))


def export(commit: str, tree: Path) -> None:
    """The code and scripts of `commit`, as files."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "device", "engine", "hardware",
                              "tests/scripts"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)


def play(tree: Path, name: str, lang: str, presses: int, db: Path, work: Path) -> None:
    """One script played by the exported Easel into `db`."""
    text = (tree / "tests" / "scripts" / f"{name}.txt").read_text(encoding="utf-8")
    seed = re.match(r"#\s*seed\s+(\d+)", text)
    if presses:
        kept, lines = 0, []
        for line in text.splitlines():
            step = line.split("#")[0].split()
            kept += step[:1] in (["press"], ["hold"])
            if kept > presses:
                break
            lines.append(line)
        text = "\n".join(lines) + "\n"
    script = work / f"{name}.txt"
    script.write_text(text, encoding="utf-8")
    cli = "device.run.cli" if (tree / "device" / "run" / "cli.py").exists() else "device.cli"
    subprocess.run([sys.executable, "-m", cli, "play", "--headless", "--script", str(script), "--lang", lang,
                    "--seed", seed.group(1) if seed else "1", "--frames", str(work / "frames"), "--db", str(db)],
                   check=True, cwd=work, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"})


def build(version: int, commit: str) -> Path:
    """The database of format `version`, written by `commit`."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        tree = work / "tree"
        tree.mkdir()
        export(commit, tree)
        dbs = [work / f"{name}.db" for name, _, _ in RUNS]
        for (name, lang, presses), db in zip(RUNS, dbs, strict=True):
            play(tree, name, lang, presses, db, work)
        conn = sqlite3.connect(dbs[-1], isolation_level=None)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == (0 if version == 1 else version)
        for db in dbs[:-1]:
            conn.execute("ATTACH DATABASE ? AS other", (str(db),))
            conn.execute("INSERT INTO games (key, game, finished, players, scores, winners, seed) "
                         "SELECT key, game, finished, players, scores, winners, seed FROM other.games ORDER BY id")
            conn.execute("DETACH DATABASE other")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        target = HERE / f"format{version}.db"
        shutil.copyfile(dbs[-1], target)
    return target


def main() -> None:
    """Build every format's database (or those named on the command line)."""
    wanted = [int(a) for a in sys.argv[1:]] or sorted(FORMATS)
    for version in wanted:
        print(build(version, FORMATS[version]))


if __name__ == "__main__":
    main()
