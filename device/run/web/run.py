"""`easel play --web`: bind the page's server, start the game, open the browser, run until q/Ctrl-C."""

from __future__ import annotations

import errno
import ipaddress
import signal
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any

from device.config import Config
from device.errors import UserError
from device.invocation import easel_command
from device.run.logs import setup_logging
from device.run.web.guard import WILDCARDS
from device.run.web.server import PageServer
from device.run.web.table import WebTable
from device.settings import Settings

DEFAULT_PORT = 8421
LOOPBACK = "127.0.0.1"


def parse_port(text: str) -> int:
    """A --port value: 0 (any free port) to 65535; UserError (one line) otherwise."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise UserError(f"--port {text}: not a port number; use 1-65535 (default {DEFAULT_PORT}, 0 = any free port)")
    return port


def network_url(machine: str, port: int) -> str:
    """The page's address for other machines: this machine's mDNS name (`raspberrypi.local`)."""
    name = machine.lower()
    return f"http://{name if '.' in name else name + '.local'}:{port}/"


def is_loopback(bind: str) -> bool:
    """True for 127.x.x.x, ::1 and localhost."""
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def open_server(table: WebTable, bind: str, port: int) -> PageServer:
    """Bind the page's server; UserError (one line) when the port or address cannot be used."""
    try:
        return PageServer(table, bind, port)
    except OverflowError:
        raise UserError(f"--port {port}: not a port number; use 1-65535") from None
    except socket.gaierror:
        raise UserError(f"--bind {bind}: not an address; give an IP address of this machine, "
                        "e.g. 127.0.0.1, ::1, 0.0.0.0 or ::") from None
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UserError(f"--port {port}: already in use on {bind} (another easel play --web?); "
                            "choose another with --port N") from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise UserError(f"--port {port}: not allowed for this user; use a port above 1023") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise UserError(f"--bind {bind}: not an address of this machine; use 127.0.0.1 or one of "
                            "its own addresses") from None
        raise UserError(f"--bind {bind} --port {port}: cannot listen ({exc.strerror})") from None


def run_web(config: Config, settings: Settings, seed: int, database: Path, forced: dict[str, Any] | None,
            *, port: int = DEFAULT_PORT, bind: str | None = None, browser: bool = True) -> int:
    """Serve the page until q (on a terminal), Ctrl-C or SIGTERM; the game is saved at every press."""
    address = bind or LOOPBACK
    table = WebTable(config, settings, seed, database, forced)
    try:
        server = open_server(table, address, port)  # before anything is written: a bad flag changes nothing
    except UserError:
        table.stop()
        raise
    if not is_loopback(address):
        print(f"easel: warning: --bind {address} lets anyone who can reach this machine see the game and "
              "press its buttons", file=sys.stderr)
    setup_logging(database.parent)
    stop = threading.Event()
    handlers = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    keyboard = None
    serving = threading.Thread(target=server.serve_forever, name="easel-web", daemon=True)
    try:
        table.start()
        serving.start()
        tty = sys.stdin.isatty()
        if str(server.server_address[0]) in WILDCARDS:  # the printed address is loopback: say the one others use
            print(f"Others on the network: {network_url(socket.gethostname(), server.port)} (or this "
                  "machine's address)", flush=True)
        print(f"Easel is on {server.url}  ({'q or ' if tty else ''}Ctrl-C to stop)", flush=True)
        if tty:
            keyboard = _keyboard(table, stop)
        if browser:
            threading.Thread(target=webbrowser.open, args=(server.url,), name="browser", daemon=True).start()
        while not stop.wait(1.0):
            pass
    finally:
        if keyboard is not None:
            keyboard.close()
        server.stop()
        table.stop()
        for sig, previous in handlers.items():
            signal.signal(sig, previous)
    print(f"Easel stopped; the game is saved ({easel_command()} play resumes it).")
    return 0


def _keyboard(table: WebTable, stop: threading.Event) -> Any:
    """The terminal's keys work too: the simulator's shortcuts, and q to stop."""
    try:
        from hardware.keyboard import Keyboard
    except ImportError:  # no termios (Windows): Ctrl-C still stops
        return None

    def sink(event: Any) -> None:
        if event is None:
            stop.set()
        else:
            table.press(event.button, event.kind == "hold")

    keyboard = Keyboard(sink)
    keyboard.start()
    return keyboard
