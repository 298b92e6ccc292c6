"""The HTTP endpoints without a browser: what scripts and curl see."""

from __future__ import annotations

import io
import json
import logging
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from device.storage.store import Store
from hardware.panels import PANELS
from tests.web.conftest import Served


def call(served: Served, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, str, bytes]:
    """One request: status, content type, body."""
    request = urllib.request.Request(served.url.rstrip("/") + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Content-Type", ""), exc.read()


def post(served: Served, path: str, data: Any) -> tuple[int, dict[str, Any]]:
    """POST JSON (no Origin header, as curl sends it)."""
    code, kind, body = call(served, "POST", path, json.dumps(data).encode(), {"Content-Type": "application/json"})
    assert kind == "application/json"
    assert body.count(b"\n") == 1  # one line
    return code, json.loads(body)


@pytest.mark.parametrize(("body", "words"), [
    ({"button": "jump"}, ["unknown button 'jump'", "up, down, ok, back, roll, timer, seat1"]),
    ({"hold": True}, ["unknown button ''", "seat8"]),
    ({"button": "ok", "hold": "yes"}, ["hold must be true or false"]),
    (["ok"], ["send a JSON object"]),
])
def test_bad_presses_are_one_line_400s(serve: Callable[..., Served], body: Any, words: list[str]) -> None:
    """Unknown buttons name the valid ones; every error is one line of JSON with a 4xx code."""
    served = serve()
    code, answer = post(served, "/press", body)
    assert code == 400
    for word in words:
        assert word in answer["error"]
    assert served.table.reading.presses == 0


def test_malformed_requests(serve: Callable[..., Served]) -> None:
    """Not JSON, too big, no body, unknown paths, other methods."""
    served = serve()
    assert call(served, "POST", "/press", b"{nope", {"Content-Type": "application/json"})[0] == 400
    assert call(served, "POST", "/press", b"x" * 5000)[0] == 413
    assert call(served, "POST", "/press", b"")[0] == 400
    assert call(served, "GET", "/nowhere")[0] == 404
    assert call(served, "POST", "/nowhere", b"{}")[0] == 404
    assert call(served, "PUT", "/press", b"{}")[0] == 405
    code, _, body = call(served, "OPTIONS", "/press", None, {"Origin": "http://evil.example"})
    assert code == 403 and b"cross-origin" in body


@pytest.mark.parametrize(("body", "words"), [
    ({"panel": ["epd7in5_V2"]}, '"panel" must be a name in quotes, e.g. {"panel": "epd2in13_V4"}'),
    ({"panel": {"model": "epd7in5_V2"}}, '"panel" must be a name in quotes'),
    ({"panel": 7.5}, '"panel" must be a name in quotes'),
    ({"language": ["fr"]}, '"language" must be a name in quotes, e.g. {"language": "fr"}'),
    ({"language": {"fr": True}}, '"language" must be a name in quotes'),
    ({"panel": "epd2in7_V2", "language": True}, '"language" must be a name in quotes'),
    ({"panel": "epd 7.5"}, "unknown panel 'epd 7.5'; choose one of: epd2in13_V4"),
    ({"language": "de"}, "unknown language 'de'; choose en or fr"),
    ([{"panel": "epd7in5_V2"}], "send a JSON object"),
], ids=["panel a list", "panel an object", "panel a number", "language a list", "language an object",
        "language true", "unknown panel", "unknown language", "a list"])
def test_bad_view_switches_are_one_line_400s(serve: Callable[..., Served], caplog: pytest.LogCaptureFixture,
                                            body: Any, words: str) -> None:
    """Issue 31 item 5: a list or an object as the panel (or the language) is answered, like every
    other endpoint, with one line of JSON and a 400; the log has one line, no traceback, and the
    game and its view are unchanged."""
    served = serve(panel="epd2in7_V2")
    with caplog.at_level(logging.INFO, logger="easel"):
        code, answer = post(served, "/view", body)
    assert code == 400 and words in answer["error"]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]
    assert served.table.view()["panel"] == "epd2in7_V2" and served.table.view()["language"] == "en"
    assert post(served, "/press", {"button": "ok"})[0] == 200


def test_frame_png_is_the_glass_and_the_page_is_served(serve: Callable[..., Served]) -> None:
    """/frame.png is a PNG of the panel's size; /, its script and style are served from the package."""
    served = serve(panel="epd4in2_V2")
    code, kind, body = call(served, "GET", "/frame.png")
    assert code == 200 and kind == "image/png" and body.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(body)).size == PANELS["epd4in2_V2"].size
    for path, kind_start in (("/", "text/html"), ("/static/easel.js", "text/javascript"),
                             ("/static/easel.css", "text/css")):
        code, kind, body = call(served, "GET", path)
        assert code == 200 and kind.startswith(kind_start) and body
        assert b"http://" not in body and b"https://" not in body  # nothing from outside the machine


def test_a_press_by_post_is_played_and_saved(serve: Callable[..., Served]) -> None:
    """POST /press without Origin (curl) presses; the step is in the database."""
    served = serve()
    code, answer = post(served, "/press", {"button": "ok", "hold": False})
    assert (code, answer) == (200, {"pressed": "ok", "hold": False, "saved": True, "resumed": False})
    served.table.stop()  # waits for the loop to finish the press
    store = Store(served.table.database)
    saved = store.load()
    store.close()
    assert saved is not None and saved[0]["mode"] == "toolbox"


def test_switching_panel_and_language_keeps_the_game(serve: Callable[..., Served]) -> None:
    """POST /view restarts the runner on the same database: same game, new size and language."""
    served = serve(panel="epd2in7_V2")
    post(served, "/press", {"button": "ok"})
    post(served, "/press", {"button": "roll"})
    code, _ = post(served, "/view", {"panel": "epd7in5_V2", "language": "fr"})
    assert code == 200
    runner = served.table.runner
    assert runner is not None
    assert runner.session.mode == "toolbox"
    assert runner.session.settings.panel == "epd7in5_V2" and runner.session.settings.language == "fr"
    view = served.table.view()
    assert (view["panel"], view["width"], view["language"]) == ("epd7in5_V2", 800, "fr")
    assert view["strings"]["sound"] == "Son"
    assert served.table.glass.model == "epd7in5_V2"
    code, answer = post(served, "/view", {"panel": "epd9in9"})
    assert code == 400 and "epd2in13_V4" in answer["error"]
    code, answer = post(served, "/view", {})
    assert code == 400
