"""The option menu every setup screen and the Settings use: a list of rows, up/down move the
cursor (wrapping), ok acts on the row (change its value, open, start), back leaves.

The widget gives the navigation bindings with their labels; the screen passes what ok and back
do on the row under the cursor. Drawing is `Frame.menu` (rows on the left, values on the right).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, replace
from typing import Any, ClassVar, Protocol, TypeVar

from device.framework.contract import Context, Reply
from device.strings.all import STRINGS as T
from device.widgets.bindings import Binding
from device.widgets.cursor import step as stepped
from device.widgets.cursor import wrapped


class HasCursor(Protocol):
    """A UI state (a dataclass) with a list cursor."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def cursor(self) -> int:
        """The row the cursor is on."""


C = TypeVar("C", bound=HasCursor)
UP_DOWN = ("key.up", "key.down")
PREV_NEXT = ("key.prev", "key.next")


def option_menu(count: int, lang: str, ok: Binding[C], back: Binding[C] | None = None, *,
                start: int | None = None, labels: tuple[str, str] = UP_DOWN) -> dict[str, Binding[C]]:
    """The menu's keys: up/down over `count` rows from `start` (default: the cursor), ok, back."""
    def move(button: str, label: str) -> Binding[C]:
        def action(ui: C, ctx: Context) -> Reply[C]:
            here = ui.cursor if start is None else start
            return Reply(replace(ui, cursor=wrapped(here, button, count)))
        return Binding(action, T(lang, label))

    keys = {"up": move("up", labels[0]), "down": move("down", labels[1]), "ok": ok}
    if back is not None:
        keys["back"] = back
    return keys


S = TypeVar("S")


def count_keys(step: Callable[[S, int], S], lang: str, keep: Binding[S], cancel: Binding[S]) -> dict[str, Binding[S]]:
    """The keys of a count being edited on its row: up adds one, down takes one (`step` wraps),
    ok keeps, back cancels."""
    def count(button: str) -> Binding[S]:
        return Binding(lambda ui, ctx: Reply(step(ui, -stepped(button))), "+1" if button == "up" else "−1")

    return {"up": count("up"), "down": count("down"), "ok": keep, "back": cancel}


class HasDraft(Protocol):
    """A UI state (a dataclass) keeping its setup in `draft` and, while a count is edited, the
    setup from before in `editing`."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def draft(self) -> Any:
        """The setup being chosen."""

    @property
    def editing(self) -> Any:
        """The setup before the count being edited was opened (None when none is)."""


D = TypeVar("D", bound=HasDraft)


def draft_count_keys(change: Callable[[Any, int], Any], lang: str,
                     start: Callable[[D, Context], Reply[D]]) -> dict[str, Binding[D]]:
    """`count_keys` for a UI with `draft` and `editing`: ok keeps, back restores the draft,
    roll starts the game with the count shown."""
    def keep(ui: D, ctx: Context) -> Reply[D]:
        return Reply(replace(ui, editing=None))

    def cancel(ui: D, ctx: Context) -> Reply[D]:
        return Reply(replace(ui, draft=ui.editing or ui.draft, editing=None))

    keys = count_keys(lambda ui, by: replace(ui, draft=change(ui.draft, by)), lang,
                      Binding(keep, T(lang, "key.ok")), Binding(cancel, T(lang, "key.back")))
    return {**keys, "roll": Binding(lambda ui, ctx: start(replace(ui, editing=None), ctx))}


def edited(value: str) -> str:
    """How the value of the row being edited reads (as in Settings): between < >."""
    return f"< {value} >"
