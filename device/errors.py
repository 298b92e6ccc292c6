"""The one kind of error a user sees as a single line with exit code 2, and quoting their values."""

from __future__ import annotations

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

