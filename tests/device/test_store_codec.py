"""Issue 14, "State stores what it needs": sessions and states are deflated in their rows, the
text rows of older databases still read, and a damaged row is an error, never a wrong state."""

from __future__ import annotations

import json

import pytest

from device.storage.store_codec import dumps, pack, unpack
from tests.conftest import Harness


def test_a_state_comes_back_exactly_and_smaller() -> None:
    h = Harness()
    h.press("ok", "roll", "roll")
    data = {"states": {"toolbox": h.runner.session.app().dump(h.state())}, "seed": 5}
    row = pack(data)
    assert unpack(row) == data
    assert len(row) < len(dumps(data).encode("utf-8")) / 2


def test_text_rows_of_older_formats_still_read() -> None:
    data = {"mode": "home", "now_ms": 12}
    assert unpack(json.dumps(data)) == data


@pytest.mark.parametrize("cut", [1, 10, -1])
def test_a_row_cut_short_is_an_error(cut: int) -> None:
    row = pack({"words": ["anchor", "bicycle", "castle"] * 20})
    with pytest.raises(ValueError):
        unpack(row[:cut])


def test_a_row_of_another_kind_is_an_error() -> None:
    with pytest.raises(ValueError):
        unpack(12)
