"""Server-sent events: every open page gets each update; a new page first gets the latest ones."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from typing import Any

# What a page that connects now must know first, in this order.
REMEMBERED = ("view", "glass", "readout")


def sse_message(event: str, data: dict[str, Any]) -> bytes:
    """One event in the text/event-stream format (the JSON fits on one line)."""
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


class Hub:
    """Fans events out to subscribers (one queue per open /events stream)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._clients: set[queue.SimpleQueue[bytes | None]] = set()
        self._latest: dict[str, bytes] = {}
        self._closed = False
        self._listeners: list[Callable[[], None]] = []

    def listen(self, wake: Callable[[], None]) -> None:
        """Call `wake` after every event put in the queues (and when the hub closes)."""
        self._listeners.append(wake)

    def publish(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to every page (and remember it if a new page needs it)."""
        message = sse_message(event, data)
        with self._lock:
            if event in REMEMBERED:
                self._latest[event] = message
            for client in self._clients:
                client.put(message)
        for wake in self._listeners:
            wake()

    def subscribe(self) -> queue.SimpleQueue[bytes | None]:
        """A new stream's queue, primed with the latest view, glass and readout; None ends it."""
        client: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        with self._lock:
            for event in REMEMBERED:
                if event in self._latest:
                    client.put(self._latest[event])
            if self._closed:
                client.put(None)
            else:
                self._clients.add(client)
        return client

    def unsubscribe(self, client: queue.SimpleQueue[bytes | None]) -> None:
        """Forget a stream that ended."""
        with self._lock:
            self._clients.discard(client)

    @property
    def subscribers(self) -> int:
        """How many streams are open."""
        with self._lock:
            return len(self._clients)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        with self._lock:
            self._closed = True
            for client in self._clients:
                client.put(None)
            self._clients.clear()
        for wake in self._listeners:
            wake()
