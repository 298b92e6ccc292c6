"""Headless memory over many sandglass cycles: the real `easel play --headless --script -`
runs the Toolbox's 90 s sandglass to zero again and again, saving every frame as a PNG, while
this script reads the process's resident memory after the first cycle and after the last.

    python benchmarks/headless_memory.py [--cycles 1000]

Frames are deleted as the run goes (only their writing is measured, not the disk they fill).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CYCLE = ("press timer", "wait 95")  # start the 90 s sandglass and let it run out


def rss_mb(pid: int) -> float:
    """The resident set size of process `pid` in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def step(proc: subprocess.Popen[str], line: str) -> None:
    """Send one script line and wait for its acknowledgement."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    answer = proc.stdout.readline()
    if not answer.startswith("ok "):
        raise RuntimeError(f"{line!r} was answered {answer!r}")


def main() -> None:
    """Run the cycles and print RSS at the start and the end."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--cycles", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="easel-memory-") as tmp:
        frames = Path(tmp) / "frames"
        easel = Path(sys.executable).with_name("easel")
        command = [str(easel), "play", "--headless", "--script", "-", "--seed", "5",
                   "--frames", str(frames), "--db", str(Path(tmp) / "easel.db")]
        proc = subprocess.Popen(command, cwd=tmp, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True)
        step(proc, "press ok")  # home -> Toolbox
        for line in CYCLE:
            step(proc, line)
        start = rss_mb(proc.pid)
        for n in range(2, args.cycles + 1):
            for line in CYCLE:
                step(proc, line)
            if n % 50 == 0:
                for png in frames.glob("*.png"):
                    png.unlink()
        end = rss_mb(proc.pid)
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=60)
        sounds = (frames / "sounds.txt").read_text().count("\n")
    print(f"RSS after cycle 1: {start:.1f} MB; after cycle {args.cycles}: {end:.1f} MB "
          f"({(end - start) * 1024 / max(args.cycles - 1, 1):.1f} KB per cycle); {sounds} sounds")


if __name__ == "__main__":
    main()
