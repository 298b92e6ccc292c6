"""The notices a restart mid-sandglass shows (issue 31 item 2), as the table sees them: every
panel size, English and French, against golden images in tests/golden/notices/ (regenerate
with EASEL_UPDATE_GOLDENS=1, then look at the PNGs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.settings import Settings
from device.strings.all import STRINGS as T
from hardware.panels import GALLERY_PANELS
from tests.conftest import Harness, check_golden
from tests.device.drawn import problems, recorded

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "notices"
EPOCH = 1_800_000_000_000

# how Easel stopped 30 s into the Toolbox's 90 s sandglass, what the wall clock did while it was off,
# and the notice that says so
STOPS = {
    "closed": ("stopped_closed", 600_000),  # a clean quit, ten minutes off: held at 1:00
    "lost": ("power_cut", 2_000),  # a power cut, 2 s off: the sand ran on to 0:58
    "out": ("power_cut_out", 600_000),  # a power cut longer than the sand left
    "unsure": ("power_cut_unsure", -3_600_000),  # the wall clock came back an hour earlier
}


def _restarted(db: Path, stop: str, panel: str, lang: str) -> Harness:
    wall = [EPOCH]
    h = Harness(db, settings=Settings(panel=panel, language=lang), wall=lambda: wall[0])
    h.runner.open("toolbox")
    h.press("timer")
    h.wait(30)
    wall[0] += 30_000
    if stop == "closed":
        h.runner.shutdown()
    else:
        h.store.close()
    wall[0] += STOPS[stop][1]
    return Harness(db, wall=lambda: wall[0])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("panel", GALLERY_PANELS)
@pytest.mark.parametrize("stop", list(STOPS))
def test_the_notice_after_a_stop_matches_its_golden(tmp_path: Path, stop: str, panel: str, lang: str) -> None:
    """The notice is read whole (nothing cut, nothing overlapping), with the one key it leaves."""
    h = _restarted(tmp_path / "e.db", stop, panel, lang)
    key = STOPS[stop][0]
    assert h.runner.held and h.runner.session.message.startswith(T(lang, key, left="@").split("@")[0])
    with recorded() as recording:
        image, _ = h.runner.render()
    assert not problems(image, recording), problems(image, recording)
    check_golden(image, GOLDEN / f"{stop}-{panel}-{lang}.png", __file__)


def test_every_notice_golden_is_still_rendered() -> None:
    rendered = {f"{s}-{p}-{lang}.png" for s in STOPS for p in GALLERY_PANELS for lang in ("en", "fr")}
    assert not sorted(p.name for p in GOLDEN.glob("*.png") if p.name not in rendered)


def test_the_sandglass_says_stopped_while_time_is_held(tmp_path: Path) -> None:
    """Back after a stop mid-countdown, the sandglass says "stopped" ("arrêté") and STOPPED, as
    the notice under it does, not "running" while the time stands still, and the soft-key bar
    offers what the next press does, whichever key: resume ("Reprendre"), not flip or pause. The
    press that lets it run on brings "running" and the keys back."""
    h = _restarted(tmp_path / "e.db", "closed", "epd2in13_V4", "fr")
    with recorded() as recording:
        h.runner.render()
    held = {mark.text for mark in recording.texts()}
    assert h.runner.held and {"Sablier", "arrêté", "ARRÊTÉ", "Reprendre"} <= held
    assert not {"en cours", "Retourner", "Pause"} & held
    h.press("roll")
    with recorded() as recording:
        h.runner.render()
    assert not h.runner.held and {"Sablier", "en cours", "Retourner", "Pause"} <= {m.text for m in recording.texts()}
