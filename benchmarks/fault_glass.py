"""The sandglass through view switches and web restarts (issues 30 and 31), for benchmarks/faults.py:
real `easel play --web` processes on a real database, the Toolbox's 90 s sandglass turned, then a
panel or language switch, Ctrl-C, SIGTERM or a kill -9 (a power cut's state: nothing more is
written), and a restart; each time the next two presses are checked: the first after a stop only
resumes and is answered `resumed` (never `saved`), every press answered `saved` is applied.

The sand left is read from the database (the session's glass at the device clock the press that
resumes it writes) and compared with the true time: the sand a real glass would have left then,
held from the clean stop (a clean stop holds the time), running through a switch, and running
through a kill (a real glass runs on while the power is off: the restart reads the wall clock).
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

from benchmarks.fault_rig import EASEL, ROOT, row
from device.storage.store_codec import unpack

LENGTH_MS = 90_000
RUN_S = 3.0  # the sand that runs before each stop
TOLERANCE_MS = 1000


class Web:
    """One `easel play --web` process on a database."""

    def __init__(self, db: Path) -> None:
        self.proc = subprocess.Popen([*EASEL, "play", "--web", "--no-browser", "--port", "0", "--db", str(db),
                                      "--seed", "3"], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = ""
        while "Easel is on " not in line:
            line = self.proc.stdout.readline()
            assert line, f"the web simulator did not start: {self.proc.communicate()[1][-300:]}"
        self.ready = time.monotonic()
        self.url = line.split("Easel is on ", 1)[1].split()[0].rstrip("/")

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """POST a JSON body, the JSON answer."""
        request = urllib.request.Request(self.url + path, json.dumps(body).encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read().decode()
            return json.loads(text) if text else {}

    def press(self, button: str) -> dict[str, Any]:
        """Press a button, the answer."""
        return self.post("/press", {"button": button})

    def stop(self, sig: signal.Signals) -> int:
        """Send `sig` and wait for the exit code."""
        self.proc.send_signal(sig)
        self.proc.communicate(timeout=60)
        return self.proc.returncode


def glass_left(db: Path) -> tuple[int, int, str]:
    """(rolls, the sand left at the device clock last written, the glass's status), read from the file."""
    conn = sqlite3.connect(db)
    try:
        session = unpack(conn.execute("SELECT session FROM current").fetchone()[0])
        now = max(int(conn.execute("SELECT now_ms FROM current").fetchone()[0]),
                  int((conn.execute("SELECT now_ms FROM ticks").fetchone() or (0,))[0]))
    finally:
        conn.close()
    game = session["states"]["toolbox"]["game"]
    glass = game["sandglass"]
    left = glass["top_ms"] - max(0, now - glass["anchor_ms"]) if glass["status"] == "running" else glass["top_ms"]
    return int(game["rolls"]), max(0, int(left)), str(glass["status"])


def _turned(db: Path) -> tuple[Web, float]:
    web = Web(db)
    assert web.press("ok")["saved"]  # the Toolbox
    before = time.monotonic()
    assert web.press("timer")["saved"]
    return web, (before + time.monotonic()) / 2


def one_case(tmp: Path, how: str) -> tuple[int, int, int, str]:
    """(presses answered saved, presses applied, the error of the sand left in ms, exit codes)."""
    db = tmp / f"glass-{how}" / "e.db"
    db.parent.mkdir()
    web, turned = _turned(db)
    time.sleep(RUN_S)
    codes = []
    if how == "view switch":
        web.post("/view", {"language": "fr"})
        first = web.press("roll")
        answers = [first]
        codes.append(web.stop(signal.SIGTERM))
        stopped = time.monotonic()
        rolls, left, _ = glass_left(db)  # the clean stop wrote the device clock: the sand left then
        true_left = LENGTH_MS - (stopped - turned) * 1000
        resumed_ok = True
    else:
        sig = {"Ctrl-C": signal.SIGINT, "SIGTERM": signal.SIGTERM, "kill -9": signal.SIGKILL}[how]
        stopped = time.monotonic()
        codes.append(web.stop(sig))
        time.sleep(0.5)
        again = Web(db)
        first = again.press("roll")  # only resumes: the device clock it writes is where time was held
        resumed_ok = first.get("resumed") is True and first.get("saved") is False
        rolls_held, left, _ = glass_left(db)
        assert rolls_held == 0, f"{how}: the press that resumed was applied"
        answers = [again.press("roll")]
        true_left = LENGTH_MS - ((stopped if how != "kill -9" else again.ready) - turned) * 1000
        codes.append(again.stop(signal.SIGTERM))
        rolls, _, _ = glass_left(db)
    saved = sum(bool(a.get("saved")) for a in answers)
    assert resumed_ok, f"{how}: the first press after the restart was answered {first}"
    return saved, rolls, round(left - true_left), ", ".join(str(c) for c in codes)


def sandglass_stops(tmp: Path) -> None:
    """Each way the web simulator stops mid-sandglass: presses answered saved = applied, time within 1 s
    (in the table: `acked` = presses answered saved, `on disk` = presses applied)."""
    for how in ("view switch", "Ctrl-C", "SIGTERM", "kill -9"):
        saved, applied, error, codes = one_case(tmp, how)
        row(f"sandglass, web {how}: time off by {error:+d} ms", saved, applied, codes, "-")
        assert saved == applied, f"{how}: {saved} presses answered saved, {applied} applied"
        assert abs(error) <= TOLERANCE_MS, f"{how}: the sand left is {error} ms off the true time"
