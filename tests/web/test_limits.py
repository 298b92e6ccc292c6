"""Slow, idle, numerous and vanishing clients (issue 21): each gets its answer or is closed, the
server keeps serving presses, and the terminal never sees a traceback (one log line each).

Deadlines are shortened here (monkeypatch) so the tests wait a fraction of a second, not 10 s.
"""

from __future__ import annotations

import json
import logging
import socket
import struct
import time
from collections.abc import Callable, Iterator

import pytest

from device.run.web import gate, server
from device.run.web.streams import MAX_STREAMS
from tests.web.conftest import Served, http, raw_request, read_answer, wait_until

PRESS = json.dumps({"button": "ok"}).encode()


def connect(served: Served) -> socket.socket:
    """A raw connection to the server (closed by the test)."""
    sock = socket.create_connection(("127.0.0.1", served.server.port), timeout=10)
    return sock


def closed_by_server(sock: socket.socket, within_s: float) -> bool:
    """True when the server closes the connection (EOF or reset) within `within_s`."""
    sock.settimeout(within_s)
    try:
        while sock.recv(65536):
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def press(served: Served) -> int:
    """POST /press ok; the status."""
    port = served.server.port
    return raw_request(("127.0.0.1", port), http("POST", "/press", f"127.0.0.1:{port}", PRESS)).status


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Deadlines of a fraction of a second."""
    monkeypatch.setattr(server, "REQUEST_S", 0.6)
    monkeypatch.setattr(server, "KEEPALIVE_S", 0.4)
    monkeypatch.setattr(gate, "IDLE_S", 0.4)
    yield


def test_a_body_shorter_than_its_length_gets_408_and_is_closed(serve: Callable[..., Served], quick: None) -> None:
    """Content-Length 40, 10 bytes sent, then nothing: 408 once the request's time is up, then closed."""
    served = serve()
    port = served.server.port
    with connect(served) as sock:
        sock.sendall(http("POST", "/press", f"127.0.0.1:{port}")[:-len(b"Content-Length: 0\r\n\r\n")]
                     + b"Content-Length: 40\r\n\r\n" + PRESS[:10])
        start = time.monotonic()
        answer = read_answer(sock)
        assert answer.status == 408 and "did not arrive within" in json.loads(answer.body)["error"]
        assert time.monotonic() - start < 3
        assert closed_by_server(sock, 2)
    assert served.table.reading.presses == 0


def test_headers_trickled_byte_by_byte_get_408(serve: Callable[..., Served], quick: None) -> None:
    """A byte every 0.1 s never ends the headers: the whole request has REQUEST_S, not each byte."""
    served = serve()
    with connect(served) as sock:
        start = time.monotonic()
        try:
            for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 40:
                sock.send(bytes([byte]))
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server gave up first, as it should
        assert time.monotonic() - start < 5
        assert read_answer(sock).status == 408
        assert closed_by_server(sock, 2)


def test_a_connection_that_never_speaks_is_closed(serve: Callable[..., Served], quick: None) -> None:
    """No byte within IDLE_S: closed (a descriptor, never a thread, while it waited)."""
    served = serve()
    with connect(served) as sock:
        assert closed_by_server(sock, 3)


def test_a_kept_alive_connection_is_closed_when_idle(serve: Callable[..., Served], quick: None) -> None:
    """After an answer, a keep-alive connection waits KEEPALIVE_S for the next request, then closes."""
    served = serve()
    port = served.server.port
    with connect(served) as sock:
        for _ in range(2):  # two requests on one connection
            sock.sendall(f"GET /frame.png HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert read_answer(sock).status == 200
        assert closed_by_server(sock, 3)


def test_busy_workers_mean_503_at_once_and_presses_resume(serve: Callable[..., Served], quick: None,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    """Every worker held by a half-sent request: the next request gets 503 immediately, one log line."""
    monkeypatch.setattr(server, "REQUEST_S", 3.0)
    served = serve()
    served.server.max_workers = 2
    holders = [connect(served) for _ in range(2)]
    try:
        for sock in holders:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        wait_until(lambda: served.server.open_connections == 2 and served.server._workers == 2)
        with caplog.at_level(logging.INFO, logger="easel"):
            start = time.monotonic()
            statuses = [press(served) for _ in range(3)]
            assert time.monotonic() - start < 1.0
        assert statuses == [503, 503, 503]
        assert [r.getMessage() for r in caplog.records].count("web: all 2 workers are busy: answering 503 at once") == 1
    finally:
        for sock in holders:
            sock.close()
    wait_until(lambda: served.server._workers == 0)
    assert press(served) == 200


def test_excess_connections_close_the_oldest_idle_and_a_press_still_works(
        serve: Callable[..., Served], caplog: pytest.LogCaptureFixture) -> None:
    """With room for 30 connections, 100 idle ones: the oldest are closed, a press is answered."""
    served = serve(max_connections=30)
    with caplog.at_level(logging.INFO, logger="easel"):
        idle = [connect(served) for _ in range(100)]
        try:
            wait_until(lambda: served.server.evicted >= 70)
            assert served.server.open_connections <= 30
            assert press(served) == 200
            assert closed_by_server(idle[0], 2)  # the first ones went first
            assert not closed_by_server(idle[-1], 0.05)  # the newest are still open
        finally:
            for sock in idle:
                sock.close()
    crowded = [r for r in caplog.records if "closing the oldest idle" in r.getMessage()]
    assert len(crowded) == 1
    wait_until(lambda: served.table.reading.presses == 1)  # counted once its frame is on the glass


def open_streams(served: Served, count: int, accept: str = "") -> list[socket.socket]:
    """`count` raw /events streams, each answered 200 (closed by the test)."""
    port = served.server.port
    request = f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{accept}\r\n".encode()
    streams = []
    for _ in range(count):
        sock = connect(served)
        sock.sendall(request)
        assert sock.recv(12) == b"HTTP/1.1 200"
        streams.append(sock)
    return streams


def test_open_streams_hold_no_worker(serve: Callable[..., Served]) -> None:
    """Issue 31 item 5: every stream is written by one thread, so MAX_STREAMS open pages (far above a
    table's phones) leave every worker free for presses, and each of them sees each press."""
    served = serve()
    streams = open_streams(served, MAX_STREAMS)
    try:
        wait_until(lambda: served.table.hub.subscribers == MAX_STREAMS)
        wait_until(lambda: served.server.busy_workers == 0)
        assert served.server.open_connections == MAX_STREAMS
        assert press(served) == 200
        for sock in streams:
            seen = b""
            while b"event: readout" not in seen.split(b"event: glass", 1)[-1]:  # the press's frame and readout
                seen += sock.recv(65536)
    finally:
        for sock in streams:
            sock.close()


def test_a_stream_beyond_the_limit_is_told_and_a_closed_one_frees_a_place(serve: Callable[..., Served]) -> None:
    """One more than MAX_STREAMS: a page (Accept: text/event-stream) gets a `full` event with the text
    to show and a retry time, then the stream closes and the page asks again by itself; curl gets a
    one-line 503. A closed page gives its place back at the next write."""
    served = serve()
    port = served.server.port
    streams = open_streams(served, MAX_STREAMS)
    try:
        request = f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        answer = raw_request(("127.0.0.1", port), request)
        assert answer.status == 503 and "close one and reload" in json.loads(answer.body)["error"]
        assert answer.headers["retry-after"] == "1"
        with connect(served) as page:
            page.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
                         .encode())
            assert closed_by_server(page, 10)  # its answer is read below from what arrived
        with connect(served) as page:
            page.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
                         .encode())
            page.settimeout(10)
            got = b""
            while chunk := page.recv(65536):
                got += chunk
        head, _, events = got.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200") and b"text/event-stream" in head
        retry, full = events.decode().split("\n\n")[:2]
        assert retry == "retry: 3000" and full.startswith("event: full\ndata: ")
        data = json.loads(full.split("data: ", 1)[1])
        assert data == {"limit": MAX_STREAMS, "text": f"This Easel already shows {MAX_STREAMS} pages: close one "
                                                       "elsewhere. Trying again every 3 s…"}
        streams.pop().close()
        assert press(served) == 200  # the stream's next write finds it gone and gives its place back
        wait_until(lambda: served.table.hub.subscribers == MAX_STREAMS - 1)
        streams += open_streams(served, 1)
    finally:
        for sock in streams:
            sock.close()


def reset(sock: socket.socket) -> None:
    """Close with a TCP reset (SO_LINGER 0): the client vanishes mid-conversation."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def test_clients_that_vanish_are_one_log_line_never_a_traceback(
        serve: Callable[..., Served], capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    """Pages closed mid-stream and requests abandoned before their answer: nothing on the terminal,
    no traceback in the log, and the server goes on serving."""
    served = serve()
    port = served.server.port
    with caplog.at_level(logging.INFO, logger="easel"):
        for _ in range(6):
            sock = connect(served)
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            sock.recv(12)
            reset(sock)
        for _ in range(25):
            sock = connect(served)
            sock.sendall(http("GET", "/", f"127.0.0.1:{port}"))
            reset(sock)
        assert press(served) == 200  # its frames are written to the vanished streams
        wait_until(lambda: served.table.hub.subscribers == 0)
        assert press(served) == 200
    assert capfd.readouterr().err == ""
    assert not [r for r in caplog.records if r.exc_info]
    assert len([r for r in caplog.records if "stopped listening" in r.getMessage()]) == 6


@pytest.mark.parametrize(("body", "code", "words"), [
    (b"[" * 2040 + b"]" * 2040, 400, "nested too deep"),
    (b'{"button": "ok"' + b" " * 5000 + b"}", 413, "at most 4096 bytes"),
])
def test_hostile_bodies_get_an_answer(serve: Callable[..., Served], capfd: pytest.CaptureFixture[str],
                                      body: bytes, code: int, words: str) -> None:
    """JSON nested 2,040 deep (RecursionError in json) and an oversized body: one line of JSON each."""
    served = serve()
    port = served.server.port
    answer = raw_request(("127.0.0.1", port), http("POST", "/press", f"127.0.0.1:{port}", body))
    assert answer.status == code and answer.body.count(b"\n") == 1
    assert words in json.loads(answer.body)["error"]
    assert capfd.readouterr().err == ""
    assert press(served) == 200


def test_too_many_headers_is_a_json_431(serve: Callable[..., Served]) -> None:
    """http.server's own refusals come as one line of JSON too."""
    served = serve()
    port = served.server.port
    headers = {f"X-{i}": "1" for i in range(120)}
    answer = raw_request(("127.0.0.1", port), http("GET", "/", f"127.0.0.1:{port}", headers=headers))
    assert answer.status == 431 and answer.body.count(b"\n") == 1 and json.loads(answer.body)["error"]
