"""#ARTBOX table setup: players, word deck, dice and every option, with the edition rules.

Rulebook 000 is the English (Jet Games) edition, 001 the French (Matagot) one. Where they
disagree the difference is a named option whose default follows `rules_language`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.dice import SHAPES, Die
from engine.sandglass import MAX_LENGTH_MS, MIN_LENGTH_MS
from engine.seats import check_players

Edition = Literal["en", "fr"]
# 000 l.85: lower number token; 001 l.166: most guessed drawing, then lower number token.
GuessTieBreak = Literal["number_token", "drawing_then_number_token"]
# 000 l.160: lower the goal by 2; 001 l.256: raise it by 2.
SimplifiedGoal = Literal["lower_by_2", "raise_by_2"]
# 000 l.105, l.139 (001 l.190, l.235): the experienced variant changes only when the game ends,
# so the most tokens win ("most_tokens"); "combination": only a seat that completed one wins.
ExperiencedWinner = Literal["most_tokens", "combination"]
# "device": the device deals words seat by seat; "cards": the table uses the game's cards.
Dealing = Literal["device", "cards"]

MIN_PLAYERS = 3
MAX_PLAYERS = 8
DICE_COUNT = 4  # 000 l.36, 001 l.111: the Maestro rolls the 4 dice


@dataclass(frozen=True)
class Setup:
    """Everything chosen before the first round; validated on construction."""

    players: int
    words: tuple[str, ...]
    dice: tuple[Die, ...]
    rules_language: Edition = "en"
    dealing: Dealing = "device"
    experienced: bool = False
    three_player_words: bool | None = None  # None: on exactly when 3 play (000 l.146)
    simplified: bool = False
    frame_rule: bool = False
    first_maestro: int | None = None  # None: chosen at random
    sandglass_ms: int = 60_000
    guess_tie_break: GuessTieBreak | None = None  # None: the rules language's edition
    simplified_goal: SimplifiedGoal | None = None  # None: the rules language's edition
    experienced_winner: ExperiencedWinner = "most_tokens"
    used: tuple[str, ...] = ()  # deck words earlier games dealt in this cycle: they come last

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, "#ARTBOX")
        if self.three_player_words and self.players != 3:
            raise ValueError("the three-word variant is for exactly 3 players")
        if self.experienced and self.simplified:
            raise ValueError(
                "experienced and simplified rules cannot be combined: "
                "neither rulebook gives a goal for both"
            )
        if self.first_maestro is not None and not 1 <= self.first_maestro <= self.players:
            raise ValueError(f"the first Maestro must be a seat from 1 to {self.players}")
        if not MIN_LENGTH_MS <= self.sandglass_ms <= MAX_LENGTH_MS:
            raise ValueError(
                f"the sandglass must run {MIN_LENGTH_MS // 1000} s to "
                f"{MAX_LENGTH_MS // 1000} s, not {self.sandglass_ms} ms"
            )
        self._check_dice()
        self._check_words()

    def _check_dice(self) -> None:
        if len(self.dice) != DICE_COUNT:
            raise ValueError(f"#ARTBOX rolls {DICE_COUNT} shape dice, not {len(self.dice)}")
        for die in self.dice:
            odd = sorted(set(die.faces) - set(SHAPES))
            if odd:
                raise ValueError(f"die {die.name!r} has faces that are not shapes: {odd}")

    def _check_words(self) -> None:
        seen: dict[str, str] = {}
        for word in self.words:
            if not word.strip() or word != word.strip():
                raise ValueError(f"word {word!r} is empty or has spaces around it")
            key = word.casefold()
            if key in seen:
                raise ValueError(f"the word {word!r} is in the deck twice")
            seen[key] = word
        unknown = set(self.used) - set(self.words)
        if unknown:
            raise ValueError(f"used words that are not in the deck: {sorted(unknown)[:3]}")
        if len(self.words) < self.words_per_round:
            raise ValueError(
                f"{self.players} players need at least {self.words_per_round} words, "
                f"the deck has {len(self.words)}"
            )

    @property
    def two_drawings(self) -> bool:
        """True when each player draws two words (the 3-player variant, 000 l.148)."""
        return self.players == 3 if self.three_player_words is None else self.three_player_words

    @property
    def words_dealt(self) -> int:
        """Words each player is dealt: 2, or 3 in the 3-player variant (000 l.32, l.148)."""
        return 3 if self.two_drawings else 2

    @property
    def drawings_each(self) -> int:
        """Words each player draws: 1, or 2 in the 3-player variant."""
        return 2 if self.two_drawings else 1

    @property
    def drawings(self) -> int:
        """Drawings (and numbered slots) in a round."""
        return self.players * self.drawings_each

    @property
    def decoys(self) -> int:
        """Deck words added to the players' words (000 l.52-54, 001 l.131-133)."""
        return 3 if self.players <= 4 else 2 if self.players <= 6 else 1

    @property
    def words_per_round(self) -> int:
        """Words the deck must hold at the start of a round."""
        if self.dealing == "cards":
            return self.decoys
        dealt = self.players * self.words_dealt
        return max(dealt, self.players * self.drawings_each + self.decoys)

    @property
    def uses_number_tokens(self) -> bool:
        """False in the simplified rules, which drop the number tokens (000 l.159)."""
        return not self.simplified

    @property
    def shapes_required(self) -> bool:
        """False in the simplified rules: shapes are optional (000 l.158, 001 l.253)."""
        return not self.simplified

    @property
    def can_mark_ineligible(self) -> bool:
        """True when a drawing can break a drawing requirement (shapes or frame)."""
        return self.shapes_required or self.frame_rule

    @property
    def guess_tie_rule(self) -> GuessTieBreak:
        """How a tie for the guessing token is broken in this game."""
        if self.guess_tie_break is not None:
            return self.guess_tie_break
        return "number_token" if self.rules_language == "en" else "drawing_then_number_token"

    @property
    def simplified_goal_rule(self) -> SimplifiedGoal:
        """How the simplified rules move the goal in this game."""
        if self.simplified_goal is not None:
            return self.simplified_goal
        return "lower_by_2" if self.rules_language == "en" else "raise_by_2"

    @property
    def tokens_to_win(self) -> int:
        """Victory tokens that end the game (000 l.101-103), moved by 2 when simplified."""
        base = 5 if self.players <= 4 else 4 if self.players <= 6 else 3
        if not self.simplified:
            return base
        return base - 2 if self.simplified_goal_rule == "lower_by_2" else base + 2

    @property
    def experienced_goal(self) -> tuple[int, int]:
        """(each colour, one colour) that ends an experienced game (000 l.141-142)."""
        return (2, 6) if self.players <= 6 else (1, 4)
