"""The library of named scoring predicates, and how a finished painting scores.

Every predicate returns the matches it finds (one per ribbon), each naming the icons it used,
so the device can say why a ribbon was earned. Rulebook 004 l.142: each icon is counted at most
once per scoring card, so the matches of one card never share an icon.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from engine.canvas.cards import (
    ELEMENTS,
    SLOTS,
    BonusIcon,
    Condition,
    Painting,
    ScoringCard,
)

Icon = tuple[int, str]  # (slot number 1..5, icon)


@dataclass(frozen=True)
class Match:
    """The icons one ribbon was earned with: `icons[i]` sits in slot `slots[i]`."""

    icons: tuple[str, ...]
    slots: tuple[int, ...]


@dataclass(frozen=True)
class CardResult:
    """How a painting fared on one scoring card in play."""

    index: int
    name: str
    found: int  # times the condition is met (after the card's per-painting limit)
    awarded: int  # ribbons actually taken: `found` cut to what the card's cap still allows
    matches: tuple[Match, ...]
    counted: bool  # True when the players counted the ribbons themselves

    @property
    def capped(self) -> bool:
        """True when the cap kept some found ribbons from being taken."""
        return self.awarded < self.found


@dataclass(frozen=True)
class BonusResult:
    """One visible bonus icon and the points it brings."""

    icon: str
    slot: int
    element: str
    per: int
    seen: int
    points: int


def icons_of(painting: Painting) -> tuple[Icon, ...]:
    """Every visible icon with its slot number, slot by slot, top first."""
    return tuple((n, icon) for n, slot in enumerate(painting, start=1) for icon in slot.icons)


def elements_of(painting: Painting) -> tuple[Icon, ...]:
    """The visible element icons (bonus icons are not elements, rulebook 004 l.137)."""
    return tuple((n, icon) for n, icon in icons_of(painting) if icon in ELEMENTS)


def element_counts(painting: Painting) -> dict[str, int]:
    """How many of each element the painting shows (every element listed, zeros included)."""
    counts: dict[str, int] = dict.fromkeys(ELEMENTS, 0)
    for _, icon in elements_of(painting):
        counts[icon] += 1
    return counts


def _match(icons: Sequence[Icon]) -> Match:
    return Match(tuple(i for _, i in icons), tuple(n for n, _ in icons))


def _of(painting: Painting, element: str) -> list[Icon]:
    return [ic for ic in elements_of(painting) if ic[1] == element]


def _all_slots_filled(c: Condition, p: Painting) -> list[Match]:
    firsts = [(n, slot.icons[0]) for n, slot in enumerate(p, start=1) if slot.icons]
    return [_match(firsts)] if len(firsts) == SLOTS else []


def _exact_total(c: Condition, p: Painting) -> list[Match]:
    seen = elements_of(p)
    return [_match(seen)] if len(seen) == c.count else []


def _exact_count(c: Condition, p: Painting) -> list[Match]:
    seen = _of(p, c.element)
    return [_match(seen)] if len(seen) == c.count else []


def _strictly_most(c: Condition, p: Painting) -> list[Match]:
    counts = element_counts(p)
    mine = counts[c.element]
    if mine and all(mine > n for e, n in counts.items() if e != c.element):
        return [_match(_of(p, c.element))]
    return []


def _runs(c: Condition, p: Painting) -> list[Match]:
    windows = range(1, SLOTS - c.count + 2)  # first slot of each run of `count` slots
    found: list[Match] = []
    for element in ELEMENTS:
        per_slot = [0] + [slot.icons.count(element) for slot in p]
        best: tuple[int, ...] = (0,) * len(windows)
        # A slot holds at most two icons, so a window is used at most twice.
        for uses in product(range(3), repeat=len(windows)):
            load = [0] * (SLOTS + 1)
            for start, k in zip(windows, uses, strict=True):
                for n in range(start, start + c.count):
                    load[n] += k
            if all(load[n] <= per_slot[n] for n in range(1, SLOTS + 1)) and sum(uses) > sum(best):
                best = uses
        for start, k in zip(windows, best, strict=True):
            slots = tuple(range(start, start + c.count))
            found.extend(Match((element,) * c.count, slots) for _ in range(k))
    return found


def _pairs(c: Condition, p: Painting, fits: Callable[[int, int], bool]) -> list[Match]:
    """Most pairs (one `element`, one `other`) whose slots fit, each icon used once."""
    left = _of(p, c.element)
    right = _of(p, c.other)
    owner: dict[int, int] = {}  # right icon index -> left icon index (Kuhn's matching)

    def augment(i: int, seen: set[int]) -> bool:
        for j, (slot, _) in enumerate(right):
            if j in seen or not fits(left[i][0], slot):
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(left)):
        augment(i, set())
    pairs = sorted((i, j) for j, i in owner.items())
    return [_match([left[i], right[j]]) for i, j in pairs]


def _adjacent_pairs(c: Condition, p: Painting) -> list[Match]:
    return _pairs(c, p, lambda a, b: abs(a - b) == 1)


def _distant_pairs(c: Condition, p: Painting) -> list[Match]:
    return _pairs(c, p, lambda a, b: abs(a - b) >= 2)


def _two_sets(c: Condition, p: Painting) -> list[Match]:
    for first in ELEMENTS:
        big = _of(p, first)
        if len(big) < c.count:
            continue
        for second in ELEMENTS:
            small = _of(p, second)
            if second != first and len(small) >= c.other_count:
                return [_match(big[: c.count] + small[: c.other_count])]
    return []


def _sets(c: Condition, p: Painting) -> list[Match]:
    seen = _of(p, c.element)
    return [_match(seen[k : k + c.count]) for k in range(0, len(seen) - c.count + 1, c.count)]


def _mirror_pairs(c: Condition, p: Painting) -> list[Match]:
    found: list[Match] = []
    for a, b in ((1, SLOTS), (2, SLOTS - 1)):
        for element in ELEMENTS:
            times = min(p[a - 1].icons.count(element), p[b - 1].icons.count(element))
            found.extend(Match((element, element), (a, b)) for _ in range(times))
    return found


def _full_sets(c: Condition, p: Painting) -> list[Match]:
    by_element = [_of(p, e) for e in ELEMENTS]
    sets = min(len(icons) for icons in by_element)
    return [_match([icons[k] for icons in by_element]) for k in range(sets)]


PREDICATES: dict[str, Callable[[Condition, Painting], list[Match]]] = {
    "all_slots_filled": _all_slots_filled,
    "exact_total": _exact_total,
    "exact_count": _exact_count,
    "strictly_most": _strictly_most,
    "runs": _runs,
    "adjacent_pairs": _adjacent_pairs,
    "distant_pairs": _distant_pairs,
    "two_sets": _two_sets,
    "sets": _sets,
    "mirror_pairs": _mirror_pairs,
    "full_sets": _full_sets,
}


def find_matches(condition: Condition, painting: Painting) -> tuple[Match, ...]:
    """Every ribbon the condition awards this painting (before the card's cap)."""
    if len(painting) != SLOTS:
        raise ValueError(f"a painting has {SLOTS} slots, not {len(painting)}")
    predicate = PREDICATES.get(condition.kind)
    if predicate is None:
        raise ValueError(f"the players count {condition.kind!r} cards; there is no predicate")
    found = predicate(condition, painting)
    if condition.limit:
        found = found[: condition.limit]
    return tuple(found)


def evaluate(
    cards: Sequence[ScoringCard],
    painting: Painting,
    held: Sequence[int],
    counted: Sequence[int],
) -> tuple[CardResult, ...]:
    """Score a painting on every card: `held` ribbons already owned, `counted` entered by hand."""
    results = []
    for index, card in enumerate(cards):
        if card.counted:
            matches: tuple[Match, ...] = ()
            found = counted[index]
        else:
            matches = find_matches(card.condition, painting)
            found = len(matches)
        awarded = max(0, min(found, card.cap - held[index]))
        results.append(CardResult(index, card.name, found, awarded, matches, card.counted))
    return tuple(results)


def bonus_results(bonus_icons: Sequence[BonusIcon], painting: Painting) -> tuple[BonusResult, ...]:
    """Each visible bonus icon: its points per element times the elements of its type shown."""
    by_id = {b.id: b for b in bonus_icons}
    counts = element_counts(painting)
    results = []
    for slot, icon in icons_of(painting):
        bonus = by_id.get(icon)
        if bonus is not None:
            seen = counts[bonus.element]
            points = seen * bonus.points
            results.append(BonusResult(icon, slot, bonus.element, bonus.points, seen, points))
    return tuple(results)


def bonus_points(bonus_icons: Sequence[BonusIcon], painting: Painting) -> int:
    """The bonus points a painting scores (rulebook 004 l.77)."""
    return sum(r.points for r in bonus_results(bonus_icons, painting))
