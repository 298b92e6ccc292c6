"""The device log: a small rotating file beside the database, one line per refresh, fault and recovery."""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

from device.errors import UserError
from device.storage.store_file import shown

LOG_BYTES = 256 * 1024
LOG_BACKUPS = 3
LOGGERS = ("easel", "device", "hardware")  # the app's own logger and the modules' __name__ loggers


def setup_logging(state_dir: Path, level: int = logging.INFO) -> Path:
    """Send the `easel` logger to state_dir/easel.log (rotated at 256 KiB, 3 old files kept).

    Only `easel play` logs; read-only commands (history, doctor) never create a log file.
    UserError (one line) when the directory cannot take the file.
    """
    path = state_dir / "easel.log"
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8",
                                      errors="backslashreplace")
    except OSError as exc:
        raise UserError(f"log {shown(path)}: cannot write ({exc.strerror}); "
                        "make the directory writable or give a --db elsewhere") from None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers = [h for h in logger.handlers if not isinstance(h, RotatingFileHandler)]
        logger.addHandler(handler)
        logger.setLevel(level)
        logger.propagate = False
    return path
