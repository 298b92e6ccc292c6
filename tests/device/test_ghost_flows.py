"""The ghost ruling on real games played headless on a simulated panel, checked from the frames.

Ghosts are counted a second time from the PNG frames and refresh.jsonl alone
(benchmarks/glass_ghosts.py), never from the display core, and the `ghost` key must agree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from device.display.refresh import CLEAN_IDLE_S
from device.run.cli import main
from hardware.panels import busy_ms, panel
from tests.hardware.conftest import load_benchmark

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
SHOWN = ("partial", "fast", "full")


def script(name: str) -> str:
    """A committed script's text."""
    return (SCRIPTS / f"{name}.txt").read_text(encoding="utf-8")


def play(tmp_path: Path, text: str, model: str, seed: str) -> tuple[list[dict[str, Any]], Path]:
    """Play `text` headless on `model`; the refresh.jsonl lines and the frames' folder."""
    script, out = tmp_path / "s.txt", tmp_path / "out"
    script.write_text(text, encoding="utf-8")
    assert main(["play", "--headless", "--script", str(script), "--frames", str(out), "--seed", seed,
                 "--panel", model]) == 0
    lines = [json.loads(line) for line in (out / "refresh.jsonl").read_text(encoding="utf-8").splitlines()]
    return lines, out


def check_ruling(lines: list[dict[str, Any]], out: Path, model: str) -> Any:
    """The ruling's bounds, counted from the frames; the `ghost` key agrees with that count."""
    spec = panel(model)
    counted = load_benchmark("glass_ghosts").count(out, lines)
    assert [line["ghost"] for line in lines if line["kind"] in SHOWN] == counted.peaks
    assert counted.outside <= 2 * spec.cleaning_every  # no pixel outside a countdown past 2x
    assert counted.overall <= 2 * spec.cleaning_every + counted.ticks  # its own pixels: by its ticks at most
    assert counted.times_up > 0 and counted.times_up_flashed == 0  # time's up is always a partial
    assert all(line["kind"] == "partial" for line in lines if line["countdown"])
    return counted


def test_artbox_cleans_at_the_first_idle_moment_after_the_sandglass_by_the_fast_refresh(tmp_path: Path) -> None:
    """After the sand runs out the table identifies drawings with the seat buttons: a press may come
    any moment, so the countdown's pixels are cleaned 1.5 s on by the short fast refresh."""
    lines, out = play(tmp_path, script("artbox_five_players_round").replace("wait 61\n", "wait 75\n"),
                      "epd2in13_V4", "21")
    check_ruling(lines, out, "epd2in13_V4")
    ended = next(i for i, line in enumerate(lines) if line["reason"] == "times-up")
    clean = lines[ended + 1]
    assert (clean["kind"], clean["reason"], clean["cleaning"], clean["ghost"]) == ("fast", "idle", True, 0)
    assert clean["start_ms"] == lines[ended]["end_ms"] + int(CLEAN_IDLE_S * 1000)


def test_the_same_round_played_at_once_forces_a_fast_refresh_on_the_press_after_time_s_up(tmp_path: Path) -> None:
    """When a player presses the moment the sand runs out, the countdown's pixels past 2x are cleaned
    by that press's fast refresh (the first change after the countdown)."""
    lines, out = play(tmp_path, script("artbox_five_players_round"), "epd2in13_V4", "21")
    check_ruling(lines, out, "epd2in13_V4")
    ended = next(i for i, line in enumerate(lines) if line["reason"] == "times-up")
    after = lines[ended + 1]
    assert (after["kind"], after["reason"], after["ghost"]) == ("fast", "cleaning", 0) and after["step"] is not None


def test_a_long_game_of_presses_alone_is_cleaned_by_fast_refreshes_at_twice_the_rate(tmp_path: Path) -> None:
    """Canvas on four keys: no countdown, no idle; a pixel about to pass 2x forces the fast refresh."""
    model = "epd7in5_V2"
    lines, out = play(tmp_path, script("canvas_solo_four_keys"), model, "23")
    spec = panel(model)
    counted = load_benchmark("glass_ghosts").count(out, lines)
    assert [line["ghost"] for line in lines if line["kind"] in SHOWN] == counted.peaks
    forced = [i for i, line in enumerate(lines) if line["reason"] == "cleaning"]
    assert forced and all(lines[i]["kind"] == "fast" for i in forced)
    assert counted.overall <= 2 * spec.cleaning_every
    assert all(lines[i - 1]["ghost"] >= spec.cleaning_every for i in forced)  # never before it is due


def test_identik_on_the_7in5_cleans_before_each_hourglass_so_it_starts_on_time(tmp_path: Path) -> None:
    """Issue 30: cleaning due as the narrator is about to turn the hourglass (002 l.46) is done by the
    describe screen's own refresh, never forced on the press that turns it: every hourglass's first
    second reaches the glass within one partial refresh of that press."""
    model = "epd7in5_V2"
    lines, out = play(tmp_path, script("identik_full_game_four_keys"), model, "4")
    check_ruling(lines, out, model)
    before = [i for i, line in enumerate(lines) if line["reason"] == "before-countdown"]
    assert before and all(lines[i]["kind"] == "fast" and lines[i - 1]["ghost"] >= panel(model).cleaning_every - 1
                          for i in before)
    starts = [i for i, line in enumerate(lines) if line["countdown"] and not lines[i - 1]["countdown"]]
    assert len(starts) == 4  # four rounds, one hourglass each
    for i in starts:
        start = lines[i - 1]  # the press that turned the hourglass: a partial, never a forced cleaning
        assert start["step"] is not None and start["kind"] == "partial"
        first = lines[i]
        # its first second waits for the start press's partial at most, then shows by its own
        assert first["end_ms"] - first["at_ms"] <= busy_ms(panel(model), "partial", box=first["box"]) + \
            busy_ms(panel(model), "partial", box=start["box"])
