"""Text from outside made drawable: any string may reach the screen (a path, a damaged row)."""

from __future__ import annotations

# Line and paragraph breaks and tabs become a space: every text the renderer draws is one line.
_BREAKS = "\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029"
_TABLE: dict[int, str | None] = {
    **{code: None for code in (*range(0x20), *range(0x7F, 0xA0))},  # C0, DEL, C1: dropped
    **{ord(ch): " " for ch in _BREAKS},
    **{code: "?" for code in range(0xD800, 0xE000)},  # a lone surrogate: a byte that was not UTF-8
}


def drawable(text: str) -> str:
    """`text` as the renderer can draw it: line breaks and tabs become spaces, other control
    characters (C0, DEL, C1) are dropped, and a lone surrogate (an undecodable byte kept by
    surrogateescape, or half a pair) becomes '?'. Printable text comes back unchanged."""
    if text.isprintable():
        return text
    return text.replace("\r\n", " ").translate(_TABLE)
