"""Fixtures for the browser simulator: an in-process server, Debian's Chromium, headless frames."""

from __future__ import annotations

import base64
import io
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from PIL import Image

from device.clock import MonotonicClock, VirtualClock
from device.config import Config
from device.run.web.server import PageServer
from device.run.web.table import WebTable
from device.settings import Settings

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]
REQUIRE = os.environ.get("EASEL_REQUIRE_BROWSER") == "1"  # CI: a missing browser fails, never skips
SCALE = 0.02  # panel time x 0.02: a 6 s full refresh takes 120 ms in the tests


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser is ever downloaded)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        (pytest.fail if REQUIRE else pytest.skip)("playwright is not installed: pip install -e '.[test]'")
    if not CHROMIUM.exists():
        (pytest.fail if REQUIRE else pytest.skip)("no /usr/bin/chromium: apt-get install chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS, headless=True)
        yield chromium
        chromium.close()


@dataclass
class Served:
    """A WebTable behind a PageServer on a free port, in this process."""

    table: WebTable
    server: PageServer
    thread: threading.Thread
    blocked: list[str] = field(default_factory=list)  # requests the page tried outside the server

    @property
    def url(self) -> str:
        """The page's address."""
        return self.server.url

    def page(self, browser: Any, width: int = 1280, height: int = 800, *, csp: bool = False,
             scale: float = 1.0) -> Any:
        """A new tab on the page, once it shows the glass; any request off this machine is refused.

        Playwright's polling waits evaluate strings, which the page's CSP forbids: they run with
        the CSP bypassed unless `csp` (then only page.evaluate of functions works).
        """
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=not csp,
                                      device_scale_factor=scale)
        origin = self.url.rstrip("/")

        def route(request_route: Any) -> None:
            url = request_route.request.url
            parts = urlsplit(url)
            if f"{parts.scheme}://{parts.netloc}" == origin or parts.scheme == "data":
                request_route.continue_()
            else:
                self.blocked.append(url)
                request_route.abort()

        context.route("**/*", route)
        page = context.new_page()
        page.goto(self.url)
        if csp:
            wait_until(lambda: page.evaluate("() => !!(window.easel && easel.view !== null && easel.drawn > 0)"))
        else:
            page.wait_for_function("window.easel && easel.view !== null && easel.drawn > 0")
        return page

    def stop(self) -> None:
        """Stop serving and the game."""
        self.server.stop()
        self.table.stop()
        self.thread.join(5)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """Start a page server: `serve(panel=..., profile=..., scale=..., frozen=...)`."""
    made: list[Served] = []

    def make(panel: str = "epd2in7_V2", profile: str = "none", scale: float = SCALE, frozen: bool = True,
             seed: int = 5, language: str = "en", db: Path | None = None, bind: str = "127.0.0.1",
             max_connections: int | None = None) -> Served:
        database = db or tmp_path / "web.db"
        config = Config(button_profile=profile, database=database)
        table = WebTable(config, Settings(panel=panel, language=language), seed, database, {"panel": panel},
                         time_scale=scale, game_clock=VirtualClock if frozen else MonotonicClock)
        server = PageServer(table, bind, 0, max_connections)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        table.start()
        served = Served(table, server, thread)
        made.append(served)
        return served

    yield make
    for served in made:
        served.stop()


def wait_until(condition: Callable[[], Any], limit_s: float = 10.0) -> None:
    """Poll `condition` until true (bounded: a hang fails)."""
    end = time.monotonic() + limit_s
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.05)


def canvas_image(page: Any) -> Image.Image:
    """The picture on the page's glass now (after every picture received is drawn)."""
    url = page.evaluate("easel.idle().then(() => document.getElementById('glass').toDataURL('image/png'))")
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")


def wait_presses(page: Any, count: int) -> None:
    """Wait until the readout has measured `count` presses (their answers are on the glass)."""
    page.wait_for_function(f"easel.readouts.length > 0 && easel.readouts.at(-1).presses >= {count}")


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    """Pixel for pixel the same (compared in RGB)."""
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


class Headless:
    """`easel play --headless --script -`: one step at a time, the frame it shows after each."""

    def __init__(self, directory: Path, seed: int = 5, *extra: str) -> None:
        self.frames = directory / "frames"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "device.run.cli", "play", "--headless", "--script", "-",
             "--frames", str(self.frames), "--seed", str(seed), "--db", str(directory / "headless.db"), *extra],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def frame(self) -> Image.Image:
        """The newest frame written."""
        newest = max(self.frames.glob("[0-9]*.png"))
        with Image.open(newest) as image:
            return image.convert("RGB")

    def step(self, line: str) -> Image.Image:
        """Run one script line; the frame shown afterwards."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        assert answer.startswith("ok "), answer
        return self.frame()

    def close(self) -> None:
        """End the script (the process writes its state and exits)."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


@dataclass(frozen=True)
class Answer:
    """An HTTP answer read off a raw socket."""

    status: int
    headers: dict[str, str]
    body: bytes


def read_answer(sock: socket.socket) -> Answer:
    """Read one answer (head, then Content-Length bytes of body) from a connected socket."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the connection closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "the body was cut short"
        body += chunk
    return Answer(int(lines[0].split()[1]), headers, body[:length])


def raw_request(address: tuple[str, int], request: bytes, timeout: float = 10.0) -> Answer:
    """Send bytes as they are (any Host, any body) and read the answer."""
    family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(address)
        sock.sendall(request)
        return read_answer(sock)


def http(method: str, path: str, host: str, body: bytes = b"", headers: dict[str, str] | None = None) -> bytes:
    """A well-formed request with this Host (and the body's Content-Length)."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body
