"""Digests without OpenSSL: CPython's own SHA-256 and BLAKE2b.

`hashlib` loads OpenSSL's libcrypto as it is imported, about 3.3 MB of resident memory for the
few short digests Easel takes (a word pack's fingerprint, the seal of the database's rows), a
tenth of the memory a game may use on a Pi Zero. CPython builds its own implementations in
(`_sha2` from 3.12, `_sha256` in 3.11, `_blake2`); hashlib is the fallback of a Python built
without them. The digests are the same bytes either way.
"""

from __future__ import annotations

import importlib
from typing import Any


def _builtin(modules: tuple[str, ...], name: str) -> Any:
    for module in modules:
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
    return getattr(importlib.import_module("hashlib"), name)


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of `data`, in hex."""
    return str(_builtin(("_sha2", "_sha256"), "sha256")(data).hexdigest())


def blake2b(digest_size: int) -> Any:
    """A new BLAKE2b hash object (update(), hexdigest())."""
    return _builtin(("_blake2",), "blake2b")(digest_size=digest_size)
