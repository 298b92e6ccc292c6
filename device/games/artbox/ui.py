"""#ARTBOX's UI state: the setup options, the game under way and the cursors, with what the
setup menu and the identify step list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from device.storage.word_history import UsedRef
from device.widgets.cursor import shifted
from engine.artbox.setup import GuessTieBreak, Setup, SimplifiedGoal
from engine.artbox.state import State
from engine.dice import Die

Choice = Literal["edition", "number_token", "drawing_then_number_token", "lower_by_2",
                 "raise_by_2"]
Row = Literal["players", "rules", "dealing", "maestro", "three", "experienced", "winner",
              "simplified", "goal", "frame", "tie", "glass", "start"]
View = Literal["words", "timer"]
GLASS_CHOICES_S: tuple[int, ...] = tuple(range(30, 181, 10))
TIE_CHOICES: tuple[Choice, ...] = ("edition", "number_token", "drawing_then_number_token")
GOAL_CHOICES: tuple[Choice, ...] = ("edition", "lower_by_2", "raise_by_2")
PLAYER_CHOICES: tuple[int, ...] = tuple(range(3, 9))  # the box is for 3 to 8 players


@dataclass(frozen=True)
class Options:
    """What the setup menu chooses before a game starts."""

    players: int = 4
    rules_language: Literal["en", "fr"] = "en"
    dealing: Literal["device", "cards"] = "device"
    first_maestro: int = 0  # 0: at random
    three_player_words: bool = True
    experienced: bool = False
    experienced_winner: Literal["most_tokens", "combination"] = "most_tokens"
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
    cursor: int = 0  # setup row / waiting seat / identify item
    marks: tuple[int, ...] = ()  # unused since one press keeps the words (kept for old saves)
    view: View = "words"
    games: int = 0  # 1 once a game started; a state saved when game n played on `seed ^ (n - 1)` holds n
    editing: Options | None = None  # while a count row is edited: the options before (back restores)
    by_hand: bool = False  # drawing, table build: the keeper's cursor is out (for a seat without a button)
    # the used words of the game (setup.used) by reference, for saving; not saved itself (the
    # saved game holds it in place of the words) and no part of what the state is
    used_ref: UsedRef | None = field(default=None, compare=False)


def setup_rows(options: Options) -> tuple[Row, ...]:
    """The setup menu's rows, "start" first (some only make sense with other options)."""
    rows: list[Row] = ["start", "players", "rules", "dealing", "maestro"]
    if options.players == 3:
        rows.append("three")
    rows.append("experienced")
    if options.experienced:
        rows.append("winner")
    rows.append("simplified")
    if options.simplified:
        rows.append("goal")
    rows += ["frame", "tie", "glass"]
    return tuple(rows)


def table_setup(options: Options, words: tuple[str, ...], dice: tuple[Die, ...]) -> Setup:
    """The engine setup for these options."""
    return Setup(
        players=options.players, words=words, dice=dice,
        rules_language=options.rules_language, dealing=options.dealing,
        experienced=options.experienced, experienced_winner=options.experienced_winner,
        three_player_words=options.three_player_words if options.players == 3 else None,
        simplified=options.simplified, frame_rule=options.frame_rule,
        first_maestro=options.first_maestro or None, sandglass_ms=options.sandglass_s * 1000,
        guess_tie_break=_tie_break(options.guess_tie_break),
        simplified_goal=_goal(options.simplified_goal),
    )


def _tie_break(choice: Choice) -> GuessTieBreak | None:
    """The engine's tie-break rule for a setup choice (None: the edition's own rule)."""
    if choice == "number_token" or choice == "drawing_then_number_token":
        return choice
    return None


def _goal(choice: Choice) -> SimplifiedGoal | None:
    """The engine's simplified-variant goal for a setup choice (None: the edition's own goal)."""
    if choice == "lower_by_2" or choice == "raise_by_2":
        return choice
    return None


def identify_items(game: State) -> tuple[str, ...]:
    """What the cursor walks through while identifying: the seats, then the Maestro's actions."""
    items = [f"seat{s}" for s in range(1, game.setup.players + 1)]
    if game.setup.can_mark_ineligible:
        items.append("ineligible")
    items.append("next")
    return tuple(items)


def identify_item(game: State, cursor: int) -> str:
    """The item under the identify cursor; cursor 0 (a new drawing) is the move-on item, which
    records nothing about a player."""
    items = identify_items(game)
    return items[(cursor - 1) % len(items)]


def _players(options: Options, by: int) -> Options:
    players = shifted(PLAYER_CHOICES, options.players, by)
    return replace(options, players=players,
                   first_maestro=options.first_maestro if options.first_maestro <= players else 0)


# The rows that hold a count: ok opens it, up/down count (wrapping), ok keeps, back cancels.
COUNT_ROWS: tuple[Row, ...] = ("players", "maestro", "glass")
# What up (one step on) and down (one step back) do on each row that holds a value, wrapping;
# ok steps a two-way or three-way choice on at once. The two variants exclude each other
# (no goal for both).
CHANGE_OPTION: dict[Row, Callable[[Options, int], Options]] = {
    "players": _players,
    "rules": lambda o, by: replace(o, rules_language="fr" if o.rules_language == "en" else "en"),
    "dealing": lambda o, by: replace(o, dealing="cards" if o.dealing == "device" else "device"),
    "maestro": lambda o, by: replace(o, first_maestro=(o.first_maestro + by) % (o.players + 1)),
    "three": lambda o, by: replace(o, three_player_words=not o.three_player_words),
    "winner": lambda o, by: replace(o, experienced_winner="combination"
                                    if o.experienced_winner == "most_tokens" else "most_tokens"),
    "experienced": lambda o, by: replace(o, experienced=not o.experienced, simplified=False),
    "simplified": lambda o, by: replace(o, simplified=not o.simplified, experienced=False),
    "goal": lambda o, by: replace(o, simplified_goal=shifted(GOAL_CHOICES, o.simplified_goal, by)),
    "frame": lambda o, by: replace(o, frame_rule=not o.frame_rule),
    "tie": lambda o, by: replace(o, guess_tie_break=shifted(TIE_CHOICES, o.guess_tie_break, by)),
    "glass": lambda o, by: replace(o, sandglass_s=shifted(GLASS_CHOICES_S, o.sandglass_s, by)),
}


def next_option(options: Options, row: Row, by: int = 1) -> Options:
    """The options with `row` moved `by` values on (back if negative, wrapping; the start row
    changes nothing)."""
    change = CHANGE_OPTION.get(row)
    return options if change is None else change(options, by)
