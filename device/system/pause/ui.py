"""The pause menu's state (kept by the session, so defined in `device.framework.pause`)."""

from __future__ import annotations

from device.framework.pause import ROWS, PauseUi, Row, row_at

__all__ = ["ROWS", "PauseUi", "Row", "row_at"]
