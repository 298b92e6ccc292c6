"""The page server's front door: idle connections wait in one selector, busy ones get a thread.

A thread per connection lets a few hundred idle sockets (a browser's spare connections, or a
misbehaving client) take every descriptor and every press. Here a connection costs only its
descriptor until it sends a byte; then a worker thread (at most MAX_WORKERS) serves it. When
the descriptors run short the oldest idle connection is closed to make room, a connection that
never speaks is closed after IDLE_S, and a request that finds every worker busy gets a 503 at
once. Each of these is one log line per burst, never a traceback.
"""

from __future__ import annotations

import errno
import logging
import selectors
import socket
import threading
import time
from http.server import HTTPServer
from typing import Any

log = logging.getLogger("easel")

MAX_WORKERS = 32  # requests served at once (event streams included)
IDLE_S = 10.0  # a connection that sends nothing is closed after this
RESERVED_FDS = 32  # descriptors kept for the database, the log, the listening socket...
ACCEPT_BATCH = 64  # connections accepted per wake (the loop stays responsive under a flood)
QUIET_S = 5.0  # a burst is over after this long without an eviction or refusal
PAUSE_S = 0.1  # no descriptor left: accepting pauses this long instead of spinning
BUSY_BODY = b'{"error": "Easel is busy; try again in a second", "status": "Service Unavailable"}\n'
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: close\r\n"
        b"Retry-After: 1\r\nContent-Length: %d\r\n\r\n%s" % (len(BUSY_BODY), BUSY_BODY))
NO_ROOM = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def connection_budget() -> int:
    """How many connections may be open: the descriptor limit less a reserve (Windows: 1000)."""
    try:
        import resource
    except ImportError:
        return 1000
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 4096
    return max(16, min(soft, 4096) - RESERVED_FDS)


class GatedServer(HTTPServer):
    """An HTTPServer with a bounded number of connections and worker threads."""

    def __init__(self, address: tuple[str, int], handler: Any, max_connections: int | None = None) -> None:
        self._wake_r, self._wake_w = socket.socketpair()  # before binding: a failed bind closes them
        super().__init__(address, handler)
        self.max_connections = max_connections or connection_budget()
        self.max_workers = MAX_WORKERS
        self.refused = 0  # requests answered 503 because every worker was busy
        self.evicted = 0  # idle connections closed to make room
        self._idle: dict[socket.socket, tuple[float, Any]] = {}  # oldest first
        self._workers = 0
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        self._stopped.set()
        self._paused_until = 0.0
        self._crowded = False  # a burst of evictions or refusals is being logged once
        self._crowded_at = 0.0  # the burst's latest eviction or refusal

    @property
    def open_connections(self) -> int:
        """Idle connections plus those being served."""
        with self._lock:
            return len(self._idle) + self._workers

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Accept and dispatch until shutdown()."""
        self._stopped.clear()
        self.socket.setblocking(False)
        with selectors.DefaultSelector() as selector:
            selector.register(self._wake_r, selectors.EVENT_READ, "wake")
            listening = False
            try:
                while not self._stopping.is_set():
                    if not listening and time.monotonic() >= self._paused_until:
                        selector.register(self.socket, selectors.EVENT_READ, "listen")
                        listening = True
                    for key, _ in selector.select(self._timeout(poll_interval)):
                        if key.data == "listen":
                            listening = self._accept(selector)
                        elif key.data == "wake":
                            self._wake_r.recv(64)
                        else:
                            self._ready(selector, key.fileobj)  # type: ignore[arg-type]
                    self._expire(selector)
            finally:
                for sock in list(self._idle):
                    self._close(selector, sock)
                self._stopped.set()

    def shutdown(self) -> None:
        """Stop serve_forever() and wait until it has returned (again: nothing more to do)."""
        if not self._stopping.is_set():
            self._stopping.set()
            self._wake_w.send(b"x")
        self._stopped.wait()

    def server_close(self) -> None:
        """Release the listening socket and the wake-up pair."""
        super().server_close()
        self._wake_r.close()
        self._wake_w.close()

    # -- accepting ---------------------------------------------------------------------------

    def _timeout(self, poll_interval: float) -> float:
        now = time.monotonic()
        deadlines = [poll_interval]
        if self._idle:
            deadlines.append(next(iter(self._idle.values()))[0] + IDLE_S - now)
        if self._paused_until > now:
            deadlines.append(self._paused_until - now)
        return max(0.0, min(deadlines))

    def _accept(self, selector: selectors.BaseSelector) -> bool:
        """Accept what is waiting; False when accepting paused (no descriptor to spare)."""
        for _ in range(ACCEPT_BATCH):
            try:
                sock, address = self.socket.accept()
            except BlockingIOError:
                return True
            except OSError as exc:
                if exc.errno in NO_ROOM and self._evict(selector):
                    continue
                log.warning("web: cannot accept a connection (%s); pausing %.1f s", exc.strerror, PAUSE_S)
                selector.unregister(self.socket)
                self._paused_until = time.monotonic() + PAUSE_S
                return False
            if self.open_connections >= self.max_connections and not self._evict(selector):
                self._refuse(sock, "every connection is in use")
                continue
            with self._lock:
                self._idle[sock] = (time.monotonic(), address)
            selector.register(sock, selectors.EVENT_READ, address)
        return True

    def _evict(self, selector: selectors.BaseSelector) -> bool:
        """Close the oldest idle connection to make room; False when there is none."""
        if not self._idle:
            return False
        self._close(selector, next(iter(self._idle)))
        self.evicted += 1
        self._crowd(f"{self.max_connections} connections open (this process's descriptor limit less "
                    f"{RESERVED_FDS}): closing the oldest idle ones")
        return True

    def _expire(self, selector: selectors.BaseSelector) -> None:
        limit = time.monotonic() - IDLE_S
        while self._idle:
            sock, (since, _) = next(iter(self._idle.items()))
            if since > limit:
                break
            self._close(selector, sock)
        if self._crowded and time.monotonic() - self._crowded_at > QUIET_S:
            log.info("web: connections back to normal (%d open; %d refused, %d idle closed so far)",
                     self.open_connections, self.refused, self.evicted)
            self._crowded = False

    def _close(self, selector: selectors.BaseSelector, sock: socket.socket) -> None:
        with self._lock:
            self._idle.pop(sock, None)
        selector.unregister(sock)
        sock.close()

    # -- serving -----------------------------------------------------------------------------

    def _ready(self, selector: selectors.BaseSelector, sock: socket.socket) -> None:
        """An idle connection sent something: serve it (unless closed earlier in this same round)."""
        with self._lock:
            entry = self._idle.pop(sock, None)
        if entry is None:
            return
        selector.unregister(sock)
        self._dispatch(sock, entry[1])

    def _dispatch(self, sock: socket.socket, address: Any) -> None:
        with self._lock:
            busy = self._workers >= self.max_workers
            if not busy:
                self._workers += 1
        if busy:
            self._refuse(sock, f"all {self.max_workers} workers are busy")
            return
        threading.Thread(target=self._work, args=(sock, address), name="easel-web-request", daemon=True).start()

    def _work(self, sock: socket.socket, address: Any) -> None:
        try:
            self.finish_request(sock, address)
        except OSError as exc:  # the client went away mid-answer
            log.info("web: connection from %s ended: %s", address[0], exc.strerror or type(exc).__name__)
        except Exception:  # a bug: logged with its traceback; the server keeps serving
            log.exception("web: request from %s failed", address[0])
        finally:
            self.shutdown_request(sock)
            with self._lock:
                self._workers -= 1

    def _refuse(self, sock: socket.socket, why: str) -> None:
        """Answer 503 without waiting (whatever the client manages to read) and close."""
        self.refused += 1
        self._crowd(f"{why}: answering 503 at once")
        try:
            sock.setblocking(False)
            sock.recv(65536)  # what the request sent so far: unread, closing would reset the connection
        except OSError:
            pass
        try:
            sock.send(BUSY)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        sock.close()

    def _crowd(self, message: str) -> None:
        """One log line per burst (and one when it is over), not one per connection."""
        self._crowded_at = time.monotonic()
        if not self._crowded:
            self._crowded = True
            log.warning("web: %s", message)
