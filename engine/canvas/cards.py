"""Canvas's vocabulary: the five slots, the four elements, bonus icons and scoring cards.

Scoring cards are data: a name, a condition (one of the named predicates of
`engine.canvas.scoring`, with its parameters), the points for 1, 2, 3 (and 4) ribbons, and the
source the entry follows. The engine never reads files; the device loads the cards and hands
them over in the game's `Setup`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Element = Literal["hue", "shape", "texture", "tone"]
ELEMENTS: tuple[Element, ...] = get_args(Element)

# Seeds README: "5 slots per card (red, yellow, green, blue, violet from left to right)".
SLOT_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "violet")
SLOTS = len(SLOT_COLOURS)
PAINTINGS_EACH = 3  # Rulebook 004 l.30
START_TOKENS = 4  # Rulebook 004 l.12
MAX_CARDS_IN_PLAY = 4  # Rulebook 004 l.8

ConditionKind = Literal[
    "all_slots_filled",  # every slot shows an icon; bonus icons fill slots too
    "exact_total",  # exactly `count` elements are visible
    "exact_count",  # exactly `count` icons of `element`
    "strictly_most",  # `element` is used more than any other element (a tie fails)
    "runs",  # the same element in `count` consecutive slots, once per set of icons
    "adjacent_pairs",  # an `element` and an `other` in neighbouring (not the same) slots
    "distant_pairs",  # an `element` and an `other` neither in the same nor neighbouring slots
    "two_sets",  # `count` of one element and `other_count` of another
    "sets",  # each set of `count` icons of `element`
    "mirror_pairs",  # the same element in slots 1 and 5, or in slots 2 and 4
    "full_sets",  # each complete set of the four elements
    "counted",  # no known condition: the players count the ribbons themselves
]
CONDITION_KINDS: tuple[ConditionKind, ...] = get_args(ConditionKind)

# Which parameters each condition needs; the others must stay at their defaults.
_NEEDS: dict[str, frozenset[str]] = {
    "all_slots_filled": frozenset(),
    "exact_total": frozenset({"count"}),
    "exact_count": frozenset({"element", "count"}),
    "strictly_most": frozenset({"element"}),
    "runs": frozenset({"count"}),
    "adjacent_pairs": frozenset({"element", "other"}),
    "distant_pairs": frozenset({"element", "other"}),
    "two_sets": frozenset({"count", "other_count"}),
    "sets": frozenset({"element", "count"}),
    "mirror_pairs": frozenset(),
    "full_sets": frozenset(),
    "counted": frozenset(),
}


def condition_needs(kind: str) -> frozenset[str]:
    """The parameters a condition kind takes (element, other, count, other_count)."""
    if kind not in _NEEDS:
        raise ValueError(f"unknown condition {kind!r}; known: {', '.join(CONDITION_KINDS)}")
    return _NEEDS[kind]


@dataclass(frozen=True)
class Condition:
    """A named predicate and its parameters; `limit` caps one painting's ribbons (0: no cap)."""

    kind: ConditionKind
    element: str = ""
    other: str = ""
    count: int = 0
    other_count: int = 0
    limit: int = 0

    def __post_init__(self) -> None:
        needs = condition_needs(self.kind)
        for name in ("element", "other"):
            value = getattr(self, name)
            if name in needs and value not in ELEMENTS:
                raise ValueError(f"{self.kind} needs {name} to be one of {', '.join(ELEMENTS)}")
            if name not in needs and value:
                raise ValueError(f"{self.kind} takes no {name}")
        for name in ("count", "other_count"):
            value = getattr(self, name)
            if name in needs and not 1 <= value <= 2 * SLOTS:
                raise ValueError(f"{self.kind} needs {name} between 1 and {2 * SLOTS}")
            if name not in needs and value:
                raise ValueError(f"{self.kind} takes no {name}")
        if self.kind == "runs" and self.count > SLOTS:
            raise ValueError(f"a run cannot be longer than the {SLOTS} slots")
        if self.element and self.element == self.other:
            raise ValueError(f"{self.kind} needs two different elements")
        if self.limit < 0:
            raise ValueError("a ribbon limit cannot be negative")


@dataclass(frozen=True)
class ScoringCard:
    """A scoring card in play: `points[i]` is the score for a set of i+1 ribbons.

    The number of entries is also the cap: a player never holds more ribbons of a card.
    """

    name: str
    condition: Condition
    points: tuple[int, ...]
    source: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a scoring card needs a name")
        if not 1 <= len(self.points) <= 4:
            raise ValueError(f"{self.name}: the points table needs 1 to 4 entries")
        if any(p < 0 for p in self.points):
            raise ValueError(f"{self.name}: points cannot be negative")

    @property
    def cap(self) -> int:
        """The most ribbons of this card a player can hold."""
        return len(self.points)

    @property
    def counted(self) -> bool:
        """True when the players count this card's ribbons (no known condition)."""
        return self.condition.kind == "counted"

    def score(self, ribbons: int) -> int:
        """Points for a set of `ribbons` ribbons (0 for none)."""
        if ribbons <= 0:
            return 0
        return self.points[min(ribbons, self.cap) - 1]


@dataclass(frozen=True)
class BonusIcon:
    """A bonus icon: `points` per visible `element` on the same painting; not an element itself."""

    id: str
    element: Element
    points: int = 1

    def __post_init__(self) -> None:
        if not self.id or self.id in ELEMENTS:
            raise ValueError(f"bonus icon id {self.id!r} must be set and differ from the elements")
        if self.element not in ELEMENTS:
            raise ValueError(f"bonus icon {self.id}: unknown element {self.element!r}")
        if not 1 <= self.points <= 10:
            raise ValueError(f"bonus icon {self.id}: points per element must be 1 to 10")


@dataclass(frozen=True)
class Slot:
    """What one slot of a finished painting shows: a top and a bottom icon ("" for none)."""

    top: str = ""
    bottom: str = ""

    @property
    def icons(self) -> tuple[str, ...]:
        """The visible icons, top first."""
        return tuple(icon for icon in (self.top, self.bottom) if icon)


Painting = tuple[Slot, ...]
