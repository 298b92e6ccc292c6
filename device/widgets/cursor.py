"""Cursor and list navigation with up/down: a list cursor wraps, a value may wrap or stop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def step(button: str) -> int:
    """The cursor's move for a key: up goes back a row (-1), down goes on (+1)."""
    return -1 if button == "up" else 1


def wrapped(cursor: int, button: str, count: int) -> int:
    """The cursor moved one row by `button` in a list of `count` rows, wrapping at both ends."""
    return (cursor + step(button)) % count


def neighbour(items: Sequence[T], current: T, button: str) -> T:
    """The item before/after `current` in `items` (wrapping; from the first one if it is absent)."""
    index = items.index(current) if current in items else 0
    return items[wrapped(index, button, len(items))]


def counted(value: int, button: str, low: int, high: int) -> int:
    """A number counted with the keys: up adds one, down takes one, within [low, high], wrapping."""
    return low + (value - low - step(button)) % (high - low + 1)


def shifted(items: Sequence[T], current: T, by: int) -> T:
    """The item `by` places after `current` in `items` (before it if `by` is negative), wrapping."""
    return items[(list(items).index(current) + by) % len(items)]


def clamped(value: int, button: str, low: int, high: int) -> int:
    """A number counted with the keys: up adds one, down takes one, stopping at low and high."""
    return min(high, max(low, value - step(button)))
