"""The solo variant: the market's inspiration tokens, the automated player's toss, the awards.

Rulebook 004 l.44-48: taking the card in position p costs one token on each of the p-1 cards to
its left, the taker collects the tokens lying on the card taken, the cards slide left and a new
card (without tokens) comes in on the right. Rulebook 004 l.119: the automated player tosses its
tokens; the face-up count (4 at most) is what it spends, so it takes the card in position
face-up + 1 (the leftmost when none is face up). The device tosses, or the table tosses the
real tokens and enters the face-up count (issue 13 ruling).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.canvas.cards import START_TOKENS
from engine.errors import IllegalCommand
from engine.rng import Rng

MARKET_SIZE = 5  # Rulebook 004 l.10: five face-up art cards
HAND_LIMIT = 5  # Rulebook 004 l.36 and l.44
CARDS_PER_PAINTING = 3  # Rulebook 004 l.56
MAX_SPEND = 4  # Rulebook 004 l.119

# Rulebook 004 l.127-131: the lowest score of each award, best first.
AWARDS: tuple[tuple[str, int], ...] = (
    ("best_in_show", 40),
    ("runner_up", 35),
    ("honorable_mention", 30),
    ("emerging_artist", 25),
    ("participation", 0),
)


@dataclass(frozen=True)
class Toss:
    """One toss of the automated player: the tokens as they fell and the card it took."""

    flips: tuple[bool, ...]
    spent: int
    position: int
    gained: int

    @property
    def face_up(self) -> int:
        """How many tokens landed face up."""
        return sum(self.flips)


@dataclass(frozen=True)
class Take:
    """The human player's last card: its position, the tokens paid and the tokens collected."""

    position: int
    spent: int
    gained: int


@dataclass(frozen=True)
class Solo:
    """Tokens on the five market cards (leftmost first), both players' tokens, the human's hand."""

    market: tuple[int, ...] = (0,) * MARKET_SIZE
    tokens: int = START_TOKENS
    automaton_tokens: int = START_TOKENS
    hand: int = 0
    automaton_cards: int = 0
    last_toss: Toss | None = None
    last_take: Take | None = None

    def __post_init__(self) -> None:
        if len(self.market) != MARKET_SIZE or any(t < 0 for t in self.market):
            raise ValueError(f"the market holds {MARKET_SIZE} cards with 0 or more tokens each")
        if self.tokens < 0 or self.automaton_tokens < 0:
            raise ValueError("a player cannot hold a negative number of tokens")
        if sum(self.market) + self.tokens + self.automaton_tokens != 2 * START_TOKENS:
            raise ValueError(f"the solo game has {2 * START_TOKENS} inspiration tokens in all")
        if not 0 <= self.hand <= HAND_LIMIT:
            raise ValueError(f"a hand holds 0 to {HAND_LIMIT} art cards")


def take_from_market(market: tuple[int, ...], position: int) -> tuple[tuple[int, ...], int]:
    """Pay a token on each card left of `position`; returns the new market and tokens collected."""
    if not 1 <= position <= MARKET_SIZE:
        raise IllegalCommand(
            f"the market has cards 1 to {MARKET_SIZE}, not {position}", "canvas_market_range", n=MARKET_SIZE
        )
    paid = [t + 1 for t in market[: position - 1]]
    gained = market[position - 1]
    return (*paid, *market[position:], 0), gained


def take_card(solo: Solo, position: int) -> Solo:
    """The human player takes the market card in `position` (1 = leftmost)."""
    if solo.hand >= HAND_LIMIT:
        raise IllegalCommand(
            f"{HAND_LIMIT} art cards in hand: complete a painting first", "canvas_hand_full", n=HAND_LIMIT
        )
    if not 1 <= position <= MARKET_SIZE:
        raise IllegalCommand(
            f"the market has cards 1 to {MARKET_SIZE}, not {position}", "canvas_market_range", n=MARKET_SIZE
        )
    cost = position - 1
    if cost > solo.tokens:
        raise IllegalCommand(
            f"card {position} costs {cost} tokens and you hold {solo.tokens}",
            "canvas_too_dear",
            position=position,
            cost=cost,
            tokens=solo.tokens,
        )
    market, gained = take_from_market(solo.market, position)
    return replace(
        solo,
        market=market,
        tokens=solo.tokens - cost + gained,
        hand=solo.hand + 1,
        last_take=Take(position, cost, gained),
    )


def toss(solo: Solo, rng: Rng) -> tuple[Solo, Rng]:
    """The automated player's turn: toss all its tokens, spend the face-up ones (4 at most)."""
    flips, rng = rng.coin_flips(solo.automaton_tokens)
    return spend(solo, flips), rng


def table_toss(solo: Solo, face_up: int) -> Solo:
    """The automated player's turn when the table tossed its real tokens: `face_up` came up."""
    tossed = solo.automaton_tokens
    if not 0 <= face_up <= tossed:
        raise IllegalCommand(
            f"{tossed} tokens were tossed: 0 to {tossed} can be face up, not {face_up}",
            "canvas_face_up_range",
            n=tossed,
        )
    return spend(solo, (True,) * face_up + (False,) * (tossed - face_up))


def spend(solo: Solo, flips: tuple[bool, ...]) -> Solo:
    """The automated player spends its face-up tokens (4 at most) on the card they reach."""
    spent = min(sum(flips), MAX_SPEND)
    market, gained = take_from_market(solo.market, spent + 1)
    return replace(
        solo,
        market=market,
        automaton_tokens=solo.automaton_tokens - spent + gained,
        automaton_cards=solo.automaton_cards + 1,
        last_toss=Toss(flips, spent, spent + 1, gained),
    )


def award(points: int) -> str:
    """The solo award a score earns (rulebook 004 l.127-131)."""
    for name, least in AWARDS:
        if points >= least:
            return name
    return AWARDS[-1][0]
