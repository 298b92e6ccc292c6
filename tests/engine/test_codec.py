"""The codec: exact round trips, and every malformed input refused as InvalidState."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import codec
from engine.errors import InvalidState
from engine.rng import Rng
from engine.toolbox.commands import (
    COMMANDS,
    AdjustSandglass,
    ChooseDice,
    ClearTokens,
    FlipSandglass,
    PauseSandglass,
    ResumeSandglass,
    Roll,
    SetPlayers,
    SetSandglassLength,
    SettleSandglass,
    StartSandglass,
    TakeToken,
)

Colour = Literal["red", "blue"]


@dataclass(frozen=True)
class Leaf:
    """A small nested record."""

    name: str
    colour: Colour = "red"
    weight: float = 1.0


@dataclass(frozen=True)
class Tree:
    """Every shape the codec supports, with an invariant."""

    leaves: tuple[Leaf, ...]
    pair: tuple[int, str]
    scores: dict[int, tuple[int, ...]]
    rng: Rng
    note: str | None = None
    best: Leaf | None = None
    flag: bool = False

    def __post_init__(self) -> None:
        if len(self.leaves) > 3:
            raise ValueError("a tree holds at most 3 leaves")


@dataclass(frozen=True)
class Ping:
    """A command with a field."""

    seat: int


@dataclass(frozen=True)
class Pong:
    """A command without fields."""


SAMPLE = Tree(
    leaves=(Leaf("a"), Leaf("b", "blue", 2.5)),
    pair=(7, "x"),
    scores={1: (3, 4), -2: ()},
    note=None,
    best=Leaf("c", "blue"),
    flag=True,
    rng=Rng(2**64 - 1),
)

leaves = st.builds(Leaf, st.text(), st.sampled_from(["red", "blue"]),
                   st.floats(allow_nan=False, allow_infinity=False))
trees = st.builds(
    Tree,
    leaves=st.lists(leaves, max_size=3).map(tuple),
    pair=st.tuples(st.integers(), st.text()),
    scores=st.dictionaries(st.integers(), st.lists(st.integers(), max_size=4).map(tuple), max_size=4),
    note=st.none() | st.text(),
    best=st.none() | leaves,
    flag=st.booleans(),
    rng=st.integers(min_value=0, max_value=2**64 - 1).map(Rng),
)


def sample_dict() -> dict[str, Any]:
    """A fresh copy of SAMPLE as plain JSON values."""
    data: dict[str, Any] = json.loads(json.dumps(codec.to_dict(SAMPLE)))
    return data


def test_to_dict_gives_plain_json_values() -> None:
    """Tuples become lists, int keys strings, nested dataclasses objects."""
    assert codec.to_dict(SAMPLE) == {
        "leaves": [{"name": "a", "colour": "red", "weight": 1.0}, {"name": "b", "colour": "blue", "weight": 2.5}],
        "pair": [7, "x"],
        "scores": {"1": [3, 4], "-2": []},
        "rng": {"state": 2**64 - 1},
        "note": None,
        "best": {"name": "c", "colour": "blue", "weight": 1.0},
        "flag": True,
    }


def test_round_trip_through_json_is_exact() -> None:
    """from_dict(to_dict(x)) == x, also after a trip through JSON text."""
    back = codec.from_dict(Tree, sample_dict())
    assert back == SAMPLE
    assert isinstance(back.leaves, tuple) and isinstance(back.scores[1], tuple)


@given(trees)
def test_round_trip_any_tree(tree: Tree) -> None:
    """Any valid tree survives to_dict -> JSON -> from_dict unchanged."""
    assert codec.from_dict(Tree, json.loads(json.dumps(codec.to_dict(tree)))) == tree


def test_missing_key_with_a_default_takes_the_default() -> None:
    """A field with a default may be left out."""
    data = sample_dict()
    del data["note"], data["flag"]
    assert codec.from_dict(Tree, data) == Tree(SAMPLE.leaves, SAMPLE.pair, SAMPLE.scores, best=SAMPLE.best,
                                               rng=SAMPLE.rng)


def test_float_field_accepts_an_integer() -> None:
    """JSON writes 1.0 as 1 in some encoders: an int is a valid float."""
    assert codec.from_dict(Leaf, {"name": "a", "weight": 2}) == Leaf("a", weight=2.0)


def _set(data: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


BAD_VALUES = [
    pytest.param(("pair", 0), "7", id="string-for-int"),
    pytest.param(("pair", 0), True, id="bool-for-int"),
    pytest.param(("pair", 0), 7.0, id="float-for-int"),
    pytest.param(("pair", 1), 1, id="int-for-string"),
    pytest.param(("flag",), 1, id="int-for-bool"),
    pytest.param(("flag",), "true", id="string-for-bool"),
    pytest.param(("leaves", 0, "weight"), "heavy", id="string-for-float"),
    pytest.param(("leaves", 0, "weight"), False, id="bool-for-float"),
    pytest.param(("leaves",), {"0": {"name": "a"}}, id="object-for-tuple"),
    pytest.param(("leaves",), "ab", id="string-for-tuple"),
    pytest.param(("leaves", 0), ["a"], id="list-for-dataclass"),
    pytest.param(("pair",), [7], id="short-fixed-tuple"),
    pytest.param(("pair",), [7, "x", 8], id="long-fixed-tuple"),
    pytest.param(("scores",), [[1, [3]]], id="list-for-dict"),
    pytest.param(("scores", "1"), [3, "4"], id="string-in-int-tuple"),
    pytest.param(("note",), 5, id="int-for-optional-string"),
    pytest.param(("best",), "c", id="string-for-optional-dataclass"),
    pytest.param(("leaves", 1, "colour"), "green", id="bad-literal"),
    pytest.param(("leaves", 1, "colour"), None, id="null-literal"),
    pytest.param(("leaves", 1, "colour"), ["red"], id="list-literal"),
    pytest.param(("rng", "state"), -1, id="rng-state-negative"),
    pytest.param(("rng", "state"), 2**64, id="rng-state-too-big"),
    pytest.param(("rng",), None, id="null-for-required-dataclass"),
]


@pytest.mark.parametrize(("path", "value"), BAD_VALUES)
def test_wrong_values_are_refused(path: tuple[str | int, ...], value: Any) -> None:
    """A value that does not fit its field's type is refused as InvalidState."""
    with pytest.raises(InvalidState):
        codec.from_dict(Tree, _set(sample_dict(), path, value))


@pytest.mark.parametrize("key", ["x", "1.5", "", " 1", "01", "+1", "1_0", "\u0661"])
def test_dict_int_keys_must_be_canonical(key: str) -> None:
    """A dict[int, ...] key must read exactly as to_dict writes an int (no two keys can collide)."""
    data = sample_dict()
    data["scores"] = {"1": [3], key: [4]}
    with pytest.raises(InvalidState):
        codec.from_dict(Tree, data)


def test_unknown_key_is_refused() -> None:
    """A key the dataclass does not have is refused, also in a nested object."""
    with pytest.raises(InvalidState, match="unknown keys"):
        codec.from_dict(Tree, {**sample_dict(), "extra": 1})
    data = sample_dict()
    data["best"]["size"] = 3
    with pytest.raises(InvalidState, match="unknown keys"):
        codec.from_dict(Tree, data)


@pytest.mark.parametrize("key", ["leaves", "pair", "scores", "rng"])
def test_missing_required_key_is_refused(key: str) -> None:
    """A field without a default must be present."""
    data = sample_dict()
    del data[key]
    with pytest.raises(InvalidState, match="missing key"):
        codec.from_dict(Tree, data)


def test_missing_nested_required_key_is_refused() -> None:
    """A nested object missing a required field is refused."""
    data = sample_dict()
    del data["leaves"][0]["name"]
    with pytest.raises(InvalidState, match="missing key"):
        codec.from_dict(Tree, data)


def test_post_init_violation_is_invalid_state() -> None:
    """An invariant checked in __post_init__ surfaces as InvalidState, not a bare ValueError."""
    data = sample_dict()
    data["leaves"] = [{"name": str(i)} for i in range(4)]
    with pytest.raises(InvalidState, match="at most 3 leaves"):
        codec.from_dict(Tree, data)


@pytest.mark.parametrize("data", [None, [], "tree", 3])
def test_top_level_must_be_an_object(data: Any) -> None:
    """Anything but an object at the top is refused."""
    with pytest.raises(InvalidState):
        codec.from_dict(Tree, data)


def test_invalid_state_is_a_value_error() -> None:
    """Callers that catch ValueError also catch InvalidState."""
    assert issubclass(InvalidState, ValueError)


def test_to_dict_refuses_unknown_objects() -> None:
    """An object the codec cannot represent is a programming error (TypeError)."""
    with pytest.raises(TypeError):
        codec.to_dict(Leaf(name=object()))  # type: ignore[arg-type]


def test_command_round_trip() -> None:
    """A command is written with its class name under "type" and read back exactly."""
    assert codec.command_to_dict(Ping(3)) == {"type": "Ping", "seat": 3}
    assert codec.command_to_dict(Pong()) == {"type": "Pong"}
    for command in (Ping(3), Pong()):
        data = json.loads(json.dumps(codec.command_to_dict(command)))
        assert codec.command_from_dict((Ping, Pong), data) == command


@pytest.mark.parametrize("data", [
    pytest.param(None, id="not-an-object"),
    pytest.param({"seat": 3}, id="no-type"),
    pytest.param({"type": "Pang"}, id="unknown-type"),
    pytest.param({"type": ["Ping"], "seat": 3}, id="unhashable-type"),
    pytest.param({"type": 1}, id="int-type"),
    pytest.param({"type": "Ping"}, id="missing-field"),
    pytest.param({"type": "Ping", "seat": "3"}, id="wrong-field-type"),
    pytest.param({"type": "Pong", "seat": 3}, id="unknown-field"),
])
def test_bad_commands_are_refused(data: Any) -> None:
    """Any malformed command is refused as InvalidState."""
    with pytest.raises(InvalidState):
        codec.command_from_dict((Ping, Pong), data)


def test_every_toolbox_command_round_trips() -> None:
    """Each Toolbox command survives command_to_dict -> JSON -> command_from_dict."""
    commands = [
        ChooseDice("tokens", 5), Roll(), StartSandglass(10), FlipSandglass(20),
        PauseSandglass(30), ResumeSandglass(40), AdjustSandglass(-10_000), SettleSandglass(50),
        SetSandglassLength(120), TakeToken(2), ClearTokens(), SetPlayers(6),
    ]
    assert {type(c) for c in commands} == set(COMMANDS)
    for command in commands:
        data = json.loads(json.dumps(codec.command_to_dict(command)))
        assert codec.command_from_dict(COMMANDS, data) == command
