"""#ARTBOX on the device: the setup menu and the key maps of every phase of a round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from device import artbox_saved, wordpacks
from device.apps.base import App, Context, GameResult, Reply, Sample
from device.apps.timing import countdown_deadline, countdown_tick
from device.i18n import explain
from device.refresh import Activity
from device.render.frame import Frame
from device.strings.all import STRINGS as T
from device.wordpacks import WordPackError
from engine import codec
from engine.artbox import ARTBOX, view
from engine.artbox.commands import (
    Command,
    ConfirmSlot,
    Continue,
    Finish,
    Pick,
    Roll,
    ShowWords,
    StartSandglass,
    TimeUp,
    ToggleEligible,
    ToggleGuess,
)
from engine.artbox.setup import Setup
from engine.artbox.state import State
from engine.dice import tally
from engine.errors import IllegalCommand
from hardware.events import ButtonEvent, seat_of

Choice = Literal["edition", "number_token", "drawing_then_number_token", "lower_by_2",
                 "raise_by_2"]
Row = Literal["players", "rules", "dealing", "maestro", "three", "experienced", "simplified",
              "goal", "frame", "tie", "glass", "start"]
View = Literal["words", "timer"]
GLASS_CHOICES_S: tuple[int, ...] = tuple(range(30, 181, 10))
TIE_CHOICES: tuple[Choice, ...] = ("edition", "number_token", "drawing_then_number_token")
GOAL_CHOICES: tuple[Choice, ...] = ("edition", "lower_by_2", "raise_by_2")


@dataclass(frozen=True)
class Options:
    """What the setup menu chooses before a game starts."""

    players: int = 4
    rules_language: Literal["en", "fr"] = "en"
    dealing: Literal["device", "cards"] = "device"
    first_maestro: int = 0  # 0: at random
    three_player_words: bool = True
    experienced: bool = False
    simplified: bool = False
    simplified_goal: Choice = "edition"
    frame_rule: bool = False
    guess_tie_break: Choice = "edition"
    sandglass_s: int = 60


@dataclass(frozen=True)
class ArtboxUi:
    """The setup options, the game under way (None on the setup menu) and the cursors."""

    options: Options
    seed: int
    game: State | None = None
    cursor: int = 0  # setup row / dealt word / waiting seat / identify item
    marks: tuple[int, ...] = ()  # words ticked so far in a three-word pick
    view: View = "words"
    games: int = 0


def setup_rows(options: Options) -> tuple[Row, ...]:
    """The setup menu's rows (some only make sense with other options)."""
    rows: list[Row] = ["players", "rules", "dealing", "maestro"]
    if options.players == 3:
        rows.append("three")
    rows += ["experienced", "simplified"]
    if options.simplified:
        rows.append("goal")
    rows += ["frame", "tie", "glass", "start"]
    return tuple(rows)


def table_setup(options: Options, words: tuple[str, ...], ctx: Context) -> Setup:
    """The engine setup for these options."""
    return Setup(
        players=options.players, words=words, dice=ctx.resources.shape_dice,
        rules_language=options.rules_language, dealing=options.dealing,
        experienced=options.experienced,
        three_player_words=options.three_player_words if options.players == 3 else None,
        simplified=options.simplified, frame_rule=options.frame_rule,
        first_maestro=options.first_maestro or None, sandglass_ms=options.sandglass_s * 1000,
        guess_tie_break=None if options.guess_tie_break == "edition"
        else options.guess_tie_break,  # type: ignore[arg-type]
        simplified_goal=None if options.simplified_goal == "edition"
        else options.simplified_goal,  # type: ignore[arg-type]
    )


def word_deck(ctx: Context) -> tuple[str, ...]:
    """The built-in deck in the word language plus the players' own packs."""
    return wordpacks.word_deck(ctx.settings.word_language, ctx.resources.word_packs)


def identify_items(game: State) -> tuple[str, ...]:
    """What up/down walk through while identifying: the seats, then the Maestro's actions."""
    items = [f"seat{s}" for s in range(1, game.setup.players + 1)]
    if game.setup.can_mark_ineligible:
        items.append("ineligible")
    items.append("next")
    return tuple(items)


def shapes_text(lang: str, game: State) -> str:
    """The roll in words ("2 x circle, 1 x line")."""
    return ", ".join(f"{n} x {T(lang, 'shape.' + face)}" for face, n in tally(game.faces))


class ArtboxApp(App[ArtboxUi]):
    """#ARTBOX for 3 to 8 players: words, dice, number tokens, sandglass, awards, scores."""

    key = "artbox"
    title_key = "game.artbox"

    def start(self, ctx: Context) -> ArtboxUi:
        """The setup menu, its rules language following the interface language."""
        lang: Literal["en", "fr"] = "fr" if ctx.lang == "fr" else "en"
        return ArtboxUi(options=Options(rules_language=lang), seed=ctx.seed)

    def in_progress(self, state: ArtboxUi) -> bool:
        """A game is under way until its final scoreboard."""
        return state.game is not None and state.game.phase != "over"

    def result(self, state: ArtboxUi) -> GameResult | None:
        """Victory tokens per seat and the winner, once the game is over."""
        game = state.game
        outcome = ARTBOX.outcome(game) if game is not None else None
        if game is None or outcome is None:
            return None
        seats = tuple(f"Seat {s}" for s in range(1, game.setup.players + 1))
        return GameResult(players=seats, scores=tuple(t.total for t in game.tokens), winners=outcome.winners,
                          seed=state.seed ^ max(0, state.games - 1))

    def invariants(self, state: ArtboxUi) -> list[str]:
        """Token counts never negative; number tokens unique; one word per drawing slot."""
        game = state.game
        if game is None:
            return []
        broken: list[str] = []
        if any(t.drawing < 0 or t.guessing < 0 for t in game.tokens):
            broken.append("a negative victory token count")
        if game.finish is not None and len(set(game.finish.seats)) != len(game.finish.seats):
            broken.append("a seat holds two number tokens")
        if len(game.word_list) != len(set(game.word_list)):
            broken.append("a word shows twice in the list")
        return broken

    # events ------------------------------------------------------------------------------
    def handle(self, state: ArtboxUi, event: ButtonEvent, ctx: Context) -> Reply[ArtboxUi]:
        """The setup menu's keys, or the keys of the phase being played."""
        try:
            if state.game is None:
                return self._setup_key(state, event, ctx)
            if event.button == "back" and event.kind == "press":
                return Reply(state, switch="home")
            return self._game_key(state, state.game, event, ctx)
        except IllegalCommand as exc:
            return Reply(state, error=explain(T, ctx.lang, exc))

    def _setup_key(self, state: ArtboxUi, event: ButtonEvent, ctx: Context) -> Reply[ArtboxUi]:
        rows = setup_rows(state.options)
        cursor = min(state.cursor, len(rows) - 1)
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            return Reply(replace(state, cursor=(cursor + step) % len(rows)))
        if event.button == "back":
            return Reply(state, switch="home")
        if event.button == "roll" or (event.button == "ok" and rows[cursor] == "start"):
            return self._start_game(state, ctx)
        if event.button == "ok":
            options = next_option(state.options, rows[cursor])
            rows = setup_rows(options)
            return Reply(replace(state, options=options, cursor=min(cursor, len(rows) - 1)))
        return Reply(state)

    def _start_game(self, state: ArtboxUi, ctx: Context) -> Reply[ArtboxUi]:
        try:
            setup = table_setup(state.options, word_deck(ctx), ctx)
        except (WordPackError, ValueError) as exc:
            return Reply(state, error=str(exc))
        game = ARTBOX.new_game(setup, state.seed ^ state.games)
        ui = replace(state, game=game, cursor=0, marks=(), view="words", games=state.games + 1)
        return Reply(ui, label=T(ctx.lang, "artbox.started", n=setup.players))

    def _game_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                  ctx: Context) -> Reply[ArtboxUi]:
        if event.kind != "press":
            return Reply(ui)
        handler = {
            "deal_cover": self._deal_cover_key, "deal_pick": self._deal_pick_key,
            "roll": self._roll_key, "drawing": self._drawing_key,
            "guessing": self._guessing_key, "identify": self._identify_key,
        }.get(game.phase, self._continue_key)
        return handler(ui, game, event, ctx)

    def _apply(self, ui: ArtboxUi, command: Command, label: str,
               **changes: Any) -> Reply[ArtboxUi]:
        assert ui.game is not None
        game = ARTBOX.apply(ui.game, command)
        moved = game.phase != ui.game.phase or game.slot_index != ui.game.slot_index
        if moved:
            changes = {"cursor": 0, "marks": (), "view": "words", **changes}
        return Reply(replace(ui, game=game, **changes), label=label,
                     hide_secret=view.shows_secret(ui.game) and not view.shows_secret(game))

    def _deal_cover_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                        ctx: Context) -> Reply[ArtboxUi]:
        if event.button == "ok" or seat_of(event.button) == game.dealing_seat:
            label = T(ctx.lang, "artbox.looked", seat=game.dealing_seat)
            return self._apply(ui, ShowWords(), label, cursor=0, marks=())
        return Reply(ui)

    def _deal_pick_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                       ctx: Context) -> Reply[ArtboxUi]:
        size = game.setup.words_dealt
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            return Reply(replace(ui, cursor=(ui.cursor + step) % size))
        if event.button != "ok":
            return Reply(ui)
        marks = tuple(sorted(set(ui.marks) ^ {ui.cursor}))
        if len(marks) < game.setup.drawings_each:
            return Reply(replace(ui, marks=marks))
        label = T(ctx.lang, "artbox.chose", seat=game.dealing_seat)
        return self._apply(ui, Pick(marks), label)

    def _roll_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                  ctx: Context) -> Reply[ArtboxUi]:
        if event.button not in ("roll", "ok"):
            return Reply(ui)
        rolled = ARTBOX.apply(game, Roll(ctx.now_ms))
        label = T(ctx.lang, "dice.rolled", what=shapes_text(ctx.lang, rolled))
        return Reply(replace(ui, game=rolled, cursor=0), label=label)

    def _drawing_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                     ctx: Context) -> Reply[ArtboxUi]:
        if game.setup.simplified:
            return Reply(ui)
        waiting = view.still_drawing(game)
        seat = seat_of(event.button)
        if event.button in ("up", "down") and waiting:
            step = -1 if event.button == "up" else 1
            return Reply(replace(ui, cursor=(ui.cursor + step) % len(waiting)))
        if event.button == "ok" and waiting:
            seat = waiting[min(ui.cursor, len(waiting) - 1)]
        if seat is None:
            return Reply(ui)
        token = len(game.finish.seats) + 1 if game.finish else 1
        label = T(ctx.lang, "order.took", seat=seat, token=token)
        return self._apply(ui, Finish(seat), label, cursor=0)

    def _guessing_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                      ctx: Context) -> Reply[ArtboxUi]:
        if event.button in ("up", "down"):
            return Reply(replace(ui, view="timer" if ui.view == "words" else "words"))
        starts = event.button in ("ok", "timer") or seat_of(event.button) is not None
        if starts and game.sandglass.status == "idle":
            label = T(ctx.lang, "glass.started")
            return self._apply(ui, StartSandglass(ctx.now_ms), label)
        return Reply(ui)

    def _identify_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                      ctx: Context) -> Reply[ArtboxUi]:
        items = identify_items(game)
        if event.button in ("up", "down"):
            step = -1 if event.button == "up" else 1
            return Reply(replace(ui, cursor=(ui.cursor + step) % len(items)))
        seat = seat_of(event.button)
        if event.button == "ok":
            item = items[min(ui.cursor, len(items) - 1)]
            if item == "next":
                label = T(ctx.lang, "artbox.slot_done", slot=game.slot_index + 1)
                return self._apply(ui, ConfirmSlot(), label)
            if item == "ineligible":
                label = T(ctx.lang, "artbox.marked", slot=game.slot_index + 1)
                return self._apply(ui, ToggleEligible(), label)
            seat = int(item[4:])
        if seat is None:
            return Reply(ui)
        return self._seat_on_slot(ui, game, seat, ctx.lang)

    def _seat_on_slot(self, ui: ArtboxUi, game: State, seat: int,
                      lang: str) -> Reply[ArtboxUi]:
        slot = game.slots[game.slot_index]
        if not slot.author or slot.author == seat:
            claim = view.claim_for(game, seat)
            if claim is None:
                raise IllegalCommand(f"seat {seat} already claimed", "artbox_claimed", seat=seat)
            if slot.author == seat and claim.word == slot.word:
                return Reply(ui)
            label = T(lang, "artbox.claimed", seat=seat, slot=game.slot_index + 1)
            return self._apply(ui, claim, label)
        key = "artbox.unguessed" if seat in slot.guessers else "artbox.guessed"
        return self._apply(ui, ToggleGuess(seat), T(lang, key, seat=seat))

    def _continue_key(self, ui: ArtboxUi, game: State, event: ButtonEvent,
                      ctx: Context) -> Reply[ArtboxUi]:
        if event.button != "ok":
            return Reply(ui)
        if game.phase == "over":  # a new game with the same options
            return Reply(replace(ui, game=None, cursor=0))
        if game.phase == "scoreboard":
            label = T(ctx.lang, "artbox.new_round", n=game.round + 1)
        else:
            label = T(ctx.lang, "artbox.continued")
        return self._apply(ui, Continue(), label)

    # time --------------------------------------------------------------------------------
    def next_deadline(self, state: ArtboxUi, ctx: Context) -> int | None:
        """Each displayed second of the sandglass, and its end."""
        if state.game is None:
            return None
        return countdown_deadline(state.game.sandglass, ctx.now_ms)

    def tick(self, state: ArtboxUi, ctx: Context) -> Reply[ArtboxUi]:
        """Beep in the last 10 s; at zero the engine hears TimeUp (pencils down)."""
        if state.game is None:
            return Reply(state)
        _, sounds, finished = countdown_tick(state.game.sandglass, ctx.now_ms)
        if not finished:
            return Reply(state, sounds=sounds)
        game = ARTBOX.apply(state.game, TimeUp(ctx.now_ms))
        return Reply(replace(state, game=game, cursor=0, view="words"), sounds=sounds)

    def activity(self, state: ArtboxUi, ctx: Context) -> Activity:
        """The sandglass counts down; the table draws (step 2) and guesses (step 3) away from the device."""
        game = state.game
        if game is None:
            return Activity()
        running = game.sandglass.settle(ctx.now_ms).status == "running"
        return Activity(countdown=running, physical=game.phase in ("drawing", "guessing"))

    # drawing -----------------------------------------------------------------------------
    def screen_key(self, state: ArtboxUi) -> str:
        """Setup, or the phase (per dealt seat and per slot, so each is a new screen)."""
        game = state.game
        if game is None:
            return "artbox.setup"
        return f"artbox.{game.round}.{game.phase}.{game.dealing_seat}.{game.slot_index}.{state.view}"

    def render(self, state: ArtboxUi, ctx: Context, frame: Frame) -> None:
        """Draw the current #ARTBOX screen."""
        from device.screens import artbox as screens

        screens.render(state, ctx, frame)

    def dump(self, state: ArtboxUi) -> dict[str, Any]:
        """Serialise (the word deck by reference, see device/artbox_saved.py)."""
        data: dict[str, Any] = codec.to_dict(state)
        if state.game is not None:  # _start_game seeds game number `games` with seed ^ games
            data["game"] = artbox_saved.compact(data["game"], state.game.setup.words,
                                                state.seed ^ (state.games - 1))
        return data

    def load(self, data: dict[str, Any]) -> ArtboxUi:
        """Rebuild and validate; a game whose word pack is missing or changed cannot load."""
        if isinstance(data, dict) and isinstance(data.get("game"), dict):
            data = {**data, "game": artbox_saved.expand(data["game"])}
        return codec.from_dict(ArtboxUi, data)

    def samples(self, ctx: Context) -> Sequence[Sample[ArtboxUi]]:
        """Every #ARTBOX screen in a typical state."""
        from device.screens import artbox as screens

        return screens.samples(self, ctx)


def next_option(options: Options, row: Row) -> Options:
    """The options with `row` moved to its next value."""
    def cycle(values: Sequence[Any], current: Any) -> Any:
        return values[(list(values).index(current) + 1) % len(values)]

    if row == "players":
        players = options.players % 8 + 1 if options.players < 8 else 3
        return replace(options, players=players,
                       first_maestro=options.first_maestro if options.first_maestro <= players
                       else 0)
    if row == "rules":
        return replace(options, rules_language="fr" if options.rules_language == "en" else "en")
    if row == "dealing":
        return replace(options, dealing="cards" if options.dealing == "device" else "device")
    if row == "maestro":
        return replace(options, first_maestro=(options.first_maestro + 1) % (options.players + 1))
    if row == "three":
        return replace(options, three_player_words=not options.three_player_words)
    if row == "experienced":  # the two variants exclude each other (no goal for both)
        return replace(options, experienced=not options.experienced, simplified=False)
    if row == "simplified":
        return replace(options, simplified=not options.simplified, experienced=False)
    if row == "goal":
        return replace(options, simplified_goal=cycle(GOAL_CHOICES, options.simplified_goal))
    if row == "frame":
        return replace(options, frame_rule=not options.frame_rule)
    if row == "tie":
        return replace(options, guess_tie_break=cycle(TIE_CHOICES, options.guess_tie_break))
    if row == "glass":
        return replace(options, sandglass_s=cycle(GLASS_CHOICES_S, options.sandglass_s))
    return options


APP = ArtboxApp()
