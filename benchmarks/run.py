"""Easel's speed and memory figures against their targets (docs/performance.md).

    python benchmarks/run.py            # everything (about a minute: idle CPU is sampled for 30 s)
    python benchmarks/run.py --quick    # shorter samples
    python benchmarks/run.py --memory   # only the peak memory figures

Prints: render time per screen per panel (median), press-to-frame latency (p50/p99, with the
real SQLite journal on disk), idle CPU of the device loop, cold start to first frame, and peak
memory: a headless Toolbox game, and a full #ARTBOX game on the 7.5" headless and with the Pi's
hardware modules imported (each its own process's peak: VmHWM, not ru_maxrss).
"""

from __future__ import annotations

import argparse
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.clock import MonotonicClock  # noqa: E402
from device.framework.registry import keys  # noqa: E402
from device.framework.resources import Resources  # noqa: E402
from device.framework.runner import DeviceSetup, Runner, RunnerDeps  # noqa: E402
from device.run.gallery import panels_for, sample_frames  # noqa: E402
from device.run.headless import FrameRecorder  # noqa: E402
from device.run.loop import STOP, run_loop  # noqa: E402
from device.settings import Settings  # noqa: E402
from device.storage.store import Store  # noqa: E402
from hardware.events import ButtonEvent  # noqa: E402
from hardware.panels import PANELS  # noqa: E402

TARGETS = {"render_small_ms": 2.0, "render_large_ms": 5.0, "press_p99_ms": 10.0, "idle_cpu_pct": 0.2,
           "cold_start_s": 0.8, "peak_mb": 45.0}


def verdict(value: float, target: float) -> str:
    """OK or OVER against a target."""
    return "ok" if value <= target else "OVER"


def bench_render(repeats: int) -> dict[str, list[float]]:
    """Median render time of every sample of every app, per panel (the gallery's own samples)."""
    resources = Resources()
    per_panel: dict[str, list[float]] = defaultdict(list)
    print(f"\n== render time per screen (median of {repeats}, ms)")
    for key in keys():
        for panel in panels_for(key):
            spec = PANELS[panel]
            worst = ("", 0.0)
            times = []
            for sample in sample_frames(key, panel, "en", resources):
                runs = []
                for _ in range(repeats):
                    start = time.perf_counter()
                    sample.render()
                    runs.append((time.perf_counter() - start) * 1000)
                median = statistics.median(runs)
                times.append(median)
                per_panel[panel].append(median)
                if median > worst[1]:
                    worst = (sample.name, median)
            print(f"{key:10s} {panel:12s} {spec.width}x{spec.height:<4d} screens={len(times):3d} "
                  f"median={statistics.median(times):6.2f}  worst={worst[1]:6.2f} ({worst[0]})")
    return per_panel


def bench_press(presses: int) -> list[float]:
    """Press-to-frame latency: handle() of a press, journal write included, until the frame is handed over."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        handed: list[float] = []

        class Sink:
            def submit(self, image: object, key: str, hide_secret: bool = False, activity: object = None) -> None:
                handed.append(time.perf_counter())

        runner = Runner(RunnerDeps(store=store, resources=Resources(), sink=Sink(), clock=MonotonicClock()),
                        DeviceSetup(settings=Settings(), seed=1))
        runner.handle(ButtonEvent("ok"))
        buttons = ["roll", "up", "down", "seat1", "seat2", "seat3", "seat4", "back!", "back!", "back!", "back!"]
        latencies = []
        for i in range(presses):
            name = buttons[i % len(buttons)]
            event = ButtonEvent(name.rstrip("!"), "hold" if name.endswith("!") else "press")
            start = time.perf_counter()
            runner.handle(event)
            latencies.append((handed[-1] - start) * 1000)
        store.close()
    latencies.sort()
    return latencies


def bench_idle(seconds: float) -> float:
    """CPU used by the device loop while nothing happens (a sandglass-free home screen)."""
    runner = Runner(RunnerDeps(store=Store(None), resources=Resources(), sink=FrameRecorder(None),
                               clock=MonotonicClock()), DeviceSetup(settings=Settings(), seed=1))
    events: queue.Queue[ButtonEvent | None] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(target=run_loop, args=(runner, events, stop), daemon=True)
    thread.start()
    time.sleep(0.5)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    events.put(STOP)
    thread.join()
    return 100 * cpu / wall


def bench_cold_start(runs: int) -> float:
    """Seconds from `easel play --headless` start to its first frame written (median)."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "empty.txt"
        script.write_text("# nothing\n", encoding="utf-8")
        for i in range(runs):
            frames = Path(tmp) / f"f{i}"
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", str(script),
                            "--frames", str(frames)], cwd=ROOT, check=True, capture_output=True)
            first = frames / "0001.png"
            times.append(first.stat().st_mtime - time.time() + (time.perf_counter() - start))
    return statistics.median(times)


# A child's own peak: VmHWM, the high-water mark of its resident set, which starts afresh at
# exec. (Its ru_maxrss would not: Linux carries the forking parent's resident size over exec,
# so a child of this large process read at least this process's size.)
PEAK_CODE = """
import sys
sys.argv = ["easel", *sys.argv[1:]]
HARDWARE
from device.run.startup import main  # as the installed command runs (collector paused for the start)
code = main(sys.argv[1:])
for line in open("/proc/self/status"):
    if line.startswith("VmHWM:"):
        print("peak_kb", line.split()[1])
sys.exit(code)
"""
# The Pi's modules as `easel play` on the hardware imports them, on the fake Pi (hardware/fake_pi.py:
# spidev and the pins replaced, the vendor driver and gpiozero real).
HARDWARE = """
from hardware.fake_pi import FakePi
pi = FakePi().__enter__()
pi.load("epd7in5_V2")
import device.run.hardware_setup, hardware.buttons, hardware.gpio_buzzer, hardware.serial_pad, hardware.sdnotify
"""
ARTBOX = ROOT / "tests" / "scripts" / "artbox_four_players.txt"


def peak_mb(args: list[str], hardware: bool = False) -> float:
    """Peak resident memory (MB) of `easel ARGS` in a fresh interpreter: its own VmHWM."""
    code = PEAK_CODE.replace("HARDWARE", HARDWARE if hardware else "")
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, check=True, capture_output=True, text=True)
    line = next(x for x in out.stdout.splitlines() if x.startswith("peak_kb "))
    return int(line.split()[1]) / 1024


def bench_peak_memory() -> dict[str, float]:
    """Peak resident memory (MB): a headless Toolbox game with a 90 s countdown, and a full #ARTBOX
    game on the 7.5" (headless, then with the Pi's hardware modules imported)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "game.txt"
        script.write_text("press ok\npress roll\npress timer\nwait 91\npress seat1\npress seat2\n", encoding="utf-8")
        artbox = ["play", "--headless", "--script", str(ARTBOX), "--panel", "epd7in5_V2", "--seed", "8"]
        return {
            "Toolbox, 90 s countdown": peak_mb(["play", "--headless", "--script", str(script), "--frames",
                                                f"{tmp}/f1", "--db", f"{tmp}/t.db"]),
            '#ARTBOX game, 7.5"': peak_mb([*artbox, "--frames", f"{tmp}/f2", "--db", f"{tmp}/a.db"]),
            '#ARTBOX game, 7.5", hardware modules': peak_mb([*artbox, "--frames", f"{tmp}/f3", "--db", f"{tmp}/h.db"],
                                                           hardware=True),
        }


def print_peak_memory() -> None:
    """Each peak against the target."""
    for name, peak in bench_peak_memory().items():
        print(f"== peak memory, {name}: {peak:.1f} MB target<={TARGETS['peak_mb']} {verdict(peak, TARGETS['peak_mb'])}")


def main() -> None:
    """Run every benchmark and print the figures with their targets."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--memory", action="store_true", help="only the peak memory figures")
    args = parser.parse_args()
    if args.memory:
        print_peak_memory()
        return
    per_panel = bench_render(5 if args.quick else 21)
    print("\n== render time per panel (median over all screens, ms)")
    for panel, times in per_panel.items():
        spec = PANELS[panel]
        target = TARGETS["render_small_ms"] if spec.width <= 250 else TARGETS["render_large_ms"]
        median = statistics.median(times)
        shown = f"{spec.width}x{spec.height}"
        print(f"{panel:12s} {shown:8s} median={median:6.2f} max={max(times):6.2f} "
              f"target<={target} {verdict(median, target)}")
    latencies = bench_press(300 if args.quick else 2000)
    p50 = latencies[len(latencies) // 2]
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    print(f"\n== press to frame handed over (SQLite WAL, synchronous=FULL on disk): p50={p50:.2f} ms "
          f"p99={p99:.2f} ms target p99<={TARGETS['press_p99_ms']} {verdict(p99, TARGETS['press_p99_ms'])}")
    idle = bench_idle(5 if args.quick else 30)
    print(f"== idle CPU of the device loop: {idle:.3f} % target<={TARGETS['idle_cpu_pct']} "
          f"{verdict(idle, TARGETS['idle_cpu_pct'])}")
    cold = bench_cold_start(3 if args.quick else 7)
    print(f"== cold start to first frame: {cold:.3f} s target<={TARGETS['cold_start_s']} "
          f"{verdict(cold, TARGETS['cold_start_s'])}")
    print_peak_memory()



if __name__ == "__main__":
    main()
