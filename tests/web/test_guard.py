"""Who the server answers (issue 21): requests naming it in their Host, POSTs from its own origin,
the page never inside another site's frame, and any address it is bound to (IPv6 too).

Real sockets on loopback only: 127.0.0.2 and 127.0.0.3 stand for a LAN address where one is needed.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from device.run.web.guard import HostGuard, split_host
from tests.web.conftest import Served, http, raw_request, wait_presses, wait_until

FOREIGN = "evil.example"


def has_ipv6_loopback() -> bool:
    """True when ::1 can be bound here."""
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.parametrize(("method", "path"), [("GET", "/"), ("GET", "/frame.png"), ("GET", "/events"),
                                              ("GET", "/static/easel.js"), ("POST", "/press")])
def test_a_foreign_host_is_refused(serve: Callable[..., Served], method: str, path: str) -> None:
    """DNS rebinding: a page whose own name resolves to 127.0.0.1 sends that name as Host: 403, nothing done."""
    served = serve()
    port = served.server.port
    body = json.dumps({"button": "ok"}).encode() if method == "POST" else b""
    answer = raw_request(("127.0.0.1", port), http(method, path, f"{FOREIGN}:{port}", body))
    assert answer.status == 403
    error = json.loads(answer.body)["error"]
    assert answer.body.count(b"\n") == 1 and f"Host {FOREIGN}:{port} is not this server" in error
    assert f"http://127.0.0.1:{port}/" in error
    assert served.table.reading.presses == 0 and served.server.refused_hosts == 1


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "[::1]:{port}"])
def test_the_loopback_names_are_served(serve: Callable[..., Served], host: str) -> None:
    """On loopback: localhost, 127.0.0.1 and [::1] with the server's port."""
    served = serve()
    port = served.server.port
    assert raw_request(("127.0.0.1", port), http("GET", "/frame.png", host.format(port=port))).status == 200


@pytest.mark.parametrize("host", ["127.0.0.1:{other}", "127.0.0.1", "localhost.evil.example:{port}",
                                  "127.0.0.1:{port}:1", "[::1:{port}", "", "10.0.0.1:{port}"])
def test_a_wrong_port_or_a_malformed_host_is_refused(serve: Callable[..., Served], host: str) -> None:
    """Another port (or none: 80), a look-alike name, garbage: refused."""
    served = serve()
    port = served.server.port
    value = host.format(port=port, other=port + 1)
    assert raw_request(("127.0.0.1", port), http("GET", "/", value)).status == 403


def test_no_host_header_is_refused(serve: Callable[..., Served]) -> None:
    """HTTP/1.0 without Host: the server cannot tell who is asking, so it answers 403."""
    served = serve()
    answer = raw_request(("127.0.0.1", served.server.port), b"GET / HTTP/1.0\r\n\r\n")
    assert answer.status == 403 and "Host (none)" in json.loads(answer.body)["error"]


def test_the_page_forbids_framing_and_foreign_scripts(serve: Callable[..., Served]) -> None:
    """GET /: X-Frame-Options DENY and a CSP with frame-ancestors 'none', scripts and styles from itself."""
    served = serve()
    port = served.server.port
    answer = raw_request(("127.0.0.1", port), http("GET", "/", f"127.0.0.1:{port}"))
    assert answer.status == 200 and answer.headers["x-frame-options"] == "DENY"
    policy = {part.split()[0]: part.split()[1:] for part in answer.headers["content-security-policy"].split("; ")}
    assert policy["frame-ancestors"] == ["'none'"] and policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:", "blob:"]  # the glass arrives as data: URLs
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert b"<script>" not in answer.body and b" style=" not in answer.body  # nothing inline to allow


@pytest.mark.parametrize(("origin", "code"), [("http://127.0.0.1:{port}", 200), ("http://localhost:{port}", 200),
                                              ("http://127.0.0.1:{other}", 403), ("https://127.0.0.1:{port}", 403),
                                              (f"http://{FOREIGN}:{{port}}", 403), ("null", 403)])
def test_a_post_needs_the_pages_own_origin(serve: Callable[..., Served], origin: str, code: int) -> None:
    """The Origin of a POST must be this page (scheme, name and port)."""
    served = serve()
    port = served.server.port
    value = origin.format(port=port, other=port + 1)
    answer = raw_request(("127.0.0.1", port), http("POST", "/press", f"127.0.0.1:{port}",
                                                   json.dumps({"button": "down"}).encode(), {"Origin": value}))
    assert answer.status == code
    assert served.server.refused_origins == (code == 403)


def test_bound_to_every_address_the_page_from_that_address_presses(serve: Callable[..., Served],
                                                                   browser: Any) -> None:
    """--bind 0.0.0.0: a browser that opened the page at another address of the machine can press
    (127.0.0.2 stands for the LAN address); a Host naming another machine is still refused."""
    served = serve(bind="0.0.0.0")
    port = served.server.port
    lan = f"http://127.0.0.2:{port}/"
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.goto(lan)
    page.wait_for_function("window.easel && easel.view !== null && easel.drawn > 0")
    page.click('button[data-button="ok"]')
    wait_presses(page, 1)
    assert served.table.reading.presses == 1 and served.server.refused_origins == 0
    page.close()
    context.close()
    assert raw_request(("127.0.0.3", port), http("GET", "/", f"127.0.0.2:{port}")).status == 403


def test_bound_to_one_address_only_that_address_is_its_host(serve: Callable[..., Served]) -> None:
    """--bind 127.0.0.2: Host 127.0.0.2 is served (and, it being loopback, localhost)."""
    served = serve(bind="127.0.0.2")
    port = served.server.port
    assert served.url == f"http://127.0.0.2:{port}/"
    for host, code in ((f"127.0.0.2:{port}", 200), (f"localhost:{port}", 200), (f"{FOREIGN}:{port}", 403)):
        assert raw_request(("127.0.0.2", port), http("GET", "/frame.png", host)).status == code, host


@pytest.mark.skipif(not has_ipv6_loopback(), reason="no IPv6 loopback on this machine")
@pytest.mark.parametrize("bind", ["::1", "::"])
def test_ipv6_binds_serve_and_press(serve: Callable[..., Served], bind: str) -> None:
    """--bind ::1 and --bind :: work: the page at [::1] presses from its own origin."""
    served = serve(bind=bind)
    port = served.server.port
    assert served.url == f"http://[::1]:{port}/"
    answer = raw_request(("::1", port), http("POST", "/press", f"[::1]:{port}", json.dumps({"button": "ok"}).encode(),
                                             {"Origin": f"http://[::1]:{port}"}))
    assert answer.status == 200 and json.loads(answer.body)["saved"] is True
    if bind == "::":  # dual stack: IPv4 clients too
        assert raw_request(("127.0.0.1", port), http("GET", "/frame.png", f"127.0.0.1:{port}")).status == 200


def test_host_rules_for_an_address_on_the_network() -> None:
    """Reached at a LAN address: that address and this machine's name (mDNS) only; no loopback names."""
    guard = HostGuard("0.0.0.0", 8421, machine="easel-pi")
    for host, ok in (("192.168.1.20:8421", True), ("easel-pi:8421", True), ("EASEL-PI.local:8421", True),
                     ("localhost:8421", False), ("127.0.0.1:8421", False), ("192.168.1.21:8421", False),
                     ("192.168.1.20", False)):
        assert guard.host_ok(host, "192.168.1.20") is ok, host
    assert guard.host_ok("192.168.1.20:8421", "::ffff:192.168.1.20")  # IPv4 through a dual-stack socket
    assert guard.origin_ok("http://192.168.1.20:8421", "192.168.1.20")
    assert not guard.origin_ok("http://192.168.1.20:8421/x", "192.168.1.20")
    assert split_host("[fe80::1]:80") == ("fe80::1", 80) and split_host("a:b") is None


def test_the_page_runs_under_its_own_csp(serve: Callable[..., Served], browser: Any) -> None:
    """No CSP bypass: the glass is drawn, a click presses, and the browser reports no violation."""
    served = serve()
    violations: list[str] = []
    page = served.page(browser, csp=True)
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.click('button[data-button="ok"]')
    wait_until(lambda: page.evaluate("() => easel.readouts.length > 0 && easel.readouts.at(-1).presses === 1"))
    assert page.evaluate("() => easel.drawn") > 0 and violations == []


def test_another_site_cannot_frame_the_page(serve: Callable[..., Served], browser: Any, tmp_path: Path) -> None:
    """A page elsewhere that puts Easel in an iframe (clickjacking) gets an empty, blocked frame."""
    served = serve()
    (tmp_path / "frame.html").write_text(f'<iframe id="easel" src="{served.url}"></iframe>', encoding="utf-8")
    handler = partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    elsewhere = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{elsewhere.server_address[1]}/frame.html")
        page.wait_for_load_state("load")
        frame = page.frame_locator("#easel")
        assert frame.locator("#glass").count() == 0  # the browser refused to render it
        page.close()
    finally:
        elsewhere.shutdown()
        elsewhere.server_close()
