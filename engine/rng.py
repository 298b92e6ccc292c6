"""A seeded, immutable pseudo-random generator (SplitMix64) that lives inside game states."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@dataclass(frozen=True)
class Rng:
    """SplitMix64 generator; every draw returns the value and the next generator."""

    state: int

    def __post_init__(self) -> None:
        if not isinstance(self.state, int) or isinstance(self.state, bool):
            raise TypeError("Rng.state must be an int")
        if not 0 <= self.state <= _MASK:
            raise ValueError("Rng.state must fit in 64 bits")

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Make a generator from any integer seed."""
        return cls(seed & _MASK)

    def next_u64(self) -> tuple[int, Rng]:
        """Return a uniform 64-bit integer and the advanced generator."""
        state = (self.state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """Return a uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next_u64()
            if value < limit:
                return value % n, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """Pick one item uniformly."""
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Return a uniformly shuffled copy (Fisher-Yates)."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def coin_flips(self, n: int) -> tuple[tuple[bool, ...], Rng]:
        """Toss n two-sided tokens; True means face up."""
        flips: list[bool] = []
        rng = self
        for _ in range(n):
            bit, rng = rng.below(2)
            flips.append(bit == 1)
        return tuple(flips), rng
