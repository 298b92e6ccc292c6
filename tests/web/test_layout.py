"""The page's details (issue 20, item 6): it fits a small window and a phone, keeps a panel or
language chosen on it, warns about the slow colour panel, speaks French whole, and names only
the build's own buttons. Checked in Debian's Chromium; the screenshots land in the test's tmp dir.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from device.clock import VirtualClock
from device.config import Config
from device.run.web.table import WebTable, panel_name, panel_note
from device.settings import Settings
from device.strings.web import WEB
from hardware.panels import PANELS
from tests.web.conftest import Served, wait_presses

VIEWPORTS = [(800, 600), (390, 844)]
LAYOUTS = [("epd7in5_V2", "table"), ("epd7in3f", "none"), ("epd2in7_V2", "hat27"), ("epd2in13_V4", "table")]

FITS = """() => {
    const width = document.documentElement.clientWidth, height = window.innerHeight;
    const inside = (el) => { const r = el.getBoundingClientRect();
        return r.left >= 0 && r.top >= 0 && r.right <= width && r.bottom <= height && r.width > 0; };
    const glass = document.getElementById('glass').getBoundingClientRect();
    return {scroll: document.documentElement.scrollWidth - width, glass: inside(document.getElementById('glass')),
            buttons: [...document.querySelectorAll('button.btn')].map(b => [b.dataset.button, inside(b)]),
            ratio: glass.width / glass.height, scale: easel.scale, exact: easel.exact,
            rendering: getComputedStyle(document.getElementById('glass')).imageRendering};
}"""


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
@pytest.mark.parametrize(("model", "profile"), LAYOUTS, ids=[m for m, _ in LAYOUTS])
def test_the_panel_and_its_buttons_fit_the_window(serve: Callable[..., Served], browser: Any, tmp_path: Path,
                                                  model: str, profile: str, viewport: tuple[int, int]) -> None:
    """800x600 and a 390x844 phone: no sideways scroll; the whole glass and every button on screen."""
    served = serve(panel=model, profile=profile, scale=0.002)
    page = served.page(browser, *viewport)
    page.evaluate("easel.idle()")
    page.screenshot(path=str(tmp_path / f"{model}-{viewport[0]}x{viewport[1]}.png"))
    shape = page.evaluate(FITS)
    assert shape["scroll"] <= 0, f"{shape['scroll']} px of sideways scrolling"
    assert shape["glass"], "the glass is not wholly in the window"
    assert all(inside for _, inside in shape["buttons"]), [b for b, inside in shape["buttons"] if not inside]
    assert len(shape["buttons"]) == (4 if profile == "hat27" else 14)
    spec = PANELS[model]
    assert shape["ratio"] == pytest.approx(spec.width / spec.height, rel=0.01)
    if shape["exact"]:  # whole pixels: each panel pixel k x k, never blurred
        assert shape["scale"] == int(shape["scale"]) >= 1 and shape["rendering"] == "pixelated"
    else:  # an 800-px panel on a 390-px phone at one device pixel per CSS pixel
        assert spec.width > viewport[0] - 300 and 0 < shape["scale"] < 1 and shape["rendering"] == "auto"


def test_a_phone_with_a_dense_screen_keeps_whole_pixels(serve: Callable[..., Served], browser: Any) -> None:
    """At 3 device pixels per CSS pixel, the 800-px panel fits a 390-px phone pixel for pixel."""
    served = serve(panel="epd7in5_V2", profile="table", scale=0.002)
    page = served.page(browser, 390, 844, scale=3)
    shape = page.evaluate(FITS)
    assert shape["scroll"] <= 0 and shape["glass"] and shape["exact"] and shape["scale"] == 1


def test_a_panel_and_language_chosen_on_the_page_survive_a_restart_with_no_press(
        serve: Callable[..., Served], browser: Any, tmp_path: Path) -> None:
    """Chosen in the menus, then Easel stops before any press: the next start shows them."""
    served = serve(panel="epd2in13_V4")
    page = served.page(browser)
    page.select_option("#panel", "epd4in2_V2")
    page.wait_for_function("easel.view.panel === 'epd4in2_V2'")
    page.select_option("#language", "fr")
    page.wait_for_function("easel.view.language === 'fr'")
    served.stop()
    database = served.table.database
    table = WebTable(Config(database=database), Settings(), 5, database, {}, time_scale=0.002,
                     game_clock=VirtualClock)  # `easel play --web` again, no --panel, no --lang
    table.start()
    try:
        view = table.view()
        assert (view["panel"], view["language"]) == ("epd4in2_V2", "fr")
    finally:
        table.stop()


def test_the_menu_warns_how_long_the_colour_panel_takes(serve: Callable[..., Served], browser: Any) -> None:
    """Its full refresh is 35 s with no partial one: said in its menu entry, under the menus once
    chosen, and beside the refresh while it runs."""
    assert PANELS["epd7in3f"].full_ms == 35_000 and PANELS["epd7in3f"].partial == "none"
    assert panel_note("epd7in3f", "en") == "slow: every change is a 35 s full refresh, no partial refresh"
    assert "35 s" in panel_note("epd7in3f", "fr") and "sans partiel" in panel_note("epd7in3f", "fr")
    assert all(panel_note(model, "en") == "" for model in PANELS if model != "epd7in3f")
    served = serve(panel="epd2in13_V4")
    page = served.page(browser)
    assert page.is_hidden("#note")
    option = page.inner_text("#panel option[value='epd7in3f']")
    assert "7-colour" in option and "35 s full refresh" in option
    assert "slow" not in page.inner_text("#panel option[value='epd7in5_V2']")
    page.select_option("#panel", "epd7in3f")
    page.wait_for_function("easel.view.panel === 'epd7in3f'")
    assert page.is_visible("#note") and "35 s" in page.inner_text("#note")
    # while its first (full) refresh runs, the status line says how long that takes on the real panel
    page.wait_for_function("document.getElementById('status').textContent === 'refreshing: full · 35 s on this panel'")


def test_the_french_page_is_french_throughout(serve: Callable[..., Served], browser: Any) -> None:
    """No English left (the press count included), decimal commas in panel names and seconds."""
    served = serve(panel="epd2in7_V2", profile="table")
    page = served.page(browser)
    page.keyboard.press("Enter")
    wait_presses(page, 1)
    page.select_option("#language", "fr")
    page.wait_for_function("easel.view.language === 'fr' && document.documentElement.lang === 'fr'")
    page.wait_for_function("document.getElementById('presses').textContent === '(1 appui)'")
    words = page.evaluate("""() => [document.querySelector('header').innerText,
        document.querySelector('#device').innerText, document.querySelector('#pad').innerText,
        document.querySelector('footer').innerText,
        ...[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')),
        ...[...document.querySelectorAll('[title]')].map(e => e.title), document.title].join('\\n')""")
    keys = WEB.keys()  # a tuple (Strings is not iterable)
    pairs = [(WEB("en", key), WEB("fr", key)) for key in keys if "{" not in WEB("en", key)]
    english = [en for en, fr in pairs if en != fr and len(en) > 3 and en in words]
    assert english == [], f"English left on the French page: {english}"
    for leftover in ("presses", "press", "Seat", "Timer", "Roll", "Panel", "Sound"):
        assert not re.search(rf"\b{leftover}\b", words), leftover
    options = page.evaluate("[...document.querySelectorAll('#panel option')].map(o => o.textContent)")
    assert all(re.match(r'\d,\d+"', option) for option in options), options
    for figure in ("#last", "#total"):
        assert re.fullmatch(r"\d+,\d\d s", page.inner_text(figure)), figure
    assert page.inner_text("#keys span >> nth=3") == "KEY4"  # the HAT's own key names stay


def test_panel_names_use_the_languages_decimal_mark() -> None:
    """2.13" and 7.3" in English, 2,13" and 7,3" in French: one mark per language."""
    assert [panel_name(m, "en") for m in ("epd2in13_V4", "epd7in3f")] == ['2.13"', '7.3" 7-colour']
    assert [panel_name(m, "fr") for m in ("epd2in13_V4", "epd7in3f")] == ['2,13"', '7,3" 7 couleurs']


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_line_names_only_the_builds_buttons(serve: Callable[..., Served], browser: Any, lang: str) -> None:
    """The HAT build (four keys): no roll, timer or seats in the help, and their keys press nothing."""
    served = serve(panel="epd2in7_V2", profile="hat27", language=lang)
    page = served.page(browser)
    page.wait_for_function(f"easel.view.language === '{lang}'")
    help_line = page.inner_text("#keys_help")
    assert "KEY1" in help_line
    for word in ("roll", "timer", "seat", "1-8", "dés", "sablier", "places"):
        assert word not in help_line.lower(), word
    for key in ("r", "t", "1"):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    wait_presses(page, 1)
    assert [s["button"] for s in page.evaluate("easel.sent")] == ["ok"]
    table = serve(panel="epd2in7_V2", profile="table", language=lang, db=served.table.database.with_name("t.db"))
    other = table.page(browser)
    assert "1-8" in other.inner_text("#keys_help")
