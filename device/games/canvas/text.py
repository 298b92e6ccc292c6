"""Canvas words: element and icon names, card summaries, why a ribbon was earned, labels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from device.games.canvas.draw import Line
from device.games.canvas.ui import names_fr
from device.i18n import Said, said
from device.strings.all import STRINGS as T
from engine.canvas.cards import ELEMENTS, SLOT_COLOURS, Condition, ScoringCard, Slot
from engine.canvas.rules import review
from engine.canvas.scoring import BonusResult, Match, bonus_results
from engine.canvas.setup import Setup
from engine.canvas.state import State


def element(lang: str, name: str) -> str:
    """An element's name."""
    return T(lang, f"canvas.el.{name}")


def icon_name(lang: str, icon: str, setup: Setup) -> str:
    """What an icon is called: an element, a bonus icon ("+2 per Shape") or nothing."""
    if not icon:
        return T(lang, "canvas.nothing")
    if icon in ELEMENTS:
        return element(lang, icon)
    for bonus in setup.bonus_icons:
        if bonus.id == icon:
            return T(lang, "canvas.bonus", points=bonus.points, element=element(lang, bonus.element))
    return icon


def short_icon(lang: str, icon: str, setup: Setup) -> str:
    """An icon's name short enough for a soft key ("Tone", "+1/Hue", "nothing")."""
    bonus = next((b for b in setup.bonus_icons if b.id == icon), None)
    if bonus is None:
        return icon_name(lang, icon, setup)
    return T(lang, "canvas.bonus.short", points=bonus.points, element=element(lang, bonus.element))


def slot_text(lang: str, slot: Slot, setup: Setup) -> str:
    """A slot's icons, top first ("Tone / +1 per Hue"), or nothing."""
    if not slot.icons:
        return T(lang, "canvas.nothing")
    return " / ".join(icon_name(lang, icon, setup) for icon in slot.icons)


def colour(lang: str, slot_number: int) -> str:
    """The background colour of slot 1..5."""
    return T(lang, f"canvas.colour.{SLOT_COLOURS[slot_number - 1]}")


def seat(lang: str, number: int) -> str:
    """A seat's short name (S3 / P3)."""
    return T(lang, "seat.short", seat=number)


def seat_said(number: int) -> Said:
    """`seat` as data (an undo label): translated when drawn."""
    return said("seat.short", seat=number)


def card_name(lang: str, card: ScoringCard) -> str:
    """A card's name in the interface language (French names come from the data file)."""
    return names_fr().get(card.name, card.name) if lang == "fr" else card.name


def condition_text(lang: str, condition: Condition) -> str:
    """A short summary of a card's condition, in our own words."""
    fields = {
        "element": element(lang, condition.element) if condition.element else "",
        "other": element(lang, condition.other) if condition.other else "",
        "count": condition.count,
        "other_count": condition.other_count,
    }
    return T(lang, f"canvas.cond.{condition.kind}", **fields)


def points_text(points: Sequence[int]) -> str:
    """A points table as 1/3/9."""
    return "/".join(str(p) for p in points)


def _slots(slots: Sequence[int]) -> str:
    ordered = sorted(set(slots))
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return "+".join(str(s) for s in ordered)


def why(lang: str, card: ScoringCard, match: Match) -> str:
    """Why one ribbon was earned ("Tone in slots 2-4")."""
    kind = card.condition.kind
    icons, slots = match.icons, match.slots
    first = element(lang, icons[0]) if icons and icons[0] in ELEMENTS else ""
    if kind in ("adjacent_pairs", "distant_pairs"):
        return T(lang, "canvas.why.pair", element=first, a=slots[0], other=element(lang, icons[1]), b=slots[1])
    if kind == "two_sets":
        big = card.condition.count
        return T(lang, "canvas.why.two_sets", n=big, element=first, m=len(icons) - big, other=element(lang, icons[big]))
    if kind in ("exact_total", "strictly_most"):
        return T(lang, f"canvas.why.{kind}", n=len(icons), element=first)
    return T(lang, f"canvas.why.{kind}", element=first, slots=_slots(slots))


def unpaired(lang: str, card: ScoringCard, matches: Sequence[Match], slots: Sequence[Slot]) -> list[str]:
    """Why the pairs a pairs card did not count earned nothing (004 l.147-148): each left-over
    `element` set against a left-over `other`, in the same slot, side by side or apart (the
    pairing counted is the largest, so no left-over two of them fit)."""
    kind = card.condition.kind
    if kind not in ("adjacent_pairs", "distant_pairs"):
        return []
    a, b = card.condition.element, card.condition.other
    spots = {e: [n for n, slot in enumerate(slots, 1) for icon in slot.icons if icon == e] for e in (a, b)}
    for match in matches:
        for icon, n in zip(match.icons, match.slots, strict=True):
            spots[icon].remove(n)
    whys: list[str] = []
    for x, y in zip(spots[a], spots[b], strict=False):
        how = "same" if x == y else "near" if abs(x - y) == 1 else "far"
        whys.append(T(lang, f"canvas.why.unpaired.{how}", element=element(lang, a), a=x,
                      other=element(lang, b), b=y))
    return whys


def bonus_of(game: State) -> tuple[BonusResult, ...]:
    """The bonus icons of the painting being reviewed."""
    assert game.draft is not None
    return bonus_results(game.setup.bonus_icons, game.draft.slots)


def review_rows(lang: str, game: State) -> list[tuple[Line, list[str]]]:
    """The review by row: each card with its ribbons, then the bonus icons; each with its whys."""
    rows: list[tuple[Line, list[str]]] = []
    for result in review(game):
        card = game.setup.cards[result.index]
        whys = [T(lang, "canvas.why.counted")] if result.counted and result.found else []
        whys.extend(why(lang, card, match) for match in result.matches)
        whys.extend(unpaired(lang, card, result.matches, game.draft.slots) if game.draft else [])
        if result.capped:
            whys.append(T(lang, "canvas.review.capped", found=result.found))
        rows.append(((card_name(lang, card), f"+{result.awarded}" if result.awarded else "0", True), whys))
    bonus = bonus_of(game)
    seen = [f"{icon_name(lang, b.icon, game.setup)} x{b.seen} +{b.points}" for b in bonus]
    rows.append(((T(lang, "canvas.review.bonus"), f"+{sum(b.points for b in bonus)}", True), seen))
    return rows


def review_lines(lang: str, game: State) -> list[Line]:
    """The review as lines: each card with its ribbons, then why; then the bonus icons."""
    lines: list[Line] = []
    for heading, whys in review_rows(lang, game):
        lines.append(heading)
        lines.extend(("  " + text, "", False) for text in whys)
    return lines


def packed_review(lang: str, game: State, width_of: Callable[[str, bool], int], width: int) -> list[Line]:
    """The review for a panel too short for a line per why: each card's whys after its name as
    far as `width` allows (`width_of(text, bold)` measures), the others on indented lines below,
    so no why is ever cut."""
    lines: list[Line] = []
    for (text, figure, _), whys in review_rows(lang, game):
        room = width - (width_of(figure, True) + 8 if figure else 0)
        line, is_head, sep = text, True, ": "
        for part in whys:
            if width_of(line + sep + part, is_head) <= room:
                line, sep = line + sep + part, ", "
                continue
            lines.append((line + sep.rstrip(), figure, True) if is_head else (line + ",", "", False))
            line, is_head, sep, room = "  " + part, False, ", ", width
        lines.append((line, figure, True) if is_head else (line, "", False))
    return lines


def gains(lang: str, game: State) -> str:
    """What the painting under review gains, in words: "+1 ribbon, +2 points"."""
    ribbons = sum(r.awarded for r in review(game))
    bonus = sum(b.points for b in bonus_of(game))
    ribbon = T(lang, "canvas.gain.ribbon" if ribbons == 1 else "canvas.gain.ribbons", n=ribbons)
    points = T(lang, "canvas.gain.point" if bonus == 1 else "canvas.gain.points", n=bonus)
    return f"{ribbon}, {points}"
