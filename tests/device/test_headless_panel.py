"""`easel play --headless --panel MODEL`: refresh.jsonl and presses paced as a table paces them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from device.run.cli import main
from hardware.panels import busy_ms, panel

KEYS = ["frame", "step", "at_ms", "kind", "reason", "start_ms", "end_ms", "cleaning", "countdown", "ghost", "box"]
SLOW = panel("epd2in7_V2")


def play(tmp_path: Path, script: str, *extra: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Run `script` headless; the refresh.jsonl lines (none without --panel) and the final state."""
    path = tmp_path / "s.txt"
    path.write_text(script, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["play", "--headless", "--script", str(path), "--frames", str(out), "--seed", "3", *extra]) == 0
    log = out / "refresh.jsonl"
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    return lines, json.loads((out / "state.json").read_text(encoding="utf-8"))


def test_every_line_has_exactly_the_documented_keys(tmp_path: Path) -> None:
    lines, _ = play(tmp_path, "press ok\npress down\n", "--panel", "epd2in7_V2")
    assert lines and all(list(line) == KEYS for line in lines)
    first = lines[0]
    assert first == {"frame": "0001.png", "step": None, "at_ms": 0, "kind": "full", "reason": "first",
                     "start_ms": 0, "end_ms": busy_ms(SLOW, "full"), "cleaning": False, "countdown": False,
                     "ghost": 0, "box": None}
    assert all(line["ghost"] >= 0 for line in lines) and lines[-1]["ghost"] >= 1  # a press's partial
    last = lines[-1]  # a partial: its window, whose bytes the SPI transfer takes
    assert last["kind"] == "partial"
    assert last["end_ms"] - last["start_ms"] == busy_ms(SLOW, "partial", True, last["box"])
    assert sorted(p.name for p in (tmp_path / "out").glob("*.png")) == [line["frame"] for line in lines]


def test_a_press_is_delivered_when_the_glass_shows_the_answer_to_the_previous_one(tmp_path: Path) -> None:
    lines, state = play(tmp_path, "press ok\n# a comment\npress down\n", "--panel", "epd2in7_V2")
    first, second = lines[1], lines[2]
    assert first["step"] == 1 and first["at_ms"] == busy_ms(SLOW, "full")  # once the start-up frame is on the glass
    assert second["step"] == 3 and second["at_ms"] == first["end_ms"]
    assert state["now_ms"] == second["at_ms"]  # the game's clock followed the pacing


def test_wait_lines_add_on_top_and_a_later_scripted_time_wins(tmp_path: Path) -> None:
    lines, _ = play(tmp_path, "press ok\nwait 10\npress down\nwait 0.1\npress down\n", "--panel", "epd2in7_V2")
    one, two, three = lines[1:4]
    assert two["at_ms"] == one["at_ms"] + 10_000  # scripted time later than the glass
    assert three["at_ms"] == two["end_ms"]  # the glass later than the scripted time (0.1 s < a refresh)


def test_without_panel_frames_stay_instant_and_no_log_is_written(tmp_path: Path) -> None:
    lines, state = play(tmp_path, "press ok\nwait 10\npress down\n")
    assert lines == [] and state["now_ms"] == 10_000
    assert not (tmp_path / "out" / "refresh.jsonl").exists()


def test_a_dealt_word_is_hidden_by_a_refresh_with_reason_secret(tmp_path: Path) -> None:
    script = "press down\npress ok\npress ok\npress ok\npress up\n"  # #ARTBOX: Start, look, keep
    lines, _ = play(tmp_path, script, "--panel", "epd2in7_V2")
    kept = [line for line in lines if line["step"] == 5]
    assert [(line["kind"], line["reason"]) for line in kept] == [("fast", "secret")]
    assert kept[0]["start_ms"] == kept[0]["at_ms"]  # started as soon as the word is kept


def test_countdown_ticks_are_flagged_and_shown_by_partials_every_second(tmp_path: Path) -> None:
    lines, _ = play(tmp_path, "press ok\npress down\npress ok\npress timer\nwait 40\n", "--panel", "epd2in7_V2")
    ticks = [line for line in lines if line["countdown"]]
    assert len(ticks) == 40
    assert all(line["kind"] == "partial" and line["step"] is None for line in ticks)
    assert all(line["end_ms"] - line["at_ms"] <= 1000 for line in ticks)
    presses = [line for line in lines if line["step"] is not None]
    assert not any(line["countdown"] for line in presses)


def test_panel_pacing_needs_a_script_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    code = main(["play", "--headless", "--script", "-", "--frames", str(out), "--panel", "epd2in7_V2"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "--panel" in err and len(err) <= 200
    assert not out.exists()


def test_a_press_after_the_sand_ran_out_answers_the_alarm_once_the_glass_shows_it(tmp_path: Path) -> None:
    """A `wait` as long as the sandglass would press at the very moment the sand runs out: the table
    answers the alarm, so that press comes once the time's-up frame is on the glass (issue 30)."""
    lines, _ = play(tmp_path, "press ok\npress timer\nwait 90\npress roll\n", "--panel", "epd2in7_V2")
    times_up = next(line for line in lines if line["reason"] == "times-up")
    pressed = next(line for line in lines if line["step"] == 4)
    started = next(line for line in lines if line["step"] == 2)
    assert times_up["at_ms"] == started["at_ms"] + 90_000  # the scripted moment of the press
    assert pressed["at_ms"] == times_up["end_ms"] > times_up["at_ms"]
