"""The page's press-to-glass readout against `refresh.jsonl` of `easel play --headless --panel`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from device.run.cli import main
from tests.web.conftest import Served, wait_presses

MODEL = "epd2in7_V2"
HANDING_ON_MS = 3000  # a `secret` refresh counts only beyond the 3 s of handing the device on
SHOWN = ("partial", "fast", "full")
# #ARTBOX from the home menu: setup moves, two seats shown their words and each keeping one (the
# words are wiped by a secret refresh), the dice, two number tokens.
SCRIPT = ["press down", "press ok", "press up", "press ok", "press ok", "press ok", "press ok", "press ok",
          "press roll", "press seat3", "press seat1"]


def expected_per_press(lines: list[dict[str, Any]], presses: int) -> list[tuple[list[str], int]]:
    """For each script line: the refreshes that showed its frames, and its wait (issue 11's definition)."""
    frames = sorted((line for line in lines if line["frame"] is not None), key=lambda line: line["frame"])
    result: list[tuple[list[str], int]] = []
    for step in range(1, presses + 1):
        own = [i for i, line in enumerate(frames) if line["step"] == step]
        if not own:
            result.append(([], 0))
            continue
        delivered = int(frames[own[0]]["at_ms"])
        end, secret = delivered, False
        for line in frames[own[-1]:]:  # the refresh that shows its last frame (or a newer one)
            if line["kind"] in SHOWN:
                end, secret = int(line["end_ms"]), line["reason"] == "secret"
                break
            if line["kind"] == "none":
                end = int(line["at_ms"])
                break
        wait = end - delivered
        kinds = [frames[i]["kind"] for i in own if frames[i]["kind"] in SHOWN]
        result.append((kinds, max(0, wait - HANDING_ON_MS) if secret else wait))
    return result


def test_the_readout_matches_refresh_jsonl_for_the_same_script(serve: Callable[..., Served], browser: Any,
                                                                tmp_path: Path) -> None:
    """Pressed at table pace on the page, each press shows the refreshes and wait refresh.jsonl logs."""
    script = tmp_path / "flow.txt"
    script.write_text("\n".join(SCRIPT) + "\n", encoding="utf-8")  # line N is press N
    out = tmp_path / "headless"
    assert main(["play", "--headless", "--script", str(script), "--frames", str(out), "--seed", "8",
                 "--panel", MODEL, "--db", str(tmp_path / "headless.db")]) == 0
    lines = [json.loads(line) for line in (out / "refresh.jsonl").read_text(encoding="utf-8").splitlines()]
    expected = expected_per_press(lines, len(SCRIPT))

    served = serve(panel=MODEL, profile="table", scale=0.05, seed=8)
    page = served.page(browser)
    worker = served.table.glass.worker
    assert worker is not None and worker.flush(10)  # the start-up frame is on the glass, as headless waits for it
    for number, line in enumerate(SCRIPT, 1):
        page.click(f'button[data-button="{line.split()[1]}"]')  # once the glass shows the last answer
        wait_presses(page, number)
    readouts = page.evaluate("easel.readouts.filter(r => r.last_ms !== null)")
    got = [(r["kinds"], r["last_ms"]) for r in readouts]
    assert got == expected
    total = sum(wait for _, wait in expected)
    assert readouts[-1]["total_ms"] == total
    assert page.inner_text("#total") == f"{total / 1000:.2f} s"
    assert page.inner_text("#last") == f"{expected[-1][1] / 1000:.2f} s"
