"""The page's HTTP server (standard library): the page, the glass, the event stream, presses.

- `GET /` the page; `GET /static/NAME` its script and style (package data, nothing from outside);
- `GET /frame.png` what the simulated glass shows now (during a full refresh, its flash);
- `GET /ghosts.png` the same glass tinted by each pixel's estimated ghost count (the ghost view);
- `GET /events` server-sent events: `view`, `glass`, `readout`, `sound`, all written by one
  thread (streams.py); a page beyond MAX_STREAMS gets `full` (the text to show) and retries;
- `POST /press` `{"button": "ok", "hold": false}`; `POST /view` `{"panel": ..., "language": ...}`.

Every request must name this server in its Host (guard.py: no DNS rebinding); a POST is
accepted with no Origin header (scripts, curl) or from the page's own origin, and refused with
403 from any other (a page on another site cannot press buttons). The page may not be framed
and runs only its own script (CSP). A request must arrive whole within REQUEST_S (else 408);
errors are one-line JSON with a 4xx code, and a client that leaves early is one log line.
"""

from __future__ import annotations

import io
import json
import logging
import math
import socket
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib import resources
from typing import Any

from device.run.web.gate import GatedServer
from device.run.web.ghost_view import ghosts_png
from device.run.web.guard import SECURITY_HEADERS, WILDCARDS, HostGuard
from device.run.web.hub import sse_message
from device.run.web.streams import Streams
from device.run.web.table import WebTable
from device.strings.all import STRINGS as T

log = logging.getLogger("easel")

STATIC_TYPES = {"index.html": "text/html; charset=utf-8", "easel.js": "text/javascript; charset=utf-8",
                "easel.css": "text/css; charset=utf-8"}
MAX_BODY = 4096
PRESS_WAIT_S = 10.0
REQUEST_S = 10.0  # the request line, headers and body must all arrive within this
KEEPALIVE_S = 5.0  # a kept-alive connection waits this long for its next request
WRITE_S = 10.0  # a client that reads nothing for this long is dropped
FULL_RETRY_MS = 3000  # a page beyond MAX_STREAMS asks again this often


def static_file(name: str) -> bytes:
    """A file of the page, from the package data."""
    return resources.files("device.run.web").joinpath("static", name).read_bytes()


class Late(Exception):
    """The request did not arrive in time (not a TimeoutError: http.server would swallow that)."""


class DeadlineReader(io.RawIOBase):
    """A socket's reading side that gives up at `deadline` (monotonic seconds), however slowly bytes trickle."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.deadline = math.inf

    def readable(self) -> bool:
        """Always."""
        return True

    def readinto(self, buffer: Any) -> int:
        """Read what has arrived, waiting no later than the deadline (Late then)."""
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise Late
        self.sock.settimeout(min(remaining, REQUEST_S))
        try:
            return self.sock.recv_into(buffer)
        except TimeoutError:
            raise Late from None


class PageServer(GatedServer):
    """Serves one page for one WebTable: bounded connections, each request on a worker thread."""

    allow_reuse_address = False  # a second Easel on the same port must fail, not share it
    request_queue_size = 128  # a burst of connections waits in the kernel, not refused (stdlib: 5)

    def __init__(self, table: WebTable, bind: str, port: int, max_connections: int | None = None) -> None:
        self.address_family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        super().__init__((bind, port), PageHandler, max_connections)
        self.table = table
        self.guard = HostGuard(bind, self.port)
        self.refused_origins = 0  # POSTs refused for their origin
        self.refused_hosts = 0  # requests refused for their Host
        self.streams = Streams(table.hub)
        self._kept: set[socket.socket] = set()  # connections handed to the streams' thread

    def server_bind(self) -> None:
        """Bind; on `::` take IPv4 too (a dual-stack socket), as `0.0.0.0` users expect."""
        if self.address_family == socket.AF_INET6 and self.server_address[0] in WILDCARDS:
            self.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        super().server_bind()

    @property
    def open_connections(self) -> int:
        """Idle connections, those being served and the event streams."""
        return super().open_connections + self.streams.open

    @property
    def busy_workers(self) -> int:
        """Requests being served now (event streams hold none)."""
        with self._lock:
            return self._workers

    def keep(self, sock: socket.socket) -> None:
        """Leave `sock` open when its request is done: the streams' thread writes it from now on."""
        with self._lock:
            self._kept.add(sock)

    def shutdown_request(self, request: Any) -> None:
        """Close a connection whose request is done, unless it became an event stream."""
        with self._lock:
            if request in self._kept:
                self._kept.discard(request)
                return
        super().shutdown_request(request)

    @property
    def port(self) -> int:
        """The port actually bound (useful with port 0)."""
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        """The page's address (on this machine's loopback when bound to every address)."""
        host = str(self.server_address[0])
        if host in WILDCARDS:
            host = "::1" if self.address_family == socket.AF_INET6 else "127.0.0.1"
        return f"http://{'[' + host + ']' if ':' in host else host}:{self.port}/"

    def stop(self) -> None:
        """End every event stream, stop serving and release the port."""
        self.table.hub.close()
        self.shutdown()
        self.streams.close()
        self.server_close()


class PageHandler(BaseHTTPRequestHandler):
    """One connection: its requests, one after another (kept alive while the client sends more)."""

    server: PageServer
    protocol_version = "HTTP/1.1"
    reader: DeadlineReader
    buffered: io.BufferedReader

    def setup(self) -> None:
        """Read through a deadline: a slow or stalled client cannot hold the connection."""
        super().setup()
        self.reader = DeadlineReader(self.connection)
        self.rfile = self.buffered = io.BufferedReader(self.reader, 8192)

    def log_message(self, format: str, *args: Any) -> None:
        """Requests go to the debug log, not the terminal."""
        log.debug("web: " + format, *args)

    def log_error(self, format: str, *args: Any) -> None:
        """Protocol errors (a timed-out write, a malformed request line): one line in the log."""
        log.info("web: " + format, *args)

    def handle_one_request(self) -> None:
        """Wait for a request (KEEPALIVE_S), then let it arrive whole within REQUEST_S, and answer it."""
        started = False
        self.command, self.path, self.requestline, self.request_version = "", "", "", "HTTP/1.1"
        try:
            self.reader.deadline = time.monotonic() + KEEPALIVE_S
            if not self.buffered.peek(1):  # the client closed the connection
                self.close_connection = True
                return
            started = True
            self.reader.deadline = time.monotonic() + REQUEST_S
            super().handle_one_request()
        except Late:
            self.close_connection = True
            if started:
                self._error(408, f"the request did not arrive within {REQUEST_S:.0f} s; send it whole")
        except (ConnectionError, TimeoutError) as exc:
            self.close_connection = True
            log.info("web: %s left before the answer (%s)", self.client_address[0], type(exc).__name__)

    def parse_request(self) -> bool:
        """The request line and headers, and a Host that names this server (no DNS rebinding)."""
        if not super().parse_request():
            return False
        host, local = self.headers.get("Host"), str(self.connection.getsockname()[0])
        if not self.server.guard.host_ok(host, local):
            self.server.refused_hosts += 1
            self._error(403, f"Host {host or '(none)'} is not this server; open {self.server.guard.address(local)}")
            return False
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own errors (bad request line, too many headers...) as one line of JSON too."""
        self._error(code, message or HTTPStatus(code).phrase)

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
        """The stream's headers, then the socket goes to the streams' thread (no worker is held)."""
        streams = self.server.streams
        if not streams.reserve():
            self._full(streams.limit)
            return
        try:
            self._stream_headers()
        except BaseException:
            streams.cancel()
            raise
        self.server.keep(self.connection)
        streams.adopt(self.connection, b"retry: 1000\n\n")

    def _stream_headers(self) -> None:
        self.connection.settimeout(WRITE_S)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def _full(self, limit: int) -> None:
        """Every stream place is taken: a page (EventSource) is told so in its language and asks
        again in FULL_RETRY_MS by itself; any other client gets a one-line 503."""
        why = f"{limit} pages are already open; close one and reload"
        log.info("web: GET /events -> full (%s)", why)
        if "text/event-stream" not in (self.headers.get("Accept") or ""):
            self._error(503, why)
            return
        table = self.server.table
        runner = table.runner
        lang = runner.session.settings.language if runner is not None else table.settings.language
        self._stream_headers()
        self.wfile.write(f"retry: {FULL_RETRY_MS}\n\n".encode() + sse_message("full", {
            "limit": limit, "text": T(lang, "web.full", n=limit, s=FULL_RETRY_MS // 1000)}))

    # -- POST --------------------------------------------------------------------------------

    def do_POST(self) -> None:
        """A press, or a switch of panel model / language."""
        path = self.path.split("?", 1)[0]
        origin, local = self.headers.get("Origin"), str(self.connection.getsockname()[0])
        if origin is not None and not self.server.guard.origin_ok(origin, local):
            self.server.refused_origins += 1
            self._error(403, f"origin {origin} may not press buttons; only this page "
                             f"({self.server.guard.address(local).rstrip('/')}) or a client without Origin")
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
            # Answered once the press is handled and on disk (a stuck loop: answered anyway, saved false);
            # a press that only let a sandglass held after a stop run again is no step: resumed, not saved.
            done = saved.wait(PRESS_WAIT_S)
            self._json(200, {"pressed": button, "hold": hold, "saved": done and not saved.resumed,
                             "resumed": done and saved.resumed})
            return
        self._view(body)

    def _view(self, body: dict[str, Any]) -> None:
        """POST /view: another panel model and/or language (names only: anything else is a 400)."""
        table = self.server.table
        panel, language = body.get("panel"), body.get("language")
        if panel is None and language is None:
            self._error(400, 'give "panel" and/or "language", e.g. {"panel": "epd2in13_V4"}')
            return
        for name, value, example in (("panel", panel, "epd2in13_V4"), ("language", language, "fr")):
            if value is not None and not isinstance(value, str):
                self._error(400, f'"{name}" must be a name in quotes, e.g. {{"{name}": "{example}"}}')
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
        data = self.rfile.read(length)
        if len(data) < length:
            self._error(400, f"the body ended after {len(data)} of its {length} bytes (Content-Length)")
            return None
        try:
            body = json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            self._error(400, 'the body is not JSON (or nested too deep); send e.g. {"button": "ok", "hold": false}')
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
        self.connection.settimeout(WRITE_S)
        self.send_response(code)
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        if code == 503:
            self.send_header("Retry-After", "1")
        self.end_headers()
        self.wfile.write(data)

    def _json(self, code: int, data: dict[str, Any], close: bool = False) -> None:
        self._send(code, "application/json", (json.dumps(data) + "\n").encode(), close)

    def _error(self, code: int, message: str) -> None:
        log.info("web: %s %s -> %d %s", self.command, self.path, code, message)
        # The connection closes: a refused request's body may be left unread.
        self._json(code, {"error": message, "status": HTTPStatus(code).phrase}, close=True)
