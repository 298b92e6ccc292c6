"""systemd notify messages over a real unix datagram socket."""

from __future__ import annotations

import os
import socket
from pathlib import Path

from hardware import sdnotify


def listener(address: str) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(5)
    return sock


def test_ready_watchdog_and_status_reach_the_socket(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    with listener(path) as sock:
        env = {"NOTIFY_SOCKET": path}
        assert sdnotify.ready(env)
        assert sock.recv(100) == b"READY=1"
        assert sdnotify.watchdog(env)
        assert sock.recv(100) == b"WATCHDOG=1"
        assert sdnotify.status("round 2\nof 3", env)
        assert sock.recv(100) == b"STATUS=round 2 of 3"
        assert sdnotify.stopping(env)
        assert sock.recv(100) == b"STOPPING=1"


def test_abstract_socket_names_start_with_at() -> None:
    name = f"easel-test-{os.getpid()}"
    with listener("\0" + name) as sock:
        assert sdnotify.notify("READY=1", {"NOTIFY_SOCKET": "@" + name})
        assert sock.recv(100) == b"READY=1"


def test_outside_systemd_it_is_a_no_op(tmp_path: Path) -> None:
    assert sdnotify.notify("READY=1", {}) is False
    assert sdnotify.notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "gone")}) is False


def test_watchdog_interval_is_half_the_watchdog_time() -> None:
    assert sdnotify.watchdog_interval_s({"WATCHDOG_USEC": "20000000"}) == 10.0
    own = {"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}
    assert sdnotify.watchdog_interval_s(own) == 15.0
    assert sdnotify.watchdog_interval_s({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}) is None
    assert sdnotify.watchdog_interval_s({}) is None
