"""Issue 31 item 5, in Debian's Chromium: every viewer gets an answer. Ten phones at a table (ten
browsers, each its own context) all show the glass and follow every press, since the event
streams hold no worker and their limit (MAX_STREAMS) is far above a table; a page beyond the
limit says so, in the table's language, and comes back by itself once a place frees."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.web.conftest import Served, canvas_image, same_picture, wait_presses, wait_until


def test_ten_viewers_all_follow_the_game(serve: Callable[..., Served], browser: Any) -> None:
    """Before the shared writer the 9th and 10th pages stayed blank (8 streams at most)."""
    served = serve(panel="epd2in13_V4")
    pages = [served.page(browser, 480, 640) for _ in range(10)]  # each waits for its first glass
    pages[8].click('button[data-button="ok"]')
    pages[9].keyboard.press("r")
    for page in pages:
        wait_presses(page, 2)
    pictures = [canvas_image(page) for page in pages]
    assert all(same_picture(pictures[0], picture) for picture in pictures[1:])
    assert served.server.streams.open == 10 and served.table.hub.subscribers == 10
    wait_until(lambda: served.server.busy_workers == 0)  # once kept-alive requests end: the streams hold none
    runner = served.table.runner
    assert runner is not None and runner.session.mode == "toolbox"


def _shows_full(page: Any) -> bool:
    return bool(page.evaluate("() => easel.full !== null && !document.getElementById('full').hidden"))


def test_a_page_beyond_the_limit_says_so_and_comes_back(serve: Callable[..., Served], browser: Any) -> None:
    served = serve(panel="epd2in13_V4", language="fr")
    served.server.streams.limit = 2
    first, second = served.page(browser), served.page(browser)
    context = browser.new_context(viewport={"width": 480, "height": 640}, bypass_csp=True)
    third = context.new_page()
    third.goto(served.url)
    wait_until(lambda: _shows_full(third))
    assert third.inner_text("#full") == ("Cet Easel affiche déjà 2 pages : fermez-en une ailleurs. "
                                         "Nouvel essai toutes les 3 s…")
    assert third.is_hidden("#offline") and third.evaluate("() => easel.drawn") == 0
    first.context.close()  # a phone leaves the table
    second.click('button[data-button="ok"]')  # the next write finds the closed stream gone
    third.wait_for_function("easel.drawn > 0 && easel.full === null", timeout=20_000)
    assert third.is_hidden("#full")
    wait_presses(second, 1)
    third.keyboard.press("r")
    wait_presses(second, 2)
    wait_until(lambda: same_picture(canvas_image(second), canvas_image(third)))
    context.close()
