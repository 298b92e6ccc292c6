"""systemd's notify protocol without a dependency: READY, WATCHDOG and STATUS messages.

The unit runs with Type=notify and WatchdogSec: the app calls `notify("READY=1")` once the
first frame is on its way, then `notify("WATCHDOG=1")` every `watchdog_interval_s()` from
its loop. Outside systemd (no NOTIFY_SOCKET) every call is a harmless no-op.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping


def notify(message: str, env: Mapping[str, str] | None = None) -> bool:
    """Send `message` (e.g. "READY=1") to systemd; False when not run by systemd."""
    env = os.environ if env is None else env
    address = env.get("NOTIFY_SOCKET", "")
    if not address or address[0] not in "/@":
        return False
    if address[0] == "@":  # an abstract socket: the name starts with a NUL byte
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode("utf-8"))
    except OSError:
        return False
    return True


def ready(env: Mapping[str, str] | None = None) -> bool:
    """Tell systemd the service is up."""
    return notify("READY=1", env)


def watchdog(env: Mapping[str, str] | None = None) -> bool:
    """Tell systemd the loop is alive."""
    return notify("WATCHDOG=1", env)


def stopping(env: Mapping[str, str] | None = None) -> bool:
    """Tell systemd the service is shutting down."""
    return notify("STOPPING=1", env)


def status(text: str, env: Mapping[str, str] | None = None) -> bool:
    """Show a one-line status in `systemctl status`."""
    return notify("STATUS=" + text.replace("\n", " "), env)


def watchdog_interval_s(env: Mapping[str, str] | None = None) -> float | None:
    """How often to send WATCHDOG=1 (half the unit's WatchdogSec), or None if not asked."""
    env = os.environ if env is None else env
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID")
    if usec <= 0 or (pid and pid != str(os.getpid())):
        return None
    return usec / 2_000_000
