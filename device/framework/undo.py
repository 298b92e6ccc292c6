"""Undo and redo of a game's steps (holding back or ok in a game, or the pause menu's Undo)."""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from enum import Enum
from typing import Any

from device.framework.contract import Context
from device.framework.session import Session, stored_session
from device.i18n import text_from_json
from device.storage.store import Store
from device.strings.all import STRINGS as T

log = logging.getLogger("easel")


def shown_label(stored: str, lang: str) -> str:
    """An undo label as its row keeps it (the JSON of a text as data), drawn in `lang`."""
    try:
        return T.text(lang, text_from_json(json.loads(stored)))
    except (ValueError, KeyError, TypeError):
        return stored  # a label no Easel wrote as data: shown as it is rather than lose the step


class Step(Enum):
    """Which way a step is walked: back (undo) or forward again (redo)."""

    UNDO = "undo"
    REDO = "redo"

    @property
    def done(self) -> str:
        """The string key of the message once the step is walked ("Undid: ...")."""
        return "undid" if self is Step.UNDO else "redid"

    @property
    def none_left(self) -> str:
        """The string key of the message when there is no step to walk."""
        return "nothing_to_undo" if self is Step.UNDO else "nothing_to_redo"


class UndoService:
    """Walks the open game one step back or forward through the steps its store keeps."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def walk(self, step: Step, session: Session, ctx: Context) -> Session:
        """The session with the open game one step back (or forward), and the message saying so;
        the store moves the step between its undo and redo stacks in the same transaction."""
        mode, owner = session.mode, session.app()
        lang = session.settings.language

        def shown(restored: dict[str, Any], form: int) -> Any:
            return owner.restored(owner.load(restored, ctx.words, form), ctx)

        def session_after(restored: dict[str, Any], form: int) -> dict[str, Any]:
            return stored_session(session.with_state(mode, shown(restored, form)))

        try:
            current = (owner.dump(session.state()), owner.form)
            found = self.store.step_back(step.value, mode, current, session_after, ctx.now_ms)
        except (ValueError, KeyError, TypeError) as exc:  # a stored step the app cannot read back
            log.error("%s step of %s unusable, dropped: %s", step.value, mode, exc)
            self.store.drop_newest(step.value, mode)
            return replace(session, message=T(lang, "step_damaged"))
        if found is None:
            return replace(session, message=T(lang, step.none_left))
        label, restored, form = found
        message = T(lang, step.done, label=shown_label(label, lang))
        return replace(session.with_state(mode, shown(restored, form)), message=message)

    def depth(self, step: Step, mode: str) -> int:
        """How many steps of app `mode` can be walked this way."""
        return self.store.depth(step.value, mode)
