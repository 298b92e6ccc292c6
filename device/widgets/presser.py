"""Sample playthroughs: press buttons through an app's own key map, as a table would."""

from __future__ import annotations

from dataclasses import replace
from typing import Generic, TypeVar

from device.framework.contract import App, Context
from hardware.events import ButtonEvent, EventKind

S = TypeVar("S")


class Presser(Generic[S]):
    """Presses buttons through `app.handle` with a context at a chosen time; "ok!" is a hold.

    A `strict` presser stops with ValueError at the first refused press (a script that no longer
    plays as written is a bug in the script, not a sample to draw).
    """

    def __init__(self, app: App[S], ctx: Context, strict: bool = False) -> None:
        self.app = app
        self.ctx = ctx
        self.strict = strict

    def start(self, seed: int) -> S:
        """A fresh app state seeded with `seed`."""
        return self.app.start(replace(self.ctx, seed=seed))

    def press(self, ui: S, *buttons: str, now: int = 0) -> S:
        """The state after pressing `buttons` in order at time `now` (a trailing '!' holds)."""
        ctx = replace(self.ctx, now_ms=now)
        for button in buttons:
            kind: EventKind = "hold" if button.endswith("!") else "press"
            reply = self.app.handle(ui, ButtonEvent(button.rstrip("!"), kind), ctx)
            if self.strict and reply.error is not None:
                raise ValueError(f"{button}: {reply.error}")
            ui = reply.state
        return ui

    def tick(self, ui: S, now: int) -> S:
        """The state after the app's timer tick at `now`."""
        return self.app.tick(ui, replace(self.ctx, now_ms=now)).state
