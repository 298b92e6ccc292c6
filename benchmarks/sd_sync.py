"""The glass never waits for the SD card (issue 30, item 1): press-to-glass and press-to-ack
with a slow flush, the commit beside the refresh against the commit before it.

A slow SD card is made with strace: every `fdatasync` (SQLite's commit sync) is delayed by
`--sync-ms` at its entry (`strace -f -e inject=fdatasync:delay_enter=...`); the runs without a
delay go through the same strace. Each run is a child process playing a committed script's
presses with the real runner, a real SQLite database in a temporary directory and the real
display worker driving the web simulator's panel (device/run/web/panel.py: each refresh blocks
for the 2.13"'s time, the driver's delays included), one press after the glass answered the
previous one and the press was acknowledged; `wait` lines pass in virtual time. Per press:

- press-to-glass: from the press to the end of the refresh that shows its last frame;
- press-to-ack: from the press to `Runner.handle` returning, which is when `ok N`, the web
  page's answer and the next press (an undo too) may come; the child checks another process's
  view of the database has the step's commit at that moment (`acks after the commit`).

"beside" is Easel's order (the frame goes to the panel, then the commit); "naive" is the order
before issue 30 (each write committed before the frame goes on), by replacing
`Store.one_commit` with a block that holds nothing.

Target: with a 200 ms sync, the median press-to-glass on the 2.13" grows by at most 20 ms over
no delay, while every acknowledgement follows its commit.

    python benchmarks/sd_sync.py [--sync-ms 200] [--presses 40] [--script artbox_five_players_round]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.clock import VirtualClock  # noqa: E402
from device.display.display_worker import DisplayWorker  # noqa: E402
from device.display.refresh import RefreshPlanner  # noqa: E402
from device.framework.resources import Resources  # noqa: E402
from device.framework.runner import DeviceSetup, Runner, RunnerDeps  # noqa: E402
from device.run.headless import run_script  # noqa: E402
from device.run.script import Wait, read_four_keys, read_seeded  # noqa: E402
from device.run.web.panel import GlassFrame, SimPanel  # noqa: E402
from device.settings import Settings  # noqa: E402
from device.storage.store import Store  # noqa: E402
from device.storage.store_wal import commits_seen  # noqa: E402
from hardware.panels import PANELS, busy_ms  # noqa: E402

MODEL = "epd2in13_V4"
GROWTH_MS = 20
ORDERS = ("beside", "naive")



class Glass:
    """When the glass last settled on a new picture, and how many times it did."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.shown = 0
        self.at = 0.0

    def seen(self, frame: GlassFrame) -> None:
        if frame.phase == "shown":
            with self.cond:
                self.shown += 1
                self.at = frame.at
                self.cond.notify_all()


def child(script: Path, order: str, presses: int, out: Path) -> None:
    """Play the script's first `presses` presses and print one JSON line per press."""
    if order == "naive":
        Store.one_commit = lambda self: contextlib.nullcontext()  # type: ignore[method-assign,assignment,misc,return-value]
    seed, numbered = read_seeded(script)
    spec = PANELS[MODEL]
    glass = Glass()
    panel = SimPanel(spec, glass.seen)
    worker = DisplayWorker(panel, RefreshPlanner(spec), idle_sleep_s=None)
    db = out / "easel.db"
    store = Store(db)
    clock = VirtualClock(0)
    deps = RunnerDeps(store=store, resources=Resources(), sink=worker, clock=clock)
    runner = Runner(deps, DeviceSetup(settings=Settings(panel=MODEL), seed=seed or 1,
                                      seat_buttons=not read_four_keys(script)))
    runner.show()
    worker.flush()
    done = 0
    for _number, step in numbered:
        if isinstance(step, Wait):
            run_script(runner, clock, [step])
            worker.flush()
            continue
        before, shown = commits_seen(db), glass.shown
        start = time.monotonic()
        runner.handle(step)
        ack = time.monotonic()
        on_disk = commits_seen(db) > before
        worker.flush()
        with glass.cond:
            refreshed = glass.shown > shown
            at = glass.at
        if refreshed:
            print(json.dumps({"glass_ms": (at - start) * 1000, "ack_ms": (ack - start) * 1000,
                              "on_disk": on_disk}), flush=True)
        done += 1
        if done >= presses:
            break
    worker.close()
    store.close()


def run(script: str, order: str, sync_ms: int, presses: int) -> list[dict[str, Any]]:
    """One child under strace; its per-press lines."""
    strace = shutil.which("strace")
    if strace is None:
        raise SystemExit("sd_sync: strace is missing: apt-get install strace")
    inject = ["-e", f"inject=fdatasync:delay_enter={sync_ms * 1000}"] if sync_ms else []
    with tempfile.TemporaryDirectory() as tmp:
        command = [strace, "-f", "-qq", "--seccomp-bpf", "-o", "/dev/null", "-e", "trace=fdatasync", *inject,
                   sys.executable, __file__, "--child", order, "--script", script, "--presses", str(presses),
                   "--out", tmp]
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"sd_sync: the {order} run with a {sync_ms} ms sync failed:\n{done.stderr[-2000:]}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def median(lines: list[dict[str, Any]], key: str) -> float:
    """The median of one figure."""
    return statistics.median(line[key] for line in lines)


def main() -> int:
    """Print press-to-glass and press-to-ack for both orders, without and with the slow sync."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sync-ms", type=int, default=200)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--script", default="artbox_five_players_round")
    parser.add_argument("--child", choices=ORDERS)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    script = ROOT / "tests" / "scripts" / f"{args.script}.txt"
    if args.child:
        child(script, args.child, args.presses, args.out)
        return 0
    print(f"{args.script}, first {args.presses} presses, {MODEL} (partial {busy_ms(PANELS[MODEL], 'partial')} ms), "
          f"every fdatasync delayed by 0 or {args.sync_ms} ms (strace inject)\n")
    print("| order | sync ms | presses | press-to-glass p50 ms | press-to-ack p50 ms | acks after the commit |")
    print("|---|---|---|---|---|---|")
    medians: dict[tuple[str, int], float] = {}
    failures = 0
    for order in ORDERS:
        for sync in (0, args.sync_ms):
            lines = run(args.script, order, sync, args.presses)
            medians[order, sync] = median(lines, "glass_ms")
            acked = sum(line["on_disk"] for line in lines)
            failures += order == "beside" and acked != len(lines)
            print(f"| {order} | {sync} | {len(lines)} | {medians[order, sync]:.0f} | {median(lines, 'ack_ms'):.0f} "
                  f"| {acked}/{len(lines)} |")
    print()
    for order in ORDERS:
        growth = medians[order, args.sync_ms] - medians[order, 0]
        print(f"{order}: a {args.sync_ms} ms sync adds {growth:+.0f} ms to the median press-to-glass")
    growth = medians["beside", args.sync_ms] - medians["beside", 0]
    print(f"\n- {'pass' if growth <= GROWTH_MS else 'FAIL'}: beside, a {args.sync_ms} ms sync adds {growth:+.0f} ms "
          f"<= {GROWTH_MS} ms to the median press-to-glass")
    print(f"- {'pass' if not failures else 'FAIL'}: beside, every acknowledgement after its commit")
    return 1 if failures or growth > GROWTH_MS else 0


if __name__ == "__main__":
    sys.exit(main())
