"""Load Canvas's scoring cards, bonus icons and suggested setups from their TOML file.

Every problem is reported as one line naming the file and the key (or the line, for a syntax
error), e.g. `canvas_cards.toml: cards[4] (Movement).points: expected 1 to 4 whole numbers`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.canvas.cards import (
    CONDITION_KINDS,
    ELEMENTS,
    BonusIcon,
    Condition,
    ScoringCard,
)

DEFAULT_PATH = Path(__file__).parent / "data" / "canvas_cards.toml"
CONDITION_KEYS = ("element", "other", "count", "other_count", "limit")


class CanvasDataError(ValueError):
    """A Canvas data file that cannot be used; the message is one line."""


@dataclass(frozen=True)
class CardEntry:
    """A scoring card as the file describes it; `points` is empty when the table must enter it."""

    name: str
    name_fr: str
    condition: Condition
    points: tuple[int, ...]
    source: str

    @property
    def points_known(self) -> bool:
        """True when the file gives the card's points table."""
        return bool(self.points)

    def label(self, lang: str) -> str:
        """The card's name in `lang` ("en" or "fr")."""
        return self.name_fr if lang == "fr" else self.name

    def card(self, points: tuple[int, ...] | None = None) -> ScoringCard:
        """The engine's card, with `points` entered at the table when the file has none."""
        table = self.points or points
        if not table:
            raise ValueError(f"{self.name}: enter its points table first")
        return ScoringCard(self.name, self.condition, tuple(table), self.source)


@dataclass(frozen=True)
class SetupEntry:
    """A suggested set of scoring cards."""

    id: str
    label_en: str
    label_fr: str
    cards: tuple[str, ...]
    source: str

    def label(self, lang: str) -> str:
        """The setup's name in `lang`."""
        return self.label_fr if lang == "fr" else self.label_en


@dataclass(frozen=True)
class CanvasData:
    """Everything in the file."""

    cards: tuple[CardEntry, ...]
    bonus_icons: tuple[BonusIcon, ...]
    setups: tuple[SetupEntry, ...]

    def entry(self, name: str) -> CardEntry:
        """The card called `name`; KeyError if the file has none."""
        for entry in self.cards:
            if entry.name == name:
                return entry
        raise KeyError(name)

    def scorable(self) -> tuple[ScoringCard, ...]:
        """Cards the device can score alone: a known condition and a known points table."""
        return tuple(
            e.card() for e in self.cards if e.points_known and e.condition.kind != "counted"
        )


def load(path: Path = DEFAULT_PATH) -> CanvasData:
    """Read and check the file; raises CanvasDataError with a one-line message."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CanvasDataError(f"{path}: cannot read it ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise CanvasDataError(f"{path}: not UTF-8 text ({exc.reason})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CanvasDataError(f"{path}: {_syntax(exc)}") from exc
    return parse(raw, str(path))


def parse(raw: dict[str, Any], where: str = "canvas_cards.toml") -> CanvasData:
    """Check an already-parsed document; `where` names it in error messages."""
    unknown = set(raw) - {"cards", "bonus_icons", "setups"}
    if unknown:
        raise CanvasDataError(f"{where}: unknown section {sorted(unknown)[0]!r}")
    cards = tuple(
        _card(t, f"{where}: cards[{i}]") for i, t in enumerate(_tables(raw, "cards", where))
    )
    names = [c.name for c in cards]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise CanvasDataError(f"{where}: cards[{i}].name: {name!r} appears twice")
    bonus = tuple(
        _bonus(t, f"{where}: bonus_icons[{i}]")
        for i, t in enumerate(_tables(raw, "bonus_icons", where, required=False))
    )
    ids = [b.id for b in bonus]
    for i, bid in enumerate(ids):
        if bid in ids[:i]:
            raise CanvasDataError(f"{where}: bonus_icons[{i}].id: {bid!r} appears twice")
    setups = tuple(
        _setup(t, f"{where}: setups[{i}]", names)
        for i, t in enumerate(_tables(raw, "setups", where, required=False))
    )
    return CanvasData(cards, bonus, setups)


def _syntax(exc: tomllib.TOMLDecodeError) -> str:
    # tomllib ends its message with "(at line L, column C)"; put the place first.
    text = str(exc)
    if text.endswith(")") and "(at line" in text:
        message, _, place = text.rpartition(" (at ")
        return f"{place[:-1]}: {message}"
    return text


def _tables(raw: dict[str, Any], key: str, where: str, required: bool = True) -> list[Any]:
    value = raw.get(key)
    if value is None:
        if required:
            raise CanvasDataError(f"{where}: missing [[{key}]] entries")
        return []
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        raise CanvasDataError(f"{where}: {key}: write each entry as a [[{key}]] table")
    return value


@contextmanager
def _at(where: str) -> Iterator[None]:
    try:
        yield
    except ValueError as exc:
        if isinstance(exc, CanvasDataError):
            raise
        raise CanvasDataError(f"{where}: {exc}") from exc


def _keys(table: dict[str, Any], where: str, allowed: set[str]) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise CanvasDataError(
            f"{where}.{extra[0]}: unknown key (allowed: {', '.join(sorted(allowed))})"
        )


def _str(table: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise CanvasDataError(f"{where}.{key}: expected a non-empty text")
    return value


def _int(table: dict[str, Any], key: str, where: str) -> int:
    value = table.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise CanvasDataError(f"{where}.{key}: expected a whole number")
    return value


def _card(table: dict[str, Any], where: str) -> CardEntry:
    name = _str(table, "name", where)
    where = f"{where} ({name})"
    _keys(table, where, {"name", "name_fr", "condition", "points", "source", *CONDITION_KEYS})
    kind = _str(table, "condition", where)
    if kind not in CONDITION_KINDS:
        raise CanvasDataError(
            f"{where}.condition: {kind!r} is not one of {', '.join(CONDITION_KINDS)}"
        )
    params: dict[str, Any] = {}
    for key in CONDITION_KEYS:
        if key in table:
            params[key] = (
                _str(table, key, where) if key in ("element", "other") else _int(table, key, where)
            )
    with _at(f"{where}.condition"):
        condition = Condition(kind, **params)
    points = table.get("points", [])
    if (
        not isinstance(points, list)
        or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in points)
        or len(points) > 4
        or (not points and kind != "counted")
    ):
        raise CanvasDataError(f"{where}.points: expected 1 to 4 whole numbers (0 or more)")
    entry = CardEntry(
        name,
        _str(table, "name_fr", where, name),
        condition,
        tuple(points),
        _str(table, "source", where),
    )
    if entry.points_known:
        with _at(where):
            entry.card()
    return entry


def _bonus(table: dict[str, Any], where: str) -> BonusIcon:
    bid = _str(table, "id", where)
    where = f"{where} ({bid})"
    _keys(table, where, {"id", "element", "points", "source"})
    element = _str(table, "element", where)
    if element not in ELEMENTS:
        raise CanvasDataError(f"{where}.element: expected one of {', '.join(ELEMENTS)}")
    _str(table, "source", where)
    with _at(where):
        return BonusIcon(bid, element, _int(table, "points", where))


def _setup(table: dict[str, Any], where: str, names: list[str]) -> SetupEntry:
    _keys(table, where, {"id", "label", "label_fr", "cards", "source"})
    cards = table.get("cards")
    if (
        not isinstance(cards, list)
        or not 1 <= len(cards) <= 4
        or not all(isinstance(c, str) for c in cards)
    ):
        raise CanvasDataError(f"{where}.cards: expected 1 to 4 card names")
    for card in cards:
        if card not in names:
            raise CanvasDataError(f"{where}.cards: no card called {card!r} in [[cards]]")
    if len(set(cards)) != len(cards):
        raise CanvasDataError(f"{where}.cards: a card is listed twice")
    label = _str(table, "label", where)
    return SetupEntry(
        _str(table, "id", where),
        label,
        _str(table, "label_fr", where, label),
        tuple(cards),
        _str(table, "source", where),
    )
