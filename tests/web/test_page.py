"""The page in Debian's Chromium: offline, buttons like headless, holds, flashes, tabs, origins."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from PIL import Image

from device.clock import VirtualClock
from device.run.web.panel import FULL_PHASES
from hardware.panels import PANELS
from tests.web.conftest import Headless, Served, canvas_image, same_picture, wait_presses

# How each step is given on the page, and the same step as a headless script line. Every logical
# button is clicked at least once; holds by a long press and by Shift + key; the terminal's keys.
STEPS: list[tuple[str, str, str]] = [
    ("click", "down", "press down"), ("click", "up", "press up"), ("click", "ok", "press ok"),
    ("click", "roll", "press roll"), ("click", "seat1", "press seat1"), ("click", "seat2", "press seat2"),
    ("key", "Enter", "press ok"), ("key", "ArrowDown", "press down"), ("click", "seat3", "press seat3"),
    ("click", "seat4", "press seat4"), ("key", "1", "press seat1"), ("click", "seat5", "press seat5"),
    ("click", "seat6", "press seat6"), ("click", "seat7", "press seat7"), ("click", "seat8", "press seat8"),
    ("long", "back", "hold back"), ("key", "Shift+O", "hold ok"), ("key", "r", "press roll"),
    ("shift-click", "back", "hold back"), ("key", "Shift+O", "hold ok"),
    ("key", "ArrowLeft", "press back"), ("click", "back", "press back"), ("click", "ok", "press ok"),
    ("click", "timer", "press timer"),
    ("key", "Shift+T", "hold timer"), ("key", "t", "press timer"), ("key", "Backspace", "press back"),
    ("key", "ArrowUp", "press up"), ("key", "ArrowRight", "press ok"),
]


def give(page: Any, how: str, what: str, sent: int) -> None:
    """Click, long-press or type one step on the page."""
    if how == "click":
        page.click(f'button[data-button="{what}"]')
    elif how == "shift-click":
        page.click(f'button[data-button="{what}"]', modifiers=["Shift"])
    elif how == "key":
        page.keyboard.press(what)
    else:  # a long press: held down until the page has sent the hold (1 s), then released
        page.hover(f'button[data-button="{what}"]')
        page.mouse.down()
        page.wait_for_function(f"easel.sent.length >= {sent + 1}")
        page.mouse.up()
    page.wait_for_function(f"easel.sent.length >= {sent + 1}")


def test_the_page_loads_offline_and_shows_the_glass_pixel_exact(serve: Callable[..., Served], browser: Any) -> None:
    """Nothing is fetched from outside the machine; the glass is the panel's frame at an integer scale."""
    served = serve(panel="epd2in13_V4")
    page = served.page(browser)
    assert served.blocked == []
    with urllib.request.urlopen(served.url + "frame.png") as answer:
        glass = Image.open(answer).convert("RGB")
    assert glass.size == PANELS["epd2in13_V4"].size
    page.wait_for_function("easel.log.some(e => e.phase === 'shown')")
    assert same_picture(canvas_image(page), glass)
    shape = page.evaluate("""() => { const c = document.getElementById('glass'); const r = c.getBoundingClientRect();
        return {w: r.width * devicePixelRatio, h: r.height * devicePixelRatio, cw: c.width, ch: c.height,
                rendering: getComputedStyle(c).imageRendering}; }""")
    scale = shape["w"] / shape["cw"]
    assert scale == int(scale) >= 1 and shape["h"] / shape["ch"] == scale
    assert shape["rendering"] == "pixelated"
    assert page.evaluate("[...document.scripts].every(s => !s.src || s.src.startsWith(location.origin))")


def test_every_button_changes_the_frame_as_the_same_press_does_headless(
        serve: Callable[..., Served], browser: Any, tmp_path: Path) -> None:
    """Each click, long press and key on the page shows exactly the frame `easel play --headless` shows."""
    served = serve(panel="epd2in7_V2", profile="table")
    page = served.page(browser)
    headless = Headless(tmp_path)
    clicked = set()
    try:
        previous = canvas_image(page)
        for number, (how, what, line) in enumerate(STEPS, 1):
            give(page, how, what, number - 1)
            wait_presses(page, number)
            expected = headless.step(line)
            shown = canvas_image(page)
            assert same_picture(shown, expected), f"step {number} ({how} {what}): the page differs from headless"
            assert not same_picture(shown, previous), f"step {number} ({how} {what}) changed nothing"
            previous = shown
            if how == "click":
                clicked.add(what)
    finally:
        headless.close()
    assert clicked >= {"up", "down", "ok", "back", "roll", "timer", *(f"seat{i}" for i in range(1, 9))}


def test_a_hold_undoes(serve: Callable[..., Served], browser: Any, tmp_path: Path) -> None:
    """A long press of back (the HAT's KEY4) undoes the roll: the dice and the words of headless's undo."""
    served = serve(panel="epd2in7_V2", profile="hat27")
    page = served.page(browser)
    assert page.locator("#keys button").count() == 4 and page.locator("#pad button").count() == 0
    assert page.locator("#keys span").all_inner_texts() == ["KEY1", "KEY2", "KEY3", "KEY4"]
    four_keys = tmp_path / "hat.toml"  # the same build headless: its screens say OK, not seat button
    four_keys.write_text('[buttons]\nprofile = "hat27"\n', encoding="utf-8")
    headless = Headless(tmp_path, 5, "--config", str(four_keys))
    try:
        for number, (how, what, line) in enumerate([("click", "ok", "press ok"), ("click", "ok", "press ok"),
                                                     ("click", "ok", "press ok"), ("long", "back", "hold back")], 1):
            give(page, how, what, number - 1)
            wait_presses(page, number)
            assert same_picture(canvas_image(page), headless.step(line)), f"step {number}"
    finally:
        headless.close()
    runner = served.table.runner
    assert runner is not None and runner.session.message.startswith("Undid")
    assert not runner.device.seat_buttons  # the HAT's page words its screens for the four keys


def test_a_full_refresh_flashes_for_its_duration_and_a_partial_does_not(
        serve: Callable[..., Served], browser: Any) -> None:
    """The first frame on a new panel flashes through every phase for full_ms; a cursor move never flashes."""
    scale = 0.25
    served = serve(panel="epd2in13_V4", scale=scale)
    page = served.page(browser)
    spec = PANELS["epd2in9_V2"]
    before = page.evaluate("easel.log.length")
    page.select_option("#panel", spec.model)  # a new panel: its first frame is a full refresh
    page.wait_for_function(f"""easel.view.panel === '{spec.model}' && (() => {{
        const log = easel.log.slice({before});
        return log.some(e => e.phase === 'invert') && log.at(-1).phase === 'shown'; }})()""")
    log = page.evaluate("easel.log")
    start = min(i for i, e in enumerate(log) if i >= before and e["phase"] == "invert")
    flash = log[start:]
    assert [e["phase"] for e in flash] == [*FULL_PHASES, "shown"]
    assert {e["refresh"] for e in flash[:-1]} == {"full"}
    lasted_ms = flash[-1]["at"] - flash[0]["at"]  # when the glass changed, on the server's clock
    assert lasted_ms >= spec.full_ms * scale - 0.01, f"the flash lasted {lasted_ms:.0f} ms"
    for index, entry in enumerate(flash):  # each phase holds its share of the refresh
        assert entry["at"] - flash[0]["at"] >= spec.full_ms * scale * index / len(FULL_PHASES) - 0.01
    mark = len(log)
    page.keyboard.press("ArrowDown")  # the home menu's cursor: a small change
    wait_presses(page, 1)
    page.evaluate("easel.idle()")
    after = page.evaluate(f"easel.log.slice({mark})")
    reading = page.evaluate("easel.readouts.at(-1)")
    assert reading["kinds"] == ["partial"]
    assert [e["phase"] for e in after] == ["waiting", "shown"]
    assert all(e["refresh"] in ("partial", None) for e in after)
    assert after[1]["at"] - after[0]["at"] >= spec.partial_ms * scale - 0.01
    assert reading["last_ms"] >= spec.partial_ms


def test_two_tabs_see_the_same_game(serve: Callable[..., Served], browser: Any) -> None:
    """A press in one tab shows in the other."""
    served = serve(panel="epd4in2_V2")
    first, second = served.page(browser), served.page(browser)
    first.click('button[data-button="ok"]')
    wait_presses(first, 1)
    wait_presses(second, 1)
    assert same_picture(canvas_image(first), canvas_image(second))
    second.keyboard.press("r")
    wait_presses(first, 2)
    wait_presses(second, 2)
    assert same_picture(canvas_image(first), canvas_image(second))
    runner = served.table.runner
    assert runner is not None and runner.session.mode == "toolbox"


def test_a_post_from_another_origin_is_refused(serve: Callable[..., Served], browser: Any) -> None:
    """A page on another origin cannot press (403, nothing pressed); the page's own origins can."""
    served = serve()
    elsewhere = ThreadingHTTPServer(("127.0.0.1", 0), SimpleHTTPRequestHandler)  # another site
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    try:
        other = browser.new_page()
        other.goto(f"http://127.0.0.1:{elsewhere.server_address[1]}/")
        # A "simple" cross-site POST (no preflight): the browser sends it, with that site's Origin.
        other.evaluate("""url => fetch(url + 'press', {method: 'POST', mode: 'no-cors',
            headers: {'Content-Type': 'text/plain'}, body: JSON.stringify({button: 'ok', hold: false})})
            .then(() => 'sent', () => 'sent, answer withheld (CORP)')""",
                       served.url)
    finally:
        elsewhere.shutdown()
        elsewhere.server_close()
    for origin, expected in (("http://evil.example", 403), ("null", 403),
                             (f"http://localhost:{served.server.port}", 200), (served.url.rstrip("/"), 200)):
        request = urllib.request.Request(served.url + "press", data=json.dumps({"button": "down"}).encode(),
                                         headers={"Origin": origin, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request) as answer:
                code = answer.status
        except urllib.error.HTTPError as exc:
            code = exc.code
            body = exc.read().decode()
            assert body.count("\n") == 1 and "origin" in json.loads(body)["error"]
        assert code == expected, origin
    page = served.page(browser)
    wait_presses(page, 2)  # the two accepted presses, and only those
    assert page.evaluate("easel.readouts.at(-1).presses") == 2
    assert served.server.refused_origins == 3


def test_an_unknown_button_is_a_400_naming_the_valid_ones(serve: Callable[..., Served], browser: Any) -> None:
    """The page's own fetch of a wrong button gets one line of JSON listing the buttons."""
    served = serve()
    page = served.page(browser)
    answer = page.evaluate("""() => fetch('/press', {method: 'POST', headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({button: 'jump'})}).then(async r => [r.status, await r.text()])""")
    assert answer[0] == 400
    error = json.loads(answer[1])["error"]
    assert "'jump'" in error and "seat8" in error and "timer" in error


def test_the_colour_panel_is_shown_in_colour(serve: Callable[..., Served], browser: Any) -> None:
    """The 7-colour panel's Artem board keeps its colours on the page, pixel for pixel."""
    served = serve(panel="epd7in3f", scale=0.002)
    page = served.page(browser)
    for number, key in enumerate(["ArrowDown", "ArrowDown", "ArrowDown", "Enter", "Enter"], 1):
        page.keyboard.press(key)  # Artem on the home menu, its setup, Start (first): the board
        wait_presses(page, number)
    shown = canvas_image(page)
    with urllib.request.urlopen(served.url + "frame.png") as answer:
        assert same_picture(shown, Image.open(answer))
    colours = {pixel for _, pixel in shown.getcolors(1 << 20) or []
               if isinstance(pixel, tuple) and len(set(pixel)) > 1}  # not grey (an RGB image's pixels are tuples)
    assert len(colours) >= 4, "the 7-colour panel shows no colours"


def test_the_buzzer_beeps_on_the_page_unless_muted(serve: Callable[..., Served], browser: Any) -> None:
    """The sandglass's last seconds reach the page as sounds; Web Audio plays them unless Sound is off."""
    served = serve(panel="epd2in13_V4")
    page = served.page(browser)
    for number, key in enumerate(["Enter", "t"], 1):  # the Toolbox, then its sandglass starts
        page.keyboard.press(key)
        wait_presses(page, number)
    runner = served.table.runner
    assert runner is not None and isinstance(runner.clock, VirtualClock)
    runner.clock.set(runner.clock.now_ms() + 85_000)  # the game's time jumps to the last 5 seconds
    page.wait_for_function("easel.sounds.includes('tick')")
    assert page.evaluate("easel.beeps") >= 1
    page.uncheck("#sound")
    heard, played = page.evaluate("[easel.sounds.length, easel.beeps]")
    runner.clock.set(runner.clock.now_ms() + 2_000)
    page.wait_for_function(f"easel.sounds.length > {heard}")
    assert page.evaluate("easel.beeps") == played  # muted: announced, not played
    assert page.evaluate("localStorage.getItem('easel.muted')") == "1"


def test_switching_the_language_restarts_the_view_and_keeps_the_game(serve: Callable[..., Served],
                                                                      browser: Any) -> None:
    """Langue: the page and the panel speak French, the Toolbox is still open with its dice."""
    served = serve(panel="epd2in13_V4")
    page = served.page(browser)
    for number, key in enumerate(["Enter", "r"], 1):
        page.keyboard.press(key)
        wait_presses(page, number)
    page.select_option("#language", "fr")
    page.wait_for_function("easel.view.language === 'fr' && document.documentElement.lang === 'fr'")
    assert page.inner_text("label.sound span") == "Son"
    runner = served.table.runner
    assert runner is not None and runner.session.mode == "toolbox" and runner.session.settings.language == "fr"
    worker = served.table.glass.worker
    assert worker is not None and worker.flush(10)
    page.wait_for_function(f"easel.drawn >= {served.table.glass.version}")
    image, _ = runner.render()
    assert same_picture(canvas_image(page), image)
