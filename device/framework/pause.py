"""The pause menu's state: the game it was opened over and the row the cursor is on.

It lives in the framework because the session keeps it (which game is paused survives a power
cut and Settings opened from the menu come back to it); `device.system.pause` draws and drives it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from device.framework.registry import GAMES

Row = Literal["resume", "undo", "home", "settings"]
ROWS: tuple[Row, ...] = ("resume", "undo", "home", "settings")


@dataclass(frozen=True)
class PauseUi:
    """`game`: the game paused ("" when no game is paused); `cursor`: the row (Resume first)."""

    game: str = ""
    cursor: int = 0

    def __post_init__(self) -> None:
        if self.game and self.game not in GAMES:
            raise ValueError(f"the pause menu is over {self.game!r}, which is not a game")
        if not 0 <= self.cursor < len(ROWS):
            raise ValueError(f"pause menu cursor {self.cursor} is not a row (0..{len(ROWS) - 1})")


def row_at(ui: PauseUi) -> Row:
    """The row under the cursor."""
    return ROWS[ui.cursor]
