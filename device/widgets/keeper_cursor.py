"""The keeper's seat cursor of the table build: the players press their own seat buttons, so the
cursor waits behind "● No button?" (for a seat whose button is not used), and back puts it away.
With the four keys alone the cursor is always out. #ARTBOX, Canvas and the Toolbox use it."""

from __future__ import annotations

from dataclasses import Field, replace
from typing import Any, ClassVar, Protocol, TypeVar

from device.framework.contract import Reply
from device.strings.all import STRINGS as T
from device.widgets.bindings import Binding


class HasKeeperCursor(Protocol):
    """A UI state (a dataclass) that knows whether the keeper's cursor is out."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def by_hand(self) -> bool:
        """True once "No button?" took the cursor out."""


U = TypeVar("U", bound=HasKeeperCursor)


def cursor_shown(by_hand: bool, seat_buttons: bool) -> bool:
    """Whether a screen shows the keeper's cursor: always with the four keys, else once opened."""
    return not seat_buttons or by_hand


def open_cursor(lang: str) -> Binding[U]:
    """ok: "No button?", which takes the cursor out."""
    return Binding(lambda u, c: Reply(replace(u, by_hand=True)), T(lang, "key.by_hand"))


def close_cursor(lang: str) -> Binding[U]:
    """back: puts the cursor away again."""
    return Binding(lambda u, c: Reply(replace(u, by_hand=False)), T(lang, "key.back"))
