"""How rows hold sessions and states: compact JSON, deflated for the rows written every press."""

from __future__ import annotations

import json
import zlib
from typing import Any


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON, as every row stores it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def pack(data: Any) -> bytes:
    """A session or an app state as its row stores it: the JSON, deflated.

    A state repeats its field names and seat lists, so this writes about a third of the bytes of
    the text for every press (the session row and an undo row), which is what an SD card wears.
    """
    return zlib.compress(dumps(data).encode("utf-8"), 9)


def unpack(value: object) -> Any:
    """A stored session or state back (rows of format 1 and 2 are JSON text); ValueError if damaged."""
    if isinstance(value, bytes):
        try:
            value = zlib.decompress(value).decode("utf-8")
        except (zlib.error, UnicodeDecodeError) as exc:
            raise ValueError(f"a stored state does not inflate ({exc})") from None
    if not isinstance(value, str):
        raise ValueError("a stored state is neither text nor deflated JSON")
    return json.loads(value)
