"""The home menu's state: only the cursor (the entries come from the registry via the context)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HomeUi:
    """The row the cursor is on."""

    cursor: int = 0
