"""The one kind of error a user sees as a single line with exit code 2, and reading their files."""

from __future__ import annotations

from pathlib import Path


class UserError(Exception):
    """Bad input from the user (config, script, word pack): one line naming file, line and fix."""


def read_user_text(path: Path, what: str, missing_hint: str) -> str:
    """A user's UTF-8 text file; UserError (one line) when it is missing, unreadable or not UTF-8."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such {what} file; {missing_hint}") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not UTF-8 text; save the {what} as UTF-8") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read the {what} ({exc.strerror})") from None
