"""How often the database is written while a sandglass runs (issue 30, item 2): commits and the
SD card's syncs of a 90 s sandglass left alone, of the IDENTIK game and of the Toolbox round.

Each flow runs in a child process with the real runner and a real SQLite database in a
temporary directory, in virtual time (a `wait` takes no real time), under
`strace -f -c -e trace=fdatasync,fsync`: the syncs are the kernel's own count. The child also
counts its write transactions (each COMMIT, and each write made outside one: a `ticks` row).
The sandglass flow counts only what follows its setup (the Toolbox opened): the press that turns
the glass, 95 s left alone (the sand runs out at 90 s), and nothing else.

Target: a 90 s sandglass left alone writes to the database at most twice (its start and its end).

    python benchmarks/glass_writes.py
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SANDGLASS = "sandglass 90 s left alone"
FLOWS = {SANDGLASS: None, "IDENTIK game": "identik_full_game", "Toolbox round": "toolbox_round"}
MAX_WRITES = 2
SYNC_ROW = r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?f(?:data)?sync$"  # strace -c: % time, s, us/call, calls


def _child(flow: str, setup_only: bool) -> None:
    """Play the flow; print {"presses": n, "writes": n} (writes after the setup, for the sandglass)."""
    from device.clock import VirtualClock
    from device.framework.resources import Resources
    from device.framework.runner import DeviceSetup, Runner, RunnerDeps
    from device.run.headless import FrameRecorder, run_script
    from device.run.script import Wait, parse_script, read_seeded
    from device.settings import Settings
    from device.storage.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "e.db")
        writes = [0]

        def traced(sql: str) -> None:
            text = sql.lstrip().upper()
            if text.startswith("COMMIT") or (not store.conn.in_transaction and text.startswith(("INSERT", "UPDATE"))):
                writes[0] += 1

        store.conn.set_trace_callback(traced)
        clock = VirtualClock(0)
        if FLOWS[flow] is None:
            seed, setup, steps = 1, parse_script("press ok", "<setup>"), parse_script("press timer\nwait 95", "<flow>")
        else:
            seed, numbered = read_seeded(ROOT / "tests" / "scripts" / f"{FLOWS[flow]}.txt")
            setup, steps = [], [step for _, step in numbered]
        runner = Runner(RunnerDeps(store=store, resources=Resources(), sink=FrameRecorder(None), clock=clock),
                        DeviceSetup(settings=Settings(), seed=seed or 1))
        run_script(runner, clock, setup)
        writes[0] = 0
        if not setup_only:
            run_script(runner, clock, steps)
        presses = sum(not isinstance(step, Wait) for step in steps)
        print(json.dumps({"presses": presses, "writes": writes[0]}))
        store.conn.set_trace_callback(None)
        store.close()


def _syncs(flow: str, setup_only: bool) -> tuple[dict[str, int], int]:
    """The child's own counts and the syncs strace counted in the whole child process."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "strace.txt"
        cmd = ["strace", "-f", "-c", "-e", "trace=fdatasync,fsync", "-o", str(log), sys.executable, __file__,
               "--child", flow] + (["--setup-only"] if setup_only else [])
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
        rows = re.finditer(SYNC_ROW, log.read_text(), re.MULTILINE)
        calls = sum(int(m.group(1)) for m in rows)
        return json.loads(out.strip().splitlines()[-1]), calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--setup-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.setup_only)
        return
    if shutil.which("strace") is None:
        sys.exit("glass_writes: needs strace (apt-get install strace)")
    print(f"{'flow':<28} {'presses':>7} {'commits':>8} {'syncs':>6}")
    failed = False
    for flow in FLOWS:
        counts, syncs = _syncs(flow, False)
        if FLOWS[flow] is None:
            syncs -= _syncs(flow, True)[1]  # the setup's syncs (and the store's own at open and close)
        print(f"{flow:<28} {counts['presses']:>7} {counts['writes']:>8} {syncs:>6}")
        if FLOWS[flow] is None and counts["writes"] > MAX_WRITES:
            failed = True
            print(f"FAIL: {flow}: {counts['writes']} writes > {MAX_WRITES} (its start and its end)")
    if not failed:
        print(f"OK: a 90 s sandglass left alone writes at most {MAX_WRITES} times")


if __name__ == "__main__":
    main()
