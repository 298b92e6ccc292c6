"""Dice whose faces are data: rolling, tallying, and a fair distribution."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from device.framework.resources import Resources
from engine.dice import SHAPES, Die, numbered_die, roll, tally
from engine.rng import Rng

DICE_TOML = Path(__file__).resolve().parents[2] / "device" / "data" / "dice.toml"
ROLLS = 60_000
# Chi-square critical values at p = 0.001, by degrees of freedom.
CRITICAL_P001 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 9: 27.877}

dice_lists = st.lists(
    st.builds(Die, st.text(max_size=5), st.lists(st.text(min_size=1, max_size=3), min_size=1, max_size=8).map(tuple)),
    max_size=6,
)


def chi_square(observed: Counter[str], probabilities: dict[str, float], n: int) -> float:
    """Pearson's statistic of `observed` counts over `n` throws against face probabilities."""
    return sum((observed.get(face, 0) - n * p) ** 2 / (n * p) for face, p in probabilities.items())


def face_probabilities(faces: tuple[str, ...]) -> dict[str, float]:
    """Each distinct face's chance: how often it is printed over the number of faces."""
    return {face: count / len(faces) for face, count in Counter(faces).items()}


def roll_many(dice: tuple[Die, ...], seed: int, times: int) -> list[Counter[str]]:
    """Roll the dice `times` times; one Counter of faces per die."""
    counts = [Counter[str]() for _ in dice]
    rng = Rng.from_seed(seed)
    for _ in range(times):
        faces, rng = roll(dice, rng)
        for counter, face in zip(counts, faces, strict=True):
            counter[face] += 1
    return counts


@given(dice_lists, st.integers(min_value=0, max_value=2**64 - 1))
def test_roll_gives_one_face_of_each_die_in_order(dice: list[Die], seed: int) -> None:
    """Each die shows one of its own faces, in the order the dice were given."""
    faces, _ = roll(dice, Rng(seed))
    assert len(faces) == len(dice)
    for die, face in zip(dice, faces, strict=True):
        assert face in die.faces


@given(dice_lists, st.integers(min_value=0, max_value=2**64 - 1))
def test_roll_is_deterministic(dice: list[Die], seed: int) -> None:
    """The same dice and generator give the same faces and the same next generator."""
    assert roll(dice, Rng(seed)) == roll(dice, Rng(seed))


def test_roll_advances_the_generator() -> None:
    """Two successive rolls use fresh randomness."""
    dice = (numbered_die(10),) * 4
    first, rng = roll(dice, Rng.from_seed(1))
    rolls = {first}
    for _ in range(5):
        faces, rng = roll(dice, rng)
        rolls.add(faces)
    assert len(rolls) > 1


def test_a_die_needs_faces() -> None:
    """A die without faces is refused."""
    with pytest.raises(ValueError):
        Die("blank", ())


def test_numbered_die_faces() -> None:
    """numbered_die(n) is named dn with faces "1".."n"."""
    assert numbered_die(6) == Die("d6", ("1", "2", "3", "4", "5", "6"))
    assert numbered_die(10).faces[-1] == "10"


def test_default_shape_dice_are_four_dice_of_shapes() -> None:
    """Rulebook 000 l.36: the Maestro rolls the 4 dice; every face is one of the four shapes."""
    dice = Resources().shape_dice
    assert len(dice) == 4
    for die in dice:
        assert set(die.faces) <= set(SHAPES)
        assert set(die.faces) == set(SHAPES), "each shape appears on each default die"


def test_tally_follows_the_rulebook_example() -> None:
    """Rulebook 000 l.40: a roll reads as 1 Circle, 1 Square, 2 Triangles (shape order, counted)."""
    assert tally(("triangle", "circle", "triangle", "square")) == (("circle", 1), ("square", 1), ("triangle", 2))


def test_tally_puts_unknown_faces_last_by_first_sight() -> None:
    """Faces outside the order follow the known ones, in the order they first appear."""
    assert tally(("6", "line", "2", "6", "circle")) == (("circle", 1), ("line", 1), ("6", 2), ("2", 1))


def test_tally_with_a_custom_order() -> None:
    """A given order replaces the shape order."""
    assert tally(("up", "down", "up"), order=("up", "down")) == (("up", 2), ("down", 1))
    assert tally(()) == ()


@given(st.lists(st.sampled_from([*SHAPES, "1", "2"]), max_size=12))
def test_tally_counts_every_face_once(faces: list[str]) -> None:
    """The counts add up to the number of faces; each face is listed once."""
    grouped = tally(faces)
    assert sum(n for _, n in grouped) == len(faces)
    assert Counter(dict(grouped)) == Counter(faces)
    assert len({f for f, _ in grouped}) == len(grouped)


def test_shape_dice_load_the_packaged_faces() -> None:
    """Resources().shape_dice are exactly the dice written in device/data/dice.toml."""
    data = tomllib.loads(DICE_TOML.read_text(encoding="utf-8"))
    assert [die.faces for die in Resources().shape_dice] == [tuple(d["faces"]) for d in data["shape_dice"]]


def test_shape_dice_distribution_chi_square() -> None:
    """60,000 rolls of the default shape dice: each die matches its faces at p = 0.001."""
    dice = Resources().shape_dice
    for die, counts in zip(dice, roll_many(dice, seed=20240601, times=ROLLS), strict=True):
        probabilities = face_probabilities(die.faces)
        stat = chi_square(counts, probabilities, ROLLS)
        assert stat < CRITICAL_P001[len(probabilities) - 1], (die.name, counts, stat)


@pytest.mark.parametrize("sides", [6, 10])
def test_numbered_die_distribution_chi_square(sides: int) -> None:
    """60,000 rolls of a d6 / d10 pass a chi-square test against a uniform die at p = 0.001."""
    die = numbered_die(sides)
    (counts,) = roll_many((die,), seed=sides, times=ROLLS)
    assert chi_square(counts, face_probabilities(die.faces), ROLLS) < CRITICAL_P001[sides - 1]


def test_chi_square_check_can_fail() -> None:
    """The check has power: die 1's rolls are far from a die with one face per shape."""
    dice = Resources().shape_dice
    (counts,) = roll_many(dice[:1], seed=20240601, times=ROLLS)
    stat = chi_square(counts, {shape: 0.25 for shape in SHAPES}, ROLLS)
    assert stat > CRITICAL_P001[3]
