"""Finished games are kept (game, date, players, scores, winner); `easel history` lists and exports them."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from pytest_mock import MockerFixture

from device.framework.contract import GameResult
from device.games.toolbox.app import ToolboxApp
from device.run.cli import main
from device.storage.history import GameRecord, to_csv, to_json, unnamed_seats, wins_by_player
from device.storage.store import Store
from device.storage.store_file import shown
from tests.conftest import Harness

RECORDS = [
    GameRecord("artbox", "2026-11-20T20:10:00", ("Ana", "Bruno", "Chloé"), (5, 3, 2), (1,), 11, "a"),
    GameRecord("identik", "2026-11-21T19:00:00", ("Ana", "Bruno", "Chloé"), (21, 25, 25), (2, 3), 12, "b"),
]


def _finish_when_all_took_tokens(mocker: MockerFixture) -> None:
    """Stand-in game end for the Toolbox: over when every seat holds a number token."""

    def result(self: ToolboxApp, ui: Any) -> GameResult | None:
        order = ui.game.order
        if not order.complete:
            return None
        names = ("",) * order.players  # seats left unnamed
        scores = tuple(order.players - order.token_of(s) + 1 for s in range(1, order.players + 1))
        return GameResult(names, scores, (order.seats[0],), seed=ui.game.rng.state & 0xFFFF)

    mocker.patch.object(ToolboxApp, "result", result)


def test_a_finished_game_is_recorded_once(tmp_path: Path, mocker: MockerFixture) -> None:
    """The step that ends a game writes it to the history; undo and redo do not add it twice."""
    _finish_when_all_took_tokens(mocker)
    h = Harness(tmp_path / "easel.db", wall_clock=lambda: "2026-11-25T21:00:00")
    h.press("ok", "seat2", "seat4", "seat1", "seat3")
    assert [r.winners for r in h.store.games()] == [(2,)]
    h.press("back!", "seat3")
    assert len(h.store.games()) == 1
    record = h.store.games()[0]
    assert record.players == ("", "", "", "")  # unnamed seats: stored as seats, never as "Seat 1"
    assert record.scores == (2, 4, 1, 3)
    assert record.finished == "2026-11-25T21:00:00"


def test_history_command_lists_and_exports(tmp_path: Path, mocker: MockerFixture,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`easel history` prints one line a game and writes CSV and JSON exports."""
    _finish_when_all_took_tokens(mocker)
    db = tmp_path / "easel.db"
    h = Harness(db)
    h.press("ok", "seat1", "seat2", "seat3", "seat4")
    h.store.close()
    assert main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "toolbox" in out and "winner: Seat 1" in out  # drawn in the configured language
    assert main(["history", "--db", str(db), "--csv", str(tmp_path / "h.csv"),
                 "--json", str(tmp_path / "h.json")]) == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "h.csv").read_text(encoding="utf-8"))))
    assert rows[0]["winners"] == "Seat 1"
    data = json.loads((tmp_path / "h.json").read_text(encoding="utf-8"))
    assert data[0]["winner_names"] == ["Seat 1"]


def test_history_without_a_database_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Asking for the history before any game is a clear one-line message, exit 2."""
    assert main(["history", "--db", str(tmp_path / "none.db")]) == 2
    expected = f"easel: --db {shown(tmp_path / 'none.db')}: no database yet; play a game first, or give --db\n"
    assert capsys.readouterr().err == expected


def test_exports_and_statistics() -> None:
    """CSV and JSON carry every game; ties name every winner; wins are counted per name."""
    text = to_csv(RECORDS, english_seat)
    assert "identik,2026-11-21T19:00:00,Ana / Bruno / Chloé,21 / 25 / 25,Bruno / Chloé,12" in text
    assert json.loads(to_json(RECORDS, english_seat))[1]["winner_names"] == ["Bruno", "Chloé"]
    assert wins_by_player(RECORDS) == [("Ana", 2, 1), ("Bruno", 2, 1), ("Chloé", 2, 1)]


def english_seat(seat: int) -> str:
    """How an English export draws an unnamed seat."""
    return f"Seat {seat}"


def test_unnamed_seats_are_one_player_per_seat_in_any_language_and_game() -> None:
    """A seat left unnamed is stored as its number: the same table playing in English and then in
    French (before format 5: "Seat 2", then "Place 2") counts as the same players, a typed name
    counts as that name in any game, and the exports draw an unnamed seat in their language."""
    english = GameRecord("artem", "2026-11-20T20:00:00", unnamed_seats(("Seat 1", "Seat 2", "Seat 3")),
                         (3, 5, 1), (2,), 1, "a")
    french = GameRecord("canvas", "2026-11-21T20:00:00", unnamed_seats(("Place 1", "Place 2", "Place 3")),
                        (7, 2, 4), (1,), 2, "b")
    named = GameRecord("identik", "2026-11-22T20:00:00", ("Ana", "", "Seat 9"), (9, 8, 7), (1,), 3, "c")
    assert english.players == french.players == ("", "", "")
    assert unnamed_seats(("Place 2", "Seat 2")) == ("Place 2", "")  # only seat N's own text is seat N
    assert wins_by_player([english, french, named]) == [
        (2, 3, 1), (1, 2, 1), ("Ana", 1, 1), (3, 2, 0), ("Seat 9", 1, 0)]
    assert to_csv([french], lambda s: f"Place {s}").splitlines()[1].split(",")[2] == "Place 1 / Place 2 / Place 3"


def test_a_start_reads_the_history_only_when_something_looks_at_it(tmp_path: Path, mocker: MockerFixture) -> None:
    """Issue 30 (a start flat with history): resuming, drawing the first frame and a press read no
    finished game; the context apps see (Statistics, a new game's seed) reads them at the first
    look, and sees a game finished after that look."""
    _finish_when_all_took_tokens(mocker)
    db = tmp_path / "easel.db"
    h = Harness(db)
    assert len(h.runner.ctx().history) == 0  # looked at before the game ends
    h.press("ok", "seat2", "seat4", "seat1", "seat3")
    assert [r.winners for r in h.runner.ctx().history] == [(2,)]
    h.store.close()
    reads = mocker.spy(Store, "games")
    h = Harness(db)
    h.runner.show()
    h.press("back!")  # undo: a step written to disk
    assert reads.call_count == 0
    assert [r.winners for r in h.runner.ctx().history] == [(2,)]
    assert reads.call_count == 1
