"""The contract between the device loop and each app (the system apps and every game).

An app is a stateless object; its state is a frozen dataclass the loop keeps, persists and
hands back. `handle` turns a button event into a new state (usually by applying an engine
command) and says what happened in a `Reply`; `render` draws the state on a `Frame`. Games
build on `device.widgets.bindings.KeyedApp`, which derives both from one binding table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from device.display.refresh import Activity
from device.framework.resources import Resources
from device.i18n import Said
from device.render.frame import Frame
from device.settings import Settings
from device.storage.history import GameRecord
from device.storage.kept import Keep
from device.storage.word_history import WordsDealt, WordSource
from engine import codec
from engine.sandglass import Sandglass
from hardware.buzzer import Sound
from hardware.events import ButtonEvent

S = TypeVar("S")


@dataclass(frozen=True)
class MenuEntry:
    """One app the home menu offers: its key, the string key of its title, a game under way in it."""

    key: str
    title_key: str
    under_way: bool = False


@dataclass(frozen=True)
class Context:
    """What an app may know besides its state: settings, data, the time, a fresh seed.

    `menu` lists the apps on the home menu (from the registry); `locked` names the settings the
    config or the hardware fixes (e.g. "panel" on a real panel), which no screen may change;
    `paused` names the game the pause menu is open over ("" when none is), so Settings opened
    from that menu says its back key leads back there.
    `words` reads and resets the #ARTBOX words used (the database; None: none are).
    `seat_buttons` is false on a build with the four keys alone (the 2.7" HAT): screens then
    say "OK" where they would say "your button". `held` is true while time is held after a stop
    mid-countdown (framework/restart.py): the next press only lets it run on.
    """

    settings: Settings
    resources: Resources
    now_ms: int = 0
    seed: int = 0
    history: Sequence[GameRecord] = ()  # the finished games, oldest first (read from the database when looked at)
    menu: tuple[MenuEntry, ...] = ()
    locked: tuple[str, ...] = ()
    paused: str = ""
    words: WordSource | None = None  # the #ARTBOX words used, in the database (device/storage/word_history.py)
    seat_buttons: bool = True
    held: bool = False

    @property
    def lang(self) -> str:
        """The interface language."""
        return self.settings.language


@dataclass(frozen=True)
class Reply(Generic[S]):
    """The outcome of one event.

    - `label`: set when a game command was accepted; it makes an undo point and says what
      the command did, as data (`said("order.took", seat=3, token=2)`): it is stored so and
      translated only when shown ("Undid: seat 3 took #2"), in the language of that moment.
    - `error`: a one-line refusal to show (already in the interface language).
    - `note`: a one-line note to show on an accepted step (what it recorded, how to get the other
      meaning of the press): the message line, as a refusal is, but nothing was refused.
    - `hide_secret`: this frame hides a secret (a dealt word): force a full refresh.
    - `switch`: open another app ("home", "settings", "toolbox", a game key).
    - `settings_changes`: shared settings to change, by field name ({"language": "fr"}); any app
      may send them, the session checks and applies them for every app.
    - `step`: once switched, the loop undoes (or redoes) the newest step of the game now open,
      exactly as holding back (or ok) does there (the pause menu's Undo).
    """

    state: S
    label: Said | None = None
    error: str | None = None
    note: str | None = None
    sounds: tuple[Sound, ...] = ()
    hide_secret: bool = False
    switch: str | None = None
    settings_changes: Mapping[str, Any] = field(default_factory=dict)
    step: Literal["undo", "redo"] | None = None


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended, for the history: by seat, the name the table typed ("" for a
    seat left unnamed: drawn as "Seat 2" / "Place 2" in the language of the moment it is shown),
    scores, winning seats."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    seed: int = 0


@dataclass(frozen=True)
class Sample(Generic[S]):
    """A named state for the gallery and the golden-image tests."""

    name: str
    state: S
    now_ms: int = 0
    settings_override: dict[str, Any] = field(default_factory=dict)
    history: tuple[GameRecord, ...] = ()
    under_way: tuple[str, ...] = ()
    seat_buttons: bool = True  # False: the screen as a four-key build (no seat buttons) shows it
    held: bool = False  # True: the screen as it shows while time is held after a stop
    menu: tuple[MenuEntry, ...] | None = None  # the home menu's entries (None: the registry's)


class App(Generic[S]):
    """Base class of every app; subclasses override what they use.

    A subclass sets `ui_type` (its frozen state dataclass, saved and loaded with the codec).
    """

    key: str = ""
    title_key: str = ""
    ui_type: type[S]
    colour_screens: bool = False
    form: int = 1  # the version of `dump`'s saved form: saved with every state, given back to `load`

    def start(self, ctx: Context) -> S:
        """A fresh state (a game starts at its setup screen), seeded with ctx.seed."""
        raise NotImplementedError

    def handle(self, state: S, event: ButtonEvent, ctx: Context) -> Reply[S]:
        """React to one button event."""
        raise NotImplementedError

    def glass(self, state: S) -> Sandglass | None:
        """The sandglass this state counts down on, None when none counts here (a timed game
        states it: device/widgets/timed.py derives its deadlines, ticks and activity from it)."""
        return None

    def time_left(self, state: S, now_ms: int) -> int | None:
        """The sand left at `now_ms` on the glass `glass` states if it is running, else None."""
        glass = self.glass(state)
        return glass.remaining_ms(now_ms) if glass is not None and glass.status == "running" else None

    def next_deadline(self, state: S, ctx: Context) -> int | None:
        """The next moment (ms) this app needs `tick`, e.g. a countdown second; None if never."""
        return None

    def tick(self, state: S, ctx: Context) -> Reply[S]:
        """Called at (or just after) `next_deadline`; returns the state with time applied."""
        return Reply(state)

    def activity(self, state: S, ctx: Context) -> Activity:
        """What the table is doing on this screen (a countdown runs; the next action is physical)."""
        return Activity()

    def screen_key(self, state: S) -> str:
        """Names the screen shown: a change of key means a new screen (full refresh)."""
        raise NotImplementedError

    def render(self, state: S, ctx: Context, frame: Frame) -> None:
        """Draw the state, including the soft-key bar."""
        raise NotImplementedError

    def result(self, state: S) -> GameResult | None:
        """The final result once a game has ended (kept in the history: seats as data), else None."""
        return None

    def invariants(self, state: S) -> list[str]:
        """Rules the state must always keep (scores never negative, tokens unique...); violations."""
        return []

    def in_progress(self, state: S) -> bool:
        """True when a game is under way (the home menu then offers to continue it)."""
        return False

    def restored(self, state: S, ctx: Context) -> S:
        """A state brought back by undo or redo, fit to show (a game hides a secret that the
        step would otherwise show again to whoever pressed undo); default: as is."""
        return state

    def adapt(self, state: S | None, ctx: Context) -> S | None:
        """Fit the saved state (None: none yet) to the device the session wakes on; default: as is."""
        return state

    def words_dealt(self, before: S | None, after: S) -> WordsDealt | None:
        """Deck words a step dealt (the runner records them as used with the step); default none."""
        return None

    def dump(self, state: S) -> dict[str, Any]:
        """Serialise the state (to_dict), in this app's saved `form`. Large immutable data (a
        deck) is named by its key and returned by `kept`, never written into every save."""
        data: dict[str, Any] = codec.to_dict(state)
        return data

    def kept(self, state: S) -> tuple[Keep, ...]:
        """The large immutable data the saved state names by key (storage/kept.py): the journal
        keeps each once in the database, with the step that first names it; default none."""
        return ()

    def load(self, data: dict[str, Any], words: WordSource | None = None, form: int = 1) -> S:
        """Rebuild and validate a state saved in saved form `form` (from_dict); raises ValueError.
        `words`: the database, where a saved state finds its kept data and #ARTBOX its used
        words (None: a game saved naming them cannot load)."""
        return codec.from_dict(self.ui_type, data)
