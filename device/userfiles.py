"""Reading the user's files within bounds: a regular file, no bigger than its kind's limit.

Every file Easel reads on the user's word (config, word packs, scripts, the dice file) comes
through `read_bounded`: a FIFO, a device such as /dev/zero or a directory is refused before it
is opened, and the size is checked before reading and again while reading (a file that grows
meanwhile stops at the limit). The limits are far above any real file:

- config and dice file: 1 MB (a full config is under 2 KB, the packaged dice file under 1 KB);
- script: 4 MB (the longest bundled whole-game script is 12 KB: about 300 times that);
- word pack: `device.wordpacks.MAX_PACK_BYTES` (1 MB, room for its 20,000 words);
- one line of a script streamed on stdin (`--script -`): 4 KB (a step is under 20 characters).
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path
from typing import BinaryIO

from device.errors import UserError

CONFIG_BYTES = 1_000_000
DICE_BYTES = 1_000_000
SCRIPT_BYTES = 4_000_000
SCRIPT_LINE_BYTES = 4_096
_CHUNK = 65_536
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def _not_regular(mode: int) -> str | None:
    """What a file that is not a regular file is ("a directory"), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def read_bounded(path: Path, what: str, limit: int, fix: str, error: type[Exception] = UserError,
                 too_big: str = "") -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; `error` (one line naming
    the file and `fix`, or `too_big` if given) when it is missing, unreadable, not a regular file or
    too big."""
    too_big = too_big or fix
    try:
        kind = _not_regular(os.stat(path).st_mode)  # before opening: opening a device can act
        if kind is not None:
            raise error(f"{path}: is {kind}, not a {what} file; {fix}")
        fd = os.open(path, _FLAGS)  # non-blocking: a FIFO swapped in cannot hang the open
        with os.fdopen(fd, "rb", buffering=0) as handle:
            info = os.fstat(fd)
            kind = _not_regular(info.st_mode)
            if kind is not None:
                raise error(f"{path}: is {kind}, not a {what} file; {fix}")
            if info.st_size > limit:
                raise error(f"{path}: {info.st_size:,} bytes, a {what} file holds at most {limit:,}; {too_big}")
            data = _read_up_to(handle, limit + 1)
    except FileNotFoundError:
        raise error(f"{path}: no such {what} file; {fix}") from None
    except OSError as exc:
        raise error(f"{path}: cannot read the {what} file ({exc.strerror}); {fix}") from None
    if len(data) > limit:
        raise error(f"{path}: grew past {limit:,} bytes while being read, the most a {what} file holds; "
                    f"{too_big}")
    return data


def _read_up_to(handle: BinaryIO, most: int) -> bytes:
    """At most `most` bytes from `handle`, in chunks, stopping at end of file."""
    chunks: list[bytes] = []
    size = 0
    while size < most:
        chunk = handle.read(min(_CHUNK, most - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_bounded_text(path: Path, what: str, limit: int, fix: str,
                      error: type[Exception] = UserError, too_big: str = "") -> str:
    """`read_bounded`, decoded as UTF-8 (a leading byte-order mark is dropped); text that is not
    UTF-8 is refused naming the line of the first bad byte."""
    return decode_utf8(read_bounded(path, what, limit, fix, error, too_big), str(path), what, error)


def decode_utf8(data: bytes, source: str, what: str, error: type[Exception] = UserError,
                first_line: int = 1) -> str:
    """`data` as UTF-8 text; `error` naming `source`, the line and the fix when it is not."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = first_line + data[:exc.start].count(b"\n")
        raise error(f"{source}:{line}: not UTF-8 text; save the {what} file as UTF-8") from None
