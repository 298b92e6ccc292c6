"""The one kind of error a user sees as a single line with exit code 2, and reading their files."""

from __future__ import annotations

from pathlib import Path

QUOTE_CHARS = 40  # at most this much of a bad value is echoed in a one-line error


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` quoted for a one-line message: escapes shown, at most `limit` characters kept."""
    kept = text if len(text) <= limit else text[:limit] + "…"
    return repr(kept) if kept.isprintable() else ascii(kept)


def shown(value: object, limit: int = QUOTE_CHARS) -> str:
    """A config value for a one-line message: strings quoted, anything else at most `limit`."""
    if isinstance(value, str):
        return quote(value, limit)
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


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
