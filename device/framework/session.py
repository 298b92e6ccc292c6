"""The whole device state: settings, which app is open, and every app's state."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from device.framework.contract import App, Context, Reply
from device.framework.loader import app
from device.framework.pause import PauseUi
from device.framework.registry import GAMES, HOME, PAUSE, SETTINGS, known, title_key
from device.settings import Settings
from device.storage.kept import Keep
from device.storage.set_aside import SetAside
from device.strings.all import STRINGS as T
from device.wordpacks import WordPackError
from engine import codec
from engine.rng import Rng

Keeps = tuple[Keep, ...]


@dataclass(frozen=True)
class Session:
    """Open app (`mode`), settings, app states by key, and the seed new games derive from."""

    settings: Settings
    seed: int
    mode: str = HOME
    states: dict[str, Any] = field(default_factory=dict)
    games_started: int = 0
    message: str = ""

    def app(self) -> App[Any]:
        """The open app."""
        return app(self.mode)

    def state(self) -> Any:
        """The open app's state."""
        return self.states[self.mode]

    def with_state(self, mode: str, state: Any) -> Session:
        """A session with one app's state replaced."""
        return replace(self, states={**self.states, mode: state})


def new_session(settings: Settings, seed: int, ctx: Context) -> Session:
    """A fresh session on the home menu."""
    session = Session(settings=settings, seed=seed)
    return open_app(session, HOME, ctx)


def next_seed(session: Session) -> tuple[int, Session]:
    """A seed for the next game, derived from the session seed and a counter."""
    value, _ = Rng.from_seed(session.seed ^ (session.games_started * 0x9E3779B97F4A7C15)).next_u64()
    return value & 0xFFFFFFFF, replace(session, games_started=session.games_started + 1)


def open_app(session: Session, mode: str, ctx: Context) -> Session:
    """Switch to `mode`, starting its state if it has none."""
    if not known(mode):
        raise ValueError(f"no app {mode!r}")
    if mode not in session.states:
        seed, session = next_seed(session)
        session = session.with_state(mode, app(mode).start(replace(ctx, seed=seed)))
    return replace(session, mode=mode)


def apply_reply(session: Session, mode: str, reply: Reply[Any], ctx: Context) -> Session:
    """Fold an app's reply into the session (state, settings changes, message, switch)."""
    session = session.with_state(mode, reply.state)
    if reply.settings_changes:
        session = replace(session, settings=replace(session.settings, **reply.settings_changes))
    if reply.error or reply.note:
        session = replace(session, message=reply.error or reply.note or "")
    if reply.switch is not None:
        session = _switch(session, mode, reply.switch, replace(ctx, settings=session.settings))
    return session


def paused_game(session: Session) -> str:
    """The game the pause menu is open over ("" when no game is paused)."""
    state = session.states.get(PAUSE)
    return state.game if isinstance(state, PauseUi) else ""


def _switch(session: Session, mode: str, target: str, ctx: Context) -> Session:
    """Open `target` from `mode`, keeping the pause menu's game while the table is in the pause
    menu or in the Settings opened from it (whose back then returns to the pause menu)."""
    if target == PAUSE and mode in GAMES:
        session = session.with_state(PAUSE, PauseUi(game=mode))
    elif target == HOME and mode == SETTINGS and paused_game(session):
        target = PAUSE
    session = open_app(session, target, ctx)
    if target not in (PAUSE, SETTINGS) and paused_game(session):
        session = session.with_state(PAUSE, PauseUi())
    return session


def session_to_dict(session: Session) -> dict[str, Any]:
    """Serialise every app's state with its own `dump`."""
    states = {key: app(key).dump(state) for key, state in session.states.items() if known(key)}
    return {
        "settings": codec.to_dict(session.settings),
        "seed": session.seed,
        "mode": session.mode,
        "games_started": session.games_started,
        "states": states,
    }


def stored_session(session: Session) -> dict[str, Any]:
    """The session as its row keeps it: `session_to_dict` and each app's saved-form version."""
    return {**session_to_dict(session), "forms": {key: app(key).form for key in session.states if known(key)}}


def kept_data(session: Session) -> Keeps:
    """The kept data every app's saved state names (storage/kept.py), to write with a step."""
    return tuple(item for key, state in session.states.items() if known(key) for item in app(key).kept(state))


def session_from_dict(data: dict[str, Any], ctx: Context) -> Session:
    """Rebuild a session (an app missing from the save starts afresh in `ctx`); raises ValueError
    when anything does not validate."""
    if not isinstance(data, dict):
        raise ValueError("the saved session is not an object")
    settings = codec.from_dict(Settings, data.get("settings"))
    states, notes = _load_states(data, replace(ctx, settings=settings))
    mode = str(data.get("mode", HOME))
    if mode not in states:
        mode = HOME
    if HOME not in states:
        states[HOME] = app(HOME).start(replace(ctx, settings=settings))
    seed = data.get("seed")
    started = data.get("games_started", 0)
    if not isinstance(seed, int) or not isinstance(started, int):
        raise ValueError("the saved session has no valid seed")
    return Session(settings=settings, seed=seed, mode=mode, states=states, games_started=started,
                   message=" | ".join(notes))


def _load_states(data: dict[str, Any], ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Every saved app state, each read in the saved form it was written in. A game that cannot
    resume (the data it names is gone from the database and from its files, or a newer Easel
    saved it) is first kept aside whole in the database, never overwritten
    (storage/set_aside.py), then starts afresh, with a notice saying so (the rest of the session
    is fine)."""
    states: dict[str, Any] = {}
    notes: list[str] = []
    forms = data.get("forms", {})
    if not isinstance(forms, dict):
        raise ValueError("the saved session's forms are not an object")
    for key, raw in dict(data.get("states", {})).items():
        if not known(key):
            continue
        owner, form = app(key), forms.get(key, 1)
        try:
            if not isinstance(form, int) or not 1 <= form <= owner.form:
                raise WordPackError(f"saved in form {form!r}, this Easel reads up to {owner.form}")
            states[key] = owner.load(raw, ctx.words, form)
        except WordPackError as exc:
            if ctx.words is not None and isinstance(raw, dict):
                ctx.words.set_aside(SetAside(key, str(exc), form if isinstance(form, int) else 0, raw))
            states[key] = owner.start(ctx)
            notes.append(T(ctx.lang, "game_kept_aside", game=T(ctx.lang, title_key(key)), why=str(exc)))
    return states, notes
