"""The event streams' one writing thread (device/run/web/streams.py), on socket pairs: each page
gets every event, a page that stops reading (a phone asleep) is dropped with one log line once
it falls behind or takes nothing for WRITE_S, and the others go on."""

from __future__ import annotations

import logging
import re
import socket
from collections.abc import Iterator

import pytest

from device.run.web import streams as streams_module
from device.run.web.hub import Hub
from device.run.web.streams import Streams
from tests.web.conftest import wait_until

FRAME = {"png": "x" * 20_000}  # about one glass frame


@pytest.fixture
def streams() -> Iterator[Streams]:
    """A hub with its streams' writer."""
    hub = Hub()
    writer = Streams(hub)
    yield writer
    hub.close()
    writer.close()


def page(streams: Streams, buffer: int | None = None) -> socket.socket:
    """A page's end of a new stream (the writer holds the other end); `buffer` makes both small."""
    ours, theirs = socket.socketpair()
    if buffer is not None:
        theirs.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, buffer)
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    assert streams.reserve()
    streams.adopt(theirs)
    return ours


def read_events(sock: socket.socket, count: int) -> list[str]:
    """The names of the next `count` events on a page's stream."""
    sock.settimeout(10)
    got = b""
    while got.count(b"\n\n") < count:
        got += sock.recv(65536)
    return [block.split(b"\n")[0].decode() for block in got.split(b"\n\n")[:count]]


def test_every_page_gets_every_event_primed_with_the_latest(streams: Streams) -> None:
    streams.hub.publish("glass", FRAME)
    pages = [page(streams) for _ in range(10)]
    streams.hub.publish("readout", {"presses": 1})
    for sock in pages:
        assert read_events(sock, 2) == ["event: glass", "event: readout"]


def test_the_limit_is_kept(streams: Streams) -> None:
    streams.limit = 3
    pages = [page(streams) for _ in range(3)]
    assert not streams.reserve() and streams.open == 3
    pages[0].close()
    streams.hub.publish("glass", FRAME)  # the next write finds it gone
    wait_until(lambda: streams.open == 2)
    assert streams.reserve()
    streams.cancel()


@pytest.mark.parametrize("why", ["fell", "read nothing"])
def test_a_page_that_stops_reading_is_dropped_and_the_others_go_on(
        streams: Streams, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, why: str) -> None:
    if why == "fell":
        monkeypatch.setattr(streams_module, "BACKLOG", 100_000)
    else:
        monkeypatch.setattr(streams_module, "WRITE_S", 0.3)
    asleep, awake = page(streams, buffer=4096), page(streams)
    with caplog.at_level(logging.INFO, logger="easel"):
        for _ in range(8 if why == "fell" else 1):
            streams.hub.publish("glass", FRAME)
            assert read_events(awake, 1) == ["event: glass"]
        # the writer unsubscribes the page, then logs why: wait for both (a loaded machine showed the gap)
        wait_until(lambda: streams.hub.subscribers == 1 and bool(caplog.records))
    logged = [r.getMessage() for r in caplog.records]
    assert len(logged) == 1 and re.fullmatch(
        r"web: a page stopped listening \(fell 1\d\d KB behind\)" if why == "fell"
        else r"web: a page stopped listening \(read nothing for 0\.3 s\)", logged[0]), logged
    streams.hub.publish("readout", {"presses": 2})
    assert read_events(awake, 1) == ["event: readout"]
    asleep.close()
