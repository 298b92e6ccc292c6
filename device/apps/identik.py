"""IDENTIK on the device: setup, names, and the key maps of every phase of a round.

Four keys are enough everywhere (up/down move or change, ok acts, back steps back); the table
build adds shortcuts: `roll` rolls the d10, `timer` turns the hourglass (hold: pause), the
seat buttons tick for their judge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from device.apps.base import App, Context, GameResult, Reply, Sample
from device.apps.timing import countdown_deadline, countdown_tick
from device.i18n import explain
from device.refresh import Activity
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from engine import codec
from engine.errors import IllegalCommand
from engine.identik import IDENTIK
from engine.identik.commands import (
    Back,
    ChooseSuper,
    Command,
    NextCriterion,
    NextRound,
    PassDrawings,
    PauseTimer,
    ResumeTimer,
    RollSuper,
    StartTimer,
    Tick,
    TimeUp,
)
from engine.identik.scores import scorecard
from engine.identik.setup import (
    CRITERIA,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME_MAX,
    NARRATIONS_CHOICES,
    SUPER_RULES,
    Setup,
    SuperRule,
    is_name_letter,
)
from engine.identik.state import State
from engine.identik.view import judges
from engine.seats import Direction
from hardware.events import ButtonEvent, seat_of

Screen = Literal["setup", "names", "name", "play", "scores"]
SETUP_ROWS: tuple[str, ...] = ("players", "names", "narrations", "first", "super_rule", "hourglass",
                               "start")
# The name wheel: "" is "done", then letters (capitalised at the start of a word), separators.
WHEEL: tuple[str, ...] = ("", *"abcdefghijklmnopqrstuvwxyz", *"àâäçéèêëîïôöùûüÿœæñ", " ", "-", "'")
SEPARATORS = " -'"


@dataclass(frozen=True)
class Draft:
    """The setup being prepared (names for all six seats; only the first `players` are used)."""

    players: int = 4
    names: tuple[str, ...] = ("",) * MAX_PLAYERS
    narrations_each: int = 1
    first: int = 0  # 0: drawn at random
    super_rule: SuperRule = "choose"

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"IDENTIK is for 3 to 6 players, not {self.players}")
        if len(self.names) != MAX_PLAYERS:
            raise ValueError(f"the draft holds {MAX_PLAYERS} names")
        for name in self.names:
            if len(name) > NAME_MAX or not all(is_name_letter(c) or c in SEPARATORS for c in name):
                raise ValueError(f"bad name {name!r}")
        if self.narrations_each not in NARRATIONS_CHOICES or not 0 <= self.first <= self.players:
            raise ValueError("bad game length or first narrator")
        if self.super_rule not in SUPER_RULES:
            raise ValueError(f"unknown super criterion rule {self.super_rule!r}")

    def used_names(self) -> tuple[str, ...]:
        """The names of the seats at the table ("" where none was given)."""
        return self.names[: self.players]


@dataclass(frozen=True)
class IdentikUi:
    """The engine state (None while setting up) plus cursors and the screen shown.

    `cursor`: setup row, names row, or while judging 0 = "next" and i = the i-th judge.
    """

    seed: int
    draft: Draft = Draft()
    game: State | None = None
    screen: Screen = "setup"
    cursor: int = 0
    seat: int = 1
    letter: int = 1
    pick: int = 1
    direction: Direction = "left"


def who(lang: str, game: State, seat: int) -> str:
    """A seat's name, or "Seat 3" when it has none."""
    return game.setup.name_of(seat) or T(lang, "seat", seat=seat)


def short(lang: str, game: State, seat: int) -> str:
    """A seat's name, or "S3" when it has none."""
    return game.setup.name_of(seat) or T(lang, "seat.short", seat=seat)


def wheel_char(text: str, letter: int) -> str:
    """The character the wheel adds to `text` (capitalised at the start of a word)."""
    char = WHEEL[letter]
    if char and char not in SEPARATORS and (not text or text[-1] in " -"):
        return char.upper()
    return char


class IdentikApp(App[IdentikUi]):
    """The IDENTIK companion: hourglass, passing, judging and the scorecard."""

    key = "identik"
    title_key = "game.identik"

    def start(self, ctx: Context) -> IdentikUi:
        """The setup screen; the game will be seeded with ctx.seed."""
        return IdentikUi(seed=ctx.seed)

    def in_progress(self, state: IdentikUi) -> bool:
        """A game has started and is not over."""
        return state.game is not None and state.game.phase != "over"

    def result(self, state: IdentikUi) -> GameResult | None:
        """Totals per seat (names when given) and the winners, once the game is over."""
        game = state.game
        outcome = IDENTIK.outcome(game) if game is not None else None
        if game is None or outcome is None:
            return None
        players = game.setup.players
        names = tuple(game.setup.names[s - 1] if game.setup.names and game.setup.names[s - 1] else f"Seat {s}"
                      for s in range(1, players + 1))
        totals = tuple(line.total for line in scorecard(game.history, players))
        return GameResult(players=names, scores=totals, winners=outcome.winners, seed=state.seed)

    def invariants(self, state: IdentikUi) -> list[str]:
        """Points never negative; the narrator never ticks; ticks only at this table."""
        game = state.game
        if game is None:
            return []
        broken = []
        if any(line.narrator_points < 0 or line.artist_points < 0
               for line in scorecard(game.history, game.setup.players)):
            broken.append("negative points on the scorecard")
        if not 1 <= game.round_no <= game.setup.total_rounds:
            broken.append(f"round {game.round_no} out of range")
        return broken

    # events ------------------------------------------------------------------------------
    def handle(self, state: IdentikUi, event: ButtonEvent, ctx: Context) -> Reply[IdentikUi]:
        """Route the event to the current screen's keys; say refusals in the UI language."""
        try:
            state = self._catch_up(state, ctx.now_ms)
            handler = {
                "setup": self._setup_key, "names": self._names_key, "name": self._name_key,
                "play": self._play_key, "scores": self._scores_key,
            }[state.screen]
            return handler(state, event, ctx)
        except IllegalCommand as exc:
            return Reply(state, error=explain(T, ctx.lang, exc))

    def _catch_up(self, state: IdentikUi, now: int) -> IdentikUi:
        """Pencils are down once the sand has run out, even if no tick has told us yet."""
        game = state.game
        if game and game.phase == "describe" and game.sandglass.is_out(now):
            return replace(state, game=IDENTIK.apply(game, TimeUp(now)))
        return state

    def _setup_key(self, state: IdentikUi, event: ButtonEvent, ctx: Context) -> Reply[IdentikUi]:
        button, draft = event.button, state.draft
        if event.kind != "press":
            return Reply(state)
        if button in ("up", "down"):
            step = -1 if button == "up" else 1
            return Reply(replace(state, cursor=(state.cursor + step) % len(SETUP_ROWS)))
        if button == "back":
            return Reply(state, switch="home")
        if button != "ok":
            return Reply(state)
        row = SETUP_ROWS[state.cursor]
        if row == "players":
            players = MIN_PLAYERS + (draft.players - MIN_PLAYERS + 1) % (MAX_PLAYERS - MIN_PLAYERS + 1)
            draft = replace(draft, players=players, first=draft.first if draft.first <= players else 0)
        elif row == "names":
            return Reply(replace(state, screen="names", cursor=0))
        elif row == "narrations":
            turns = NARRATIONS_CHOICES
            draft = replace(draft, narrations_each=turns[(turns.index(draft.narrations_each) + 1) % len(turns)])
        elif row == "first":
            draft = replace(draft, first=(draft.first + 1) % (draft.players + 1))
        elif row == "super_rule":
            rules = SUPER_RULES
            draft = replace(draft, super_rule=rules[(rules.index(draft.super_rule) + 1) % len(rules)])
        elif row == "hourglass":
            return Reply(state, error=T(ctx.lang, "identik.hourglass_in_settings"))
        else:
            return self._start_game(state, ctx)
        return Reply(replace(state, draft=draft))

    def _start_game(self, state: IdentikUi, ctx: Context) -> Reply[IdentikUi]:
        draft = state.draft
        names = tuple(n.rstrip(SEPARATORS) for n in draft.used_names())
        seen: dict[str, str] = {}
        for name in names:
            if name and name.casefold() in seen:
                return Reply(state, error=T(ctx.lang, "identik.same_name", name=name))
            seen[name.casefold()] = name
        try:
            setup = Setup(
                players=draft.players,
                names=names if any(names) else (),
                narrations_each=draft.narrations_each,
                first_narrator=draft.first or None,
                super_rule=draft.super_rule,
                timer_ms=ctx.settings.sandglass_s * 1000,
            )
        except ValueError as exc:  # the wheel cannot build a bad name; say so if it ever does
            return Reply(state, error=str(exc))
        game = IDENTIK.new_game(setup, state.seed)
        ui = replace(state, game=game, screen="play", cursor=0, pick=1, direction="left")
        return Reply(ui, label=T(ctx.lang, "identik.label.new", n=draft.players))

    def _names_key(self, state: IdentikUi, event: ButtonEvent, ctx: Context) -> Reply[IdentikUi]:
        players = state.draft.players
        seat = seat_of(event.button)
        if seat is not None and seat <= players:
            return Reply(self._edit(state, seat))
        if event.kind != "press":
            return Reply(state)
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            return Reply(replace(state, cursor=(state.cursor + step) % (players + 1)))
        if event.button == "ok" and state.cursor < players:
            return Reply(self._edit(state, state.cursor + 1))
        if event.button in ("ok", "back"):
            return Reply(replace(state, screen="setup", cursor=SETUP_ROWS.index("names")))
        return Reply(state)

    def _edit(self, state: IdentikUi, seat: int) -> IdentikUi:
        start = 0 if state.draft.names[seat - 1] else 1
        return replace(state, screen="name", seat=seat, cursor=seat - 1, letter=start)

    def _name_key(self, state: IdentikUi, event: ButtonEvent, ctx: Context) -> Reply[IdentikUi]:
        if event.kind != "press":
            return Reply(state)
        text = state.draft.names[state.seat - 1]
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            return Reply(replace(state, letter=(state.letter + step) % len(WHEEL)))
        if event.button == "ok" and WHEEL[state.letter] == "":
            return Reply(self._set_name(replace(state, screen="names"), text.rstrip(SEPARATORS)))
        if event.button == "ok":
            char = wheel_char(text, state.letter)
            if len(text) >= NAME_MAX:
                return Reply(state, error=T(ctx.lang, "identik.name_full", n=NAME_MAX))
            if char in SEPARATORS and (not text or text[-1] in SEPARATORS):
                return Reply(state, error=T(ctx.lang, "identik.letter_first"))
            return Reply(self._set_name(state, text + char))
        if event.button == "back":
            if not text:
                return Reply(replace(state, screen="names"))
            return Reply(self._set_name(state, text[:-1]))
        return Reply(state)

    def _set_name(self, state: IdentikUi, text: str) -> IdentikUi:
        names = list(state.draft.names)
        names[state.seat - 1] = text
        return replace(state, draft=replace(state.draft, names=tuple(names)))

    def _scores_key(self, state: IdentikUi, event: ButtonEvent, ctx: Context) -> Reply[IdentikUi]:
        if event.kind != "press":
            return Reply(state)
        if event.button == "ok":
            return Reply(replace(state, screen="play"))
        if event.button == "back":
            return Reply(replace(state, screen="play"), switch="home")
        if event.button == "down":
            ui = replace(state, game=None, screen="setup", cursor=0, seed=self._next_seed(state))
            return Reply(ui, label=T(ctx.lang, "identik.label.quit"))
        return Reply(state)

    def _next_seed(self, state: IdentikUi) -> int:
        if state.game is None:
            return state.seed
        value, _ = state.game.rng.next_u64()
        return value & 0xFFFFFFFF

    # a round -----------------------------------------------------------------------------
    def _play_key(self, state: IdentikUi, event: ButtonEvent, ctx: Context) -> Reply[IdentikUi]:
        game = state.game
        assert game is not None
        handler = {
            "super": self._super_key, "describe": self._describe_key, "passing": self._passing_key,
            "judging": self._judging_key, "summary": self._summary_key, "over": self._over_key,
        }[game.phase]
        return handler(state, game, event, ctx)

    def _apply(self, state: IdentikUi, command: Command, label: str, **changes: Any) -> Reply[IdentikUi]:
        assert state.game is not None
        game = IDENTIK.apply(state.game, command)
        return Reply(replace(state, game=game, **changes), label=label)

    def _super_key(self, state: IdentikUi, game: State, event: ButtonEvent,
                   ctx: Context) -> Reply[IdentikUi]:
        button, lang = event.button, ctx.lang
        rolls = game.setup.super_rule == "roll"
        if button == "roll" or (button == "ok" and rolls):
            after = IDENTIK.apply(game, RollSuper())
            label = T(lang, "identik.label.rolled", n=after.super_criterion)
            return Reply(replace(state, game=after, pick=after.super_criterion or 1), label=label)
        if event.kind != "press":
            return Reply(state)
        if button in ("up", "down") and not rolls:
            step = 1 if button == "up" else -1
            return Reply(replace(state, pick=(state.pick - 1 + step) % CRITERIA + 1))
        if button == "ok":
            return self._apply(state, ChooseSuper(state.pick),
                               T(lang, "identik.label.super", n=state.pick))
        if button == "back":
            return Reply(replace(state, screen="scores"))
        return Reply(state)

    def _describe_key(self, state: IdentikUi, game: State, event: ButtonEvent,
                      ctx: Context) -> Reply[IdentikUi]:
        button, now, lang = event.button, ctx.now_ms, ctx.lang
        status = game.sandglass.status
        if status == "idle":
            if button in ("ok", "timer") and event.kind == "press":
                return self._apply(state, StartTimer(now), T(lang, "identik.label.started"))
            if button == "back" and event.kind == "press":
                return self._apply(state, Back(), T(lang, "identik.label.back"))
        elif status == "running":
            if (button == "timer" and event.kind == "hold") or (button == "down" and event.kind == "press"):
                return self._apply(state, PauseTimer(now), T(lang, "identik.label.paused"))
        elif status == "paused" and (button == "timer" or (button == "ok" and event.kind == "press")):
            return self._apply(state, ResumeTimer(now), T(lang, "identik.label.resumed"))
        return Reply(state)

    def _passing_key(self, state: IdentikUi, game: State, event: ButtonEvent,
                     ctx: Context) -> Reply[IdentikUi]:
        if event.kind != "press":
            return Reply(state)
        if event.button in ("up", "down"):
            return Reply(replace(state, direction="left" if event.button == "up" else "right"))
        if event.button == "ok":
            where = T(ctx.lang, f"identik.dir.{state.direction}")
            return self._apply(state, PassDrawings(state.direction),
                               T(ctx.lang, "identik.label.passed", dir=where), cursor=0)
        if event.button == "back":
            IDENTIK.apply(game, Back())  # refused: the drawings are done
        return Reply(state)

    def _judging_key(self, state: IdentikUi, game: State, event: ButtonEvent,
                     ctx: Context) -> Reply[IdentikUi]:
        button, lang = event.button, ctx.lang
        seat = seat_of(button)
        seated = judges(game)
        if seat is not None and event.kind == "press":
            return self._tick(state, game, seat, lang, cursor=0)
        if event.kind != "press":
            return Reply(state)
        if button in ("up", "down"):
            step = -1 if button == "up" else 1
            return Reply(replace(state, cursor=(state.cursor + step) % (len(seated) + 1)))
        if button == "ok" and state.cursor > 0:
            return self._tick(state, game, seated[state.cursor - 1], lang, cursor=state.cursor)
        if button == "ok":
            last = game.criterion == CRITERIA
            label = (T(lang, "identik.label.judged") if last
                     else T(lang, "identik.label.next", c=game.criterion + 1))
            return self._apply(state, NextCriterion(), label, cursor=0)
        if button == "back":
            return self._apply(state, Back(), T(lang, "identik.label.back"), cursor=0)
        return Reply(state)

    def _tick(self, state: IdentikUi, game: State, seat: int, lang: str, cursor: int) -> Reply[IdentikUi]:
        after = IDENTIK.apply(game, Tick(seat))
        ticked = seat in after.ticks[game.criterion - 1]
        key = "identik.label.ticked" if ticked else "identik.label.unticked"
        label = T(lang, key, who=who(lang, game, seat), c=game.criterion)
        return Reply(replace(state, game=after, cursor=cursor), label=label)

    def _summary_key(self, state: IdentikUi, game: State, event: ButtonEvent,
                     ctx: Context) -> Reply[IdentikUi]:
        if event.kind != "press":
            return Reply(state)
        if event.button == "ok":
            label = T(ctx.lang, "identik.label.round", r=game.round_no)
            return self._apply(state, NextRound(), label, pick=1, direction="left", cursor=0)
        if event.button == "back":
            return self._apply(state, Back(), T(ctx.lang, "identik.label.back"),
                               cursor=0)
        return Reply(state)

    def _over_key(self, state: IdentikUi, game: State, event: ButtonEvent,
                  ctx: Context) -> Reply[IdentikUi]:
        if event.kind != "press":
            return Reply(state)
        if event.button == "ok":
            ui = replace(state, game=None, screen="setup", cursor=0, seed=self._next_seed(state))
            return Reply(ui)
        if event.button == "back":
            return Reply(state, switch="home")
        return Reply(state)

    # time --------------------------------------------------------------------------------
    def next_deadline(self, state: IdentikUi, ctx: Context) -> int | None:
        """Each shown second of the running hourglass, and its end."""
        game = state.game
        if game is None or game.phase != "describe":
            return None
        return countdown_deadline(game.sandglass, ctx.now_ms)

    def tick(self, state: IdentikUi, ctx: Context) -> Reply[IdentikUi]:
        """Beep in the last 10 s; at zero ring the alarm: pencils down."""
        game = state.game
        if game is None or game.phase != "describe":
            return Reply(state)
        _, sounds, finished = countdown_tick(game.sandglass, ctx.now_ms)
        if not finished:
            return Reply(state, sounds=sounds)
        after = IDENTIK.apply(game, TimeUp(ctx.now_ms))
        return Reply(replace(state, game=after, screen="play", direction="left"), sounds=sounds)

    def activity(self, state: IdentikUi, ctx: Context) -> Activity:
        """The hourglass counts down while the narrator describes and the table draws."""
        game = state.game
        if game is None or state.screen != "play" or game.phase != "describe":
            return Activity()
        return Activity(countdown=game.sandglass.settle(ctx.now_ms).status == "running", physical=True)

    # drawing -----------------------------------------------------------------------------
    def screen_key(self, state: IdentikUi) -> str:
        """The screen, and for a game the phase of the round."""
        if state.screen == "play" and state.game is not None:
            return f"identik.{state.game.phase}"
        return f"identik.{state.screen}"

    def render(self, state: IdentikUi, ctx: Context, frame: Frame) -> None:
        """Draw the current IDENTIK screen."""
        from device.screens import identik as screens

        screens.render(state, ctx, frame)

    def dump(self, state: IdentikUi) -> dict[str, Any]:
        """Serialise."""
        data: dict[str, Any] = codec.to_dict(state)
        return data

    def load(self, data: dict[str, Any]) -> IdentikUi:
        """Rebuild and validate."""
        return codec.from_dict(IdentikUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[IdentikUi]]:
        """Every IDENTIK screen as a table would see it."""
        from device.screens import identik as screens

        return screens.samples(self, ctx)


APP = IdentikApp()
