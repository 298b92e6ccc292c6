"""The page's HTTP server (standard library): the page, the glass, the event stream, presses.

- `GET /` the page; `GET /static/NAME` its script and style (package data, nothing from outside);
- `GET /frame.png` what the simulated glass shows now (during a full refresh, its flash);
- `GET /ghosts.png` the same glass tinted by each pixel's estimated ghost count (the ghost view);
- `GET /events` server-sent events: `view`, `glass`, `readout`, `sound`;
- `POST /press` `{"button": "ok", "hold": false}`; `POST /view` `{"panel": ..., "language": ...}`.

A POST is accepted with no Origin header (scripts, curl) or from the page's own origin, and
refused with 403 from any other (a page on another site cannot press buttons). Errors are
one-line JSON with a 4xx code.
"""

from __future__ import annotations

import json
import logging
import queue
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from device.run.web.ghost_view import ghosts_png
from device.run.web.table import WebTable

log = logging.getLogger("easel")

STATIC_TYPES = {"index.html": "text/html; charset=utf-8", "easel.js": "text/javascript; charset=utf-8",
                "easel.css": "text/css; charset=utf-8"}
MAX_BODY = 4096
KEEPALIVE_S = 15.0
PRESS_WAIT_S = 10.0


def static_file(name: str) -> bytes:
    """A file of the page, from the package data."""
    return resources.files("device.run.web").joinpath("static", name).read_bytes()


class PageServer(ThreadingHTTPServer):
    """Serves one page for one WebTable; every request on its own (daemon) thread."""

    daemon_threads = True
    allow_reuse_address = False  # a second Easel on the same port must fail, not share it

    def __init__(self, table: WebTable, bind: str, port: int) -> None:
        super().__init__((bind, port), PageHandler)
        self.table = table
        self.refused = 0  # POSTs refused for their origin

    @property
    def port(self) -> int:
        """The port actually bound (useful with port 0)."""
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        """The page's address."""
        host = str(self.server_address[0])
        host = "127.0.0.1" if host in ("0.0.0.0", "") else host
        return f"http://{'[' + host + ']' if ':' in host else host}:{self.port}/"

    def origins(self) -> set[str]:
        """The origins a POST may come from: the page's own."""
        hosts = {"127.0.0.1", "localhost", str(self.server_address[0])}
        return {f"http://{h}:{self.port}" for h in hosts}

    def stop(self) -> None:
        """End every event stream, stop serving and release the port."""
        self.table.hub.close()
        self.shutdown()
        self.server_close()


class PageHandler(BaseHTTPRequestHandler):
    """One request."""

    server: PageServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Requests go to the debug log, not the terminal."""
        log.debug("web: " + format, *args)

    # -- GET ---------------------------------------------------------------------------------

    def do_GET(self) -> None:
        """The page, its files, the glass and the event stream."""
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            self._send(200, STATIC_TYPES["index.html"], static_file("index.html"))
        elif path.startswith("/static/") and path[8:] in STATIC_TYPES:
            self._send(200, STATIC_TYPES[path[8:]], static_file(path[8:]))
        elif path == "/frame.png":
            self._send(200, "image/png", self.server.table.glass.png)
        elif path == "/ghosts.png":
            self._send(200, "image/png", ghosts_png(self.server.table.glass))
        elif path == "/events":
            self._events()
        else:
            self._error(404, f"no such page {path}; try /, /frame.png or /events")

    def _events(self) -> None:
        hub = self.server.table.hub
        client = hub.subscribe()
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        try:
            self.wfile.write(b"retry: 1000\n\n")
            while True:
                try:
                    message = client.get(timeout=KEEPALIVE_S)
                except queue.Empty:
                    message = b": keep-alive\n\n"
                if message is None:
                    break
                self.wfile.write(message)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page went away
        finally:
            hub.unsubscribe(client)

    # -- POST --------------------------------------------------------------------------------

    def do_POST(self) -> None:
        """A press, or a switch of panel model / language."""
        path = self.path.split("?", 1)[0]
        origin = self.headers.get("Origin")
        if origin is not None and origin not in self.server.origins():
            self.server.refused += 1
            self._error(403, f"origin {origin} may not press buttons; only this page "
                             f"(http://127.0.0.1:{self.server.port}) or a client without Origin")
            return
        if path not in ("/press", "/view"):
            self._error(404, f"no such endpoint POST {path}; use /press or /view")
            return
        body = self._json_body()
        if body is None:
            return
        table = self.server.table
        if path == "/press":
            button, hold = body.get("button"), body.get("hold", False)
            if not isinstance(hold, bool):
                self._error(400, 'hold must be true or false, e.g. {"button": "ok", "hold": false}')
                return
            try:
                saved = table.press(button if isinstance(button, str) else "", hold)
            except ValueError as exc:
                self._error(400, str(exc))
                return
            # Answered once the press is handled and on disk (a stuck loop: answered anyway, saved false).
            self._json(200, {"pressed": button, "hold": hold, "saved": saved.wait(PRESS_WAIT_S)})
            return
        panel, language = body.get("panel"), body.get("language")
        if panel is None and language is None:
            self._error(400, 'give "panel" and/or "language", e.g. {"panel": "epd2in13_V4"}')
            return
        try:
            table.switch(panel=panel, language=language)
        except ValueError as exc:
            self._error(400, str(exc))
            return
        self._json(200, {"panel": panel, "language": language})

    def _json_body(self) -> dict[str, Any] | None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 < length <= MAX_BODY:
            self._error(400 if length <= 0 else 413, f"send a JSON object of at most {MAX_BODY} bytes, "
                        'e.g. {"button": "ok", "hold": false}')
            return None
        try:
            body = json.loads(self.rfile.read(length))
        except (UnicodeDecodeError, json.JSONDecodeError):
            self._error(400, 'the body is not JSON; send e.g. {"button": "ok", "hold": false}')
            return None
        if not isinstance(body, dict):
            self._error(400, 'send a JSON object, e.g. {"button": "ok", "hold": false}')
            return None
        return body

    def do_OPTIONS(self) -> None:
        """No cross-origin preflight is ever granted: only the page itself (which needs none) may POST."""
        self._error(403, "cross-origin requests are refused; only this page or a client without Origin may POST")

    def do_PUT(self) -> None:
        """Not an endpoint."""
        self._error(405, "use GET or POST")

    do_DELETE = do_PATCH = do_PUT

    # -- answers -----------------------------------------------------------------------------

    def _send(self, code: int, content_type: str, data: bytes, close: bool = False) -> None:
        self.send_response(code)
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def _json(self, code: int, data: dict[str, Any], close: bool = False) -> None:
        self._send(code, "application/json", (json.dumps(data) + "\n").encode(), close)

    def _error(self, code: int, message: str) -> None:
        log.info("web: %s %s -> %d %s", self.command, self.path, code, message)
        # The connection closes: a refused request's body may be left unread.
        self._json(code, {"error": message, "status": HTTPStatus(code).phrase}, close=True)
