"""A session at start-up: the one the store saved (fit to this device), or a fresh one (how the
last run stopped, and what a running sandglass shows then: restart.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.framework.contract import Context
from device.framework.deps import DeviceSetup
from device.framework.loader import adaptable, app
from device.framework.session import Session, new_session, session_from_dict, stored_session
from device.storage.store import Store
from device.storage.store_aside import Notice
from device.strings.all import STRINGS as T


def resume(store: Store, device: DeviceSetup, ctx: Context) -> Session:
    """The saved session with the device's forced settings, or (none saved, or unusable: then the
    database is set aside) a fresh one on the home menu, saved at once."""
    loaded = store.load()
    if loaded is not None:
        try:
            session = session_from_dict(loaded[0], ctx)
            if device.forced:
                session = replace(session, settings=replace(session.settings, **device.forced))
            return adapt(session, ctx)
        except (ValueError, KeyError, TypeError) as exc:
            store.discard(f"saved session unusable: {str(exc)[:80]}")
    session = adapt(new_session(device.settings, device.seed, ctx), ctx)
    store.save(stored_session(session), ctx.now_ms)
    return session


def adapt(session: Session, ctx: Context) -> Session:
    """Let every app fit its state to this device (e.g. Settings shows a real panel as locked)."""
    for key in adaptable(session.states):
        state = session.states.get(key)
        adapted = app(key).adapt(state, replace(ctx, settings=session.settings))
        if adapted is not None and adapted is not state:
            session = session.with_state(key, adapted)
    return session


def with_notices(session: Session, notices: Sequence[Notice]) -> Session:
    """The session with what opening the database set aside or dropped before its message line
    (the store logged it), in the table's language."""
    if not notices:
        return session
    told = [T(session.settings.language, n.key, name=n.name) for n in notices]
    return replace(session, message=" | ".join([*told, session.message]).strip(" |"))
