"""What `easel` says at exit when some steps never reached the disk, and its exit code."""

from __future__ import annotations

import sys
from pathlib import Path

from device.storage.store_file import shown

EXIT_UNSAVED = 3  # play ended (quit, SIGTERM, end of script) with steps the disk never took


def report_unsaved(unsaved: int, reason: str, db: Path | None) -> int:
    """Exit code 0, or 3 with one line on stderr when some steps could not be written to disk."""
    if not unsaved:
        return 0
    print(f"easel: {unsaved} steps were not saved to {shown(db)} ({reason[:50]}); "
          "free space or make it writable, then play on", file=sys.stderr)
    return EXIT_UNSAVED
