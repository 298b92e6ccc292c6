"""Find a running countdown in any app's state, to tell the table where time stopped."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.sandglass import Sandglass

_MAX_DEPTH = 4


def running_countdown_ms(state: Any, now_ms: int, depth: int = 0) -> int | None:
    """The time left on the first running sandglass inside `state` (dataclasses, tuples), or None."""
    if isinstance(state, Sandglass):
        return state.remaining_ms(now_ms) if state.status == "running" else None
    if depth >= _MAX_DEPTH:
        return None
    if dataclasses.is_dataclass(state) and not isinstance(state, type):
        children: Any = (getattr(state, f.name) for f in dataclasses.fields(state))
    elif isinstance(state, tuple | list):
        children = state
    else:
        return None
    for child in children:
        found = running_countdown_ms(child, now_ms, depth + 1)
        if found is not None:
            return found
    return None
