"""Dice whose faces are data: the #ARTBOX shape dice, d6, d10 and two-sided tokens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.rng import Rng

SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "line")


@dataclass(frozen=True)
class Die:
    """One die: a name and its list of faces (a face may appear several times)."""

    name: str
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} has no faces")


def numbered_die(sides: int) -> Die:
    """A plain die with faces "1".."sides"."""
    return Die(f"d{sides}", tuple(str(i) for i in range(1, sides + 1)))


def roll(dice: Sequence[Die], rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """Roll every die once; returns the faces in dice order and the advanced generator."""
    faces: list[str] = []
    for die in dice:
        face, rng = rng.choice(die.faces)
        faces.append(face)
    return tuple(faces), rng


def tally(faces: Sequence[str], order: Sequence[str] = SHAPES) -> tuple[tuple[str, int], ...]:
    """Group faces with their counts, in `order` first, then any other face by first sight."""
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    known = [(f, counts[f]) for f in order if f in counts]
    others = [(f, n) for f, n in counts.items() if f not in order]
    return tuple(known + others)
