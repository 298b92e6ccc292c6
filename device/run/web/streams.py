"""The pages' event streams, every one written by a single thread.

A page's `/events` stream is handed over here once its headers are sent: from then on it costs
its socket and a small backlog, never a worker thread. So the phones of a whole table, and the
streams a phone leaves half-open when it sleeps, never take the workers that presses need, and
the limit (MAX_STREAMS) is far above any table. The thread drains each stream's hub queue,
writes without blocking, sends a keep-alive to a quiet stream, and drops a stream that reads
nothing for WRITE_S or falls BACKLOG bytes behind: its page reconnects a second later and is
primed with the latest view, glass and readout (hub.py). A page beyond the limit is told so by
the server and retries by itself (server.py).
"""

from __future__ import annotations

import logging
import queue
import select
import socket
import threading
import time
from contextlib import suppress
from dataclasses import dataclass, field

from device.run.web.hub import Hub

log = logging.getLogger("easel")

MAX_STREAMS = 64  # open /events streams at once (a table has a dozen; each costs a descriptor)
BACKLOG = 1 << 20  # bytes a stream may fall behind (a few dozen glass frames) before it is dropped
HEARTBEAT_S = 15.0  # a quiet stream gets a comment line this often (proxies, sleeping phones)
WRITE_S = 10.0  # a stream that takes none of its backlog for this long is dropped


@dataclass(eq=False)
class _Stream:
    """One page's stream: its socket, its hub queue and what is not written yet."""

    sock: socket.socket
    messages: queue.SimpleQueue[bytes | None]
    wrote_at: float  # the last write that took bytes (or when the backlog began)
    pending: bytearray = field(default_factory=bytearray)
    ending: bool = False  # the hub closed: close once the backlog is written


class Streams:
    """The open event streams of one page server and the thread that writes them."""

    def __init__(self, hub: Hub, limit: int = MAX_STREAMS) -> None:
        self.hub = hub
        self.limit = limit
        self._lock = threading.Lock()
        self._streams: list[_Stream] = []
        self._reserved = 0
        self._closed = False
        self._thread: threading.Thread | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        hub.listen(self.wake)

    @property
    def open(self) -> int:
        """How many streams are open (or have a place reserved)."""
        with self._lock:
            return len(self._streams) + self._reserved

    def reserve(self) -> bool:
        """Take a place for a stream about to start; False when all `limit` are taken."""
        with self._lock:
            if self._closed or len(self._streams) + self._reserved >= self.limit:
                return False
            self._reserved += 1
            return True

    def cancel(self) -> None:
        """Give back a reserved place (the stream never started)."""
        with self._lock:
            self._reserved -= 1

    def adopt(self, sock: socket.socket, first: bytes = b"") -> None:
        """Take over `sock`, whose headers are sent, for its reserved place: written from now on
        here, `first` first."""
        sock.setblocking(False)
        stream = _Stream(sock, self.hub.subscribe(), time.monotonic(), bytearray(first))
        with self._lock:
            self._reserved -= 1
            self._streams.append(stream)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="easel-web-streams", daemon=True)
                self._thread.start()
        self.wake()

    def wake(self) -> None:
        """Have the thread look at its streams now (a message was published)."""
        with suppress(OSError):  # its buffer is full (a wake is pending anyway) or it is closed
            self._wake_w.send(b"x")

    def close(self) -> None:
        """Close every stream and stop the thread."""
        with self._lock:
            self._closed = True
            thread = self._thread
        self.wake()
        if thread is not None:
            thread.join(WRITE_S)
        with self._lock:
            streams, self._streams = self._streams, []
        for stream in streams:
            self._drop(stream, None)
        self._wake_r.close()
        self._wake_w.close()

    # -- the thread ------------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                streams = list(self._streams)
            now = time.monotonic()
            for stream in streams:
                self._write(stream, now)
            with self._lock:
                streams = list(self._streams)  # without those just dropped
            poll = select.poll()
            poll.register(self._wake_r, select.POLLIN)
            for stream in streams:
                if stream.pending and stream.sock.fileno() >= 0:
                    poll.register(stream.sock, select.POLLOUT)
            due = [s.wrote_at + (WRITE_S if s.pending else HEARTBEAT_S) for s in streams]
            timeout = max(0.0, min(due, default=now + HEARTBEAT_S) - now)
            poll.poll(timeout * 1000 + 1)
            with suppress(OSError):  # BlockingIOError: every wake-up read
                while self._wake_r.recv(4096):
                    pass

    def _write(self, stream: _Stream, now: float) -> None:
        """Move the stream's new messages to its backlog and write what the socket takes."""
        self._take(stream, now)
        if len(stream.pending) > BACKLOG:
            self._drop(stream, f"fell {len(stream.pending) // 1024} KB behind")
            return
        if stream.pending:
            try:
                sent = stream.sock.send(stream.pending)
            except BlockingIOError:
                sent = 0
            except OSError as exc:
                self._drop(stream, type(exc).__name__)
                return
            if sent:
                del stream.pending[:sent]
                stream.wrote_at = now
            elif now - stream.wrote_at > WRITE_S:
                self._drop(stream, f"read nothing for {WRITE_S:g} s")
                return
        if stream.ending and not stream.pending:
            self._drop(stream, None)

    @staticmethod
    def _take(stream: _Stream, now: float) -> None:
        """The stream's new messages into its backlog (a keep-alive when it has been quiet)."""
        while not stream.ending:
            try:
                message = stream.messages.get_nowait()
            except queue.Empty:
                break
            if message is None:
                stream.ending = True
                break
            if not stream.pending:
                stream.wrote_at = now  # the wait for this backlog starts now, not at the last write
            stream.pending += message
        if not stream.pending and not stream.ending and now - stream.wrote_at >= HEARTBEAT_S:
            stream.pending += b": keep-alive\n\n"

    def _drop(self, stream: _Stream, why: str | None) -> None:
        """Close a stream and give its place back; `why` is logged (None: the server is stopping)."""
        with self._lock:
            if stream in self._streams:
                self._streams.remove(stream)
        self.hub.unsubscribe(stream.messages)
        if why is not None:
            log.info("web: a page stopped listening (%s)", why)
        with suppress(OSError):
            stream.sock.shutdown(socket.SHUT_RDWR)
        stream.sock.close()
