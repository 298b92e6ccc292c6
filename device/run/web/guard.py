"""Who may talk to the page's server: the Host a request names, the Origin a POST comes from.

A page on another site can reach a server on loopback through DNS rebinding (its own name made
to resolve to 127.0.0.1): the browser then sends that name as the Host. So a request is served
only when its Host is the address the connection reached (or, on loopback, localhost,
127.0.0.1 or [::1]; on another address, this machine's name) with the server's port.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARDS = frozenset({"", "0.0.0.0", "::"})

# The page is ours alone: no framing, only its own script and style, pictures from itself.
SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; "
                                "img-src 'self' data: blob:; connect-src 'self'; "
                                "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)


def split_host(value: str) -> tuple[str, int | None] | None:
    """`name:port`, `[v6]:port` or a bare name, as (lower-case name, port or None); None if malformed."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1:]
    else:
        name, _, rest = value.rpartition(":") if ":" in value else (value, "", "")
        rest = ":" + rest if _ else ""
    if rest and not (rest.startswith(":") and rest[1:].isdigit()):
        return None
    if not name:
        return None
    return name, (int(rest[1:]) if rest else None)


def plain_address(address: str) -> str:
    """An address as a Host names it: IPv4-mapped IPv6 (::ffff:a.b.c.d) as a.b.c.d, lower case."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address.lower()
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def is_loopback_address(address: str) -> bool:
    """127.x.x.x, ::1 (and ::ffff:127.x.x.x)."""
    try:
        return ipaddress.ip_address(plain_address(address)).is_loopback
    except ValueError:
        return address.lower() == "localhost"


class HostGuard:
    """The names a request's Host (and a POST's Origin) may give for one server."""

    def __init__(self, bind: str, port: int, machine: str | None = None) -> None:
        self.bind = bind.lower()
        self.port = port
        self.machine = (machine if machine is not None else socket.gethostname()).lower()

    def names(self, local_address: str) -> set[str]:
        """What the Host may name on a connection that reached `local_address`."""
        local = plain_address(local_address)
        names = {local}
        if self.bind not in WILDCARDS:
            names.add(plain_address(self.bind))
        if is_loopback_address(local):
            names |= LOOPBACK_NAMES
        elif self.machine:  # reached over the network: this machine's own name works too (mDNS)
            names |= {self.machine, self.machine + ".local"}
        return names

    def host_ok(self, host: str | None, local_address: str) -> bool:
        """True when `host` names this server (one of its names, its port; port 80 may be left out)."""
        parsed = split_host(host) if host else None
        if parsed is None:
            return False
        name, port = parsed
        return (port if port is not None else 80) == self.port and name in self.names(local_address)

    def origin_ok(self, origin: str, local_address: str) -> bool:
        """True when `origin` is this page itself (http://HOST with a Host that is ours)."""
        scheme, _, rest = origin.partition("://")
        return scheme.lower() == "http" and "/" not in rest and self.host_ok(rest, local_address)

    def address(self, local_address: str) -> str:
        """The page's own address as seen on a connection (for error messages)."""
        local = plain_address(local_address)
        return f"http://{'[' + local + ']' if ':' in local else local}:{self.port}/"
