"""Issue 28: a message (the "Power was lost" banner, a refusal) never clips a drawing: on a screen
whose big digits and sandglass reach down to the soft keys, the screen is drawn above the band."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops

from device.render.frame import Frame
from device.settings import Settings
from device.strings.all import STRINGS as T
from hardware.panels import GALLERY_PANELS, PANELS
from tests.conftest import Harness


def _running_sandglass(panel: str) -> Harness:
    h = Harness(settings=Settings(panel=panel))
    h.runner.open("toolbox")
    h.press("timer")
    h.wait(5)
    return h


@pytest.mark.parametrize("panel", GALLERY_PANELS)
def test_the_power_banner_leaves_the_digits_and_the_glass_whole(panel: str) -> None:
    h = _running_sandglass(panel)
    h.runner.session = replace(h.runner.session, message=T("en", "power_cut", left="1:23"))
    shown, _ = h.runner._render(h.runner.ctx())
    spec = PANELS[panel]
    whole = Frame.for_panel(spec)
    whole.reserve_message_band()
    h.runner.session.app().render(h.runner.session.state(), h.runner.ctx(), whole)
    band_top = whole.bottom + whole.band - int(whole.small * 1.5)
    above = (0, 0, spec.width, band_top)
    assert ImageChops.difference(shown.crop(above).convert("RGB"), whole.image.crop(above).convert("RGB")).getbbox() \
        is None, "the banner cleared part of the screen above it"
    band = shown.crop((0, band_top, spec.width, band_top + 2)).convert("L")
    assert band.getextrema() == (0, 0), "the banner sits right under the screen"


def test_a_message_on_a_menu_keeps_its_rows_where_they_are() -> None:
    """A menu keeps its rows in place and shows one row fewer above the band (no half-hidden row,
    no relaid screen): a change at the bottom, one partial refresh on the panel."""
    h = Harness(settings=Settings(panel="epd2in13_V4"))
    before, _ = h.runner._render(h.runner.ctx())
    h.runner.session = replace(h.runner.session, message="Nothing to undo")
    after, _ = h.runner._render(h.runner.ctx())
    changed = ImageChops.difference(before.convert("L"), after.convert("L")).getbbox()
    assert changed is not None and changed[1] > 122 // 2, f"the message changed {changed}"


def test_a_message_never_hides_the_maestros_chips() -> None:
    """Issue 28: the note after a guess (#ARTBOX identification) hid the row of "Not OK" and
    "On to 3" chips under the band: the screen is drawn above it instead."""
    from device.framework.contract import Context
    from device.framework.resources import Resources
    from device.games.artbox.samples import samples
    from device.games.artbox.ui import ArtboxUi

    ui = next(s for s in samples(Context(settings=Settings(), resources=Resources())) if s.name == "identify").state
    assert isinstance(ui, ArtboxUi)
    h = Harness(settings=Settings(panel="epd7in5_V2"))
    h.runner.session = replace(h.runner.session.with_state("artbox", ui), mode="artbox",
                               message="S3 guessed #1 · drew #2? Hold your button")
    shown, _ = h.runner._render(h.runner.ctx())
    texts = [text for _, text, _ in shown.info["easel.text"]]
    assert "Not OK" in texts and "On to 2" in texts and "S3 guessed #1 · drew #2? Hold your button" in texts
