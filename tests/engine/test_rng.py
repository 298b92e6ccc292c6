"""The seeded generator: reproducible, uniform, and validated."""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rng import Rng

# Chi-square critical values at p = 0.001, by degrees of freedom.
CRITICAL_P001 = {2: 13.816, 5: 20.515}
K = TypeVar("K")  # what is counted: draws, thirds, orders
seeds = st.integers(min_value=-(2**70), max_value=2**70)


def chi_square(observed: Counter[K], expected: dict[K, float]) -> float:
    """Pearson's statistic of `observed` counts against `expected` counts."""
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def draws(rng: Rng, n: int, count: int) -> list[int]:
    """`count` successive below(n) values."""
    out = []
    for _ in range(count):
        value, rng = rng.below(n)
        out.append(value)
    return out


def test_splitmix64_reference_values() -> None:
    """The generator is SplitMix64: seed 0 gives the published first outputs."""
    rng = Rng.from_seed(0)
    outputs = []
    for _ in range(3):
        value, rng = rng.next_u64()
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@given(seeds)
def test_same_seed_same_sequence(seed: int) -> None:
    """Two generators from one seed give the same draws (a replay gives the same dice)."""
    assert draws(Rng.from_seed(seed), 6, 20) == draws(Rng.from_seed(seed), 6, 20)


def test_different_seeds_differ() -> None:
    """Neighbouring seeds give different sequences."""
    sequences = {tuple(draws(Rng.from_seed(seed), 1000, 8)) for seed in range(50)}
    assert len(sequences) == 50


def test_draws_do_not_change_the_generator() -> None:
    """A draw returns a new generator; the old one still gives the same value."""
    rng = Rng.from_seed(42)
    first, after = rng.below(100)
    again, _ = rng.below(100)
    assert first == again
    assert after != rng


@given(seeds, st.integers(min_value=1, max_value=2**64))
def test_below_is_in_range(seed: int, n: int) -> None:
    """below(n) returns an integer in [0, n)."""
    value, _ = Rng.from_seed(seed).below(n)
    assert 0 <= value < n


@pytest.mark.parametrize("n", [0, -1])
def test_below_needs_a_positive_bound(n: int) -> None:
    """below(0) and negative bounds are refused."""
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(n)


def test_below_small_bound_is_uniform() -> None:
    """60,000 draws of below(6) pass a chi-square test at p = 0.001 (5 degrees of freedom)."""
    counts = Counter(draws(Rng.from_seed(2024), 6, 60_000))
    assert set(counts) == set(range(6))
    assert chi_square(counts, {k: 10_000.0 for k in range(6)}) < CRITICAL_P001[5]


def test_below_has_no_modulo_bias() -> None:
    """With n = 3 * 2**62 a plain `value % n` would make the lowest third twice as likely.

    Without bias each third of [0, n) gets a third of the draws (chi-square, 2 degrees of
    freedom, p = 0.001); with modulo bias the lowest third would get half of them.
    """
    n = 3 * 2**62
    third = n // 3
    counts = Counter(value // third for value in draws(Rng.from_seed(7), n, 6_000))
    assert chi_square(counts, {k: 2_000.0 for k in range(3)}) < CRITICAL_P001[2]


def test_below_rejects_values_above_the_last_whole_multiple() -> None:
    """A raw 64-bit value at or above the largest multiple of n is drawn again, not folded."""
    n = 3 * 2**62
    limit = (1 << 64) - ((1 << 64) % n)
    seed = next(s for s in range(100) if Rng.from_seed(s).next_u64()[0] >= limit)
    rng = Rng.from_seed(seed)
    raw, probe = rng.next_u64()
    while raw >= limit:
        raw, probe = probe.next_u64()
    assert rng.below(n) == (raw, probe)


@given(seeds, st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    """shuffle returns the same items (as a tuple), each exactly as often as before."""
    shuffled, _ = Rng.from_seed(seed).shuffle(items)
    assert isinstance(shuffled, tuple)
    assert Counter(shuffled) == Counter(items)


def test_shuffle_leaves_the_input_alone() -> None:
    """The input list is not shuffled in place."""
    items = list(range(10))
    Rng.from_seed(3).shuffle(items)
    assert items == list(range(10))


def test_shuffle_reaches_every_order_uniformly() -> None:
    """6,000 shuffles of 3 items give each of the 6 orders evenly (chi-square, 5 df, p = 0.001)."""
    rng = Rng.from_seed(11)
    counts: Counter[object] = Counter()
    for _ in range(6_000):
        order, rng = rng.shuffle("abc")
        counts[order] += 1
    expected: dict[object, float] = {p: 1_000.0 for p in permutations("abc")}
    assert set(counts) == set(expected)
    assert chi_square(counts, expected) < CRITICAL_P001[5]


def test_choice_picks_from_the_items() -> None:
    """choice returns one of the items; an empty sequence is refused."""
    rng = Rng.from_seed(5)
    seen = set()
    for _ in range(200):
        item, rng = rng.choice(("x", "y", "z"))
        seen.add(item)
    assert seen == {"x", "y", "z"}
    with pytest.raises(ValueError):
        rng.choice(())


@given(seeds, st.integers(min_value=0, max_value=64))
def test_coin_flips_length_and_type(seed: int, n: int) -> None:
    """coin_flips(n) tosses exactly n tokens, each face up (True) or down (False)."""
    flips, _ = Rng.from_seed(seed).coin_flips(n)
    assert len(flips) == n
    assert all(isinstance(f, bool) for f in flips)


def test_coin_flips_are_fair() -> None:
    """Rulebook 004 l.119: tokens are shaken and dropped; about half land face up."""
    flips, _ = Rng.from_seed(9).coin_flips(20_000)
    up = sum(flips)
    # chi-square with 1 degree of freedom, p = 0.001: 10.828
    stat = (up - 10_000) ** 2 / 10_000 + (20_000 - up - 10_000) ** 2 / 10_000
    assert stat < 10.828


@pytest.mark.parametrize("state", [-1, 2**64])
def test_state_must_fit_64_bits(state: int) -> None:
    """A generator state outside 0..2**64-1 is refused."""
    with pytest.raises(ValueError):
        Rng(state)


@pytest.mark.parametrize("state", [True, "1", 1.0, None])
def test_state_must_be_an_int(state: object) -> None:
    """A generator state that is not an int (bool included) is refused."""
    with pytest.raises(TypeError):
        Rng(state)  # type: ignore[arg-type]


@given(seeds)
def test_from_seed_accepts_any_integer(seed: int) -> None:
    """Any integer seed (negative or huge) is folded into 64 bits."""
    assert 0 <= Rng.from_seed(seed).state < 2**64
