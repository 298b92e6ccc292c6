"""The `easel` command as installed: the collector paused before anything is imported
(device/run/collector.py), then the command itself (device/run/cli.py)."""

from __future__ import annotations

from device.run import collector


def main(argv: list[str] | None = None) -> int:
    """Run `easel` with the collector paused for its start; its exit code."""
    collector.pause()
    from device.run.cli import main as run

    return run(argv)
