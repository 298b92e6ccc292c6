"""One press, start to end: the open app's key map turns it into a step (usually an engine
command), the session takes the reply, the step goes to disk with its undo point, and an undo
or redo the step asked for follows. Holding back or ok in a game walks its steps instead."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from device.framework.contract import Context, Reply
from device.framework.journal import Journal
from device.framework.registry import GAMES
from device.framework.session import Session, apply_reply
from device.framework.undo import Step, UndoService
from device.strings.all import STRINGS as T
from hardware.events import ButtonEvent


@dataclass(frozen=True)
class Pressed:
    """A press handled: the session after it, and the app's reply (None for a held undo or redo)."""

    session: Session
    reply: Reply[Any] | None


class PressPipeline:
    """Turns a press into the next session, persisted."""

    def __init__(self, journal: Journal, undo: UndoService, context: Callable[[Session, int], Context]) -> None:
        self.journal = journal
        self.undo = undo
        self.context = context  # the context apps see in a session at a moment

    def press(self, session: Session, event: ButtonEvent, ctx: Context) -> Pressed:
        """Handle `event` in `session` at `ctx.now_ms` (the message line clears first)."""
        session = replace(session, message="")
        mode = session.mode
        walked = held_step(event)
        if walked is not None and mode in GAMES:
            return Pressed(self.undo.walk(walked, session, ctx), None)
        before = session
        reply: Reply[Any] = session.app().handle(session.state(), event, ctx)
        session = apply_reply(session, mode, reply, ctx)
        fresh = set(session.states) - set(before.states)
        finished = self.journal.record(session, mode, before.states.get(mode), reply.state, ctx.now_ms, reply.label,
                                       fresh)
        if finished is not None and reply.label is not None:  # the step that ends a game says how to undo it
            session = replace(session, message=T(ctx.lang, "game_over_undo"))
        if reply.step is not None and session.mode in GAMES:
            session = self.undo.walk(Step(reply.step), session, self.context(session, ctx.now_ms))
        return Pressed(session, reply)


def held_step(event: ButtonEvent) -> Step | None:
    """Holding back undoes, holding ok redoes (in a game)."""
    if event.kind != "hold":
        return None
    return {"back": Step.UNDO, "ok": Step.REDO}.get(event.button)
