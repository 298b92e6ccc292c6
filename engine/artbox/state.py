"""The #ARTBOX game state: the phase of the round, the deck, the sandglass, tokens and slots."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.artbox.awards import RoundRecord, Slot
from engine.artbox.end import Tokens
from engine.artbox.setup import Setup
from engine.deck import Deck
from engine.finish_order import FinishOrder
from engine.rng import Rng
from engine.sandglass import Sandglass

Phase = Literal[
    "deal_cover",  # "seat N: press your button to see your words" (nothing secret on screen)
    "deal_pick",  # seat N's words are on screen: the only phase that shows a secret
    "roll",  # the Maestro rolls the shape dice
    "drawing",  # step 2: seats take number tokens (or the sandglass runs, simplified)
    "guessing",  # step 3: slots and word list; the first one done turns the sandglass
    "pencils_down",  # the sand ran out (only in games saved by an earlier version)
    "identify",  # step 4: one slot at a time: author, right guesses, eligibility
    "awards",  # the two verdicts of the round and why (only in earlier saves)
    "scoreboard",  # end of round, the game goes on (only in earlier saves)
    "over",  # final scoreboard
]


@dataclass(frozen=True)
class State:
    """The whole game. Per-seat tuples are indexed seat-1."""

    setup: Setup
    rng: Rng
    phase: Phase
    round: int
    maestro: int
    deck: Deck
    discard: tuple[str, ...]
    sandglass: Sandglass
    tokens: tuple[Tokens, ...]
    hands: tuple[tuple[str, ...], ...] = ()  # words dealt this round (device dealing)
    chosen: tuple[tuple[str, ...], ...] = ()  # words each seat picked to draw
    dealing_seat: int = 0  # the seat being dealt to, in the deal phases
    faces: tuple[str, ...] = ()  # the shape dice as rolled
    finish: FinishOrder | None = None  # number tokens taken this round
    decoys: tuple[str, ...] = ()
    word_list: tuple[str, ...] = ()  # shown in step 3 (decoys only with the game's cards)
    slots: tuple[Slot, ...] = ()
    slot_index: int = 0
    last_round: RoundRecord | None = None
    fresh: int = 0  # words on top of the deck not dealt yet in this cycle (engine/artbox/supply.py)
    carry: tuple[str, ...] = ()  # words on the table dealt before this cycle began

    def __post_init__(self) -> None:
        players = self.setup.players
        if not 1 <= self.maestro <= players:
            raise ValueError(f"the Maestro must sit at seats 1 to {players}")
        if self.round < 1 or len(self.tokens) != players:
            raise ValueError("a game starts at round 1 with a token count per seat")
        if not 0 <= self.fresh <= len(self.deck):
            raise ValueError("the fresh words are cards of the deck")
        for seats in (self.hands, self.chosen):
            if seats and len(seats) != players:
                raise ValueError("hands and chosen words are kept per seat")
        self._check_round(players)

    def _check_round(self, players: int) -> None:
        """The deal, the finish order, the drawing slots and the round record fit this table."""
        in_deal = self.phase in ("deal_cover", "deal_pick")
        if in_deal != (1 <= self.dealing_seat <= players):
            raise ValueError("a seat is being dealt to exactly in the deal phases")
        if self.finish is not None and self.finish.players != players:
            raise ValueError("the finish order must cover every seat")
        if self.slots and (len(self.slots) != self.setup.drawings
                           or not 0 <= self.slot_index < len(self.slots)):
            raise ValueError("there is one slot per drawing and the current one exists")
        for slot in self.slots:
            if any(seat > players for seat in (slot.author, *slot.guessers)):
                raise ValueError("slot seats must be at this table")
        if self.phase in ("awards", "scoreboard", "over") and self.last_round is None:
            raise ValueError("a finished round has a record")
