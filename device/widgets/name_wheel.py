"""The name-entry wheel: up/down turn a wheel of letters, ok adds the letter shown, back erases.

Slot 0 of the wheel is "done"; letters are capitalised at the start of a word; a separator
(space, hyphen, apostrophe) only follows a letter.
"""

from __future__ import annotations

from typing import Literal

WHEEL: tuple[str, ...] = ("", *"abcdefghijklmnopqrstuvwxyz", *"àâäçéèêëîïôöùûüÿœæñ", " ", "-", "'")
SEPARATORS = " -'"
DONE = 0
Refusal = Literal["full", "letter_first"]


def wheel_char(text: str, letter: int) -> str:
    """The character the wheel adds to `text` (capitalised at the start of a word)."""
    char = WHEEL[letter]
    if char and char not in SEPARATORS and (not text or text[-1] in " -"):
        return char.upper()
    return char


def first_letter(text: str) -> int:
    """Where the wheel starts: on "done" when a name is there already, else on "a"."""
    return DONE if text else 1


def added(text: str, letter: int, max_len: int) -> str | Refusal:
    """`text` with the wheel's letter added, or why it cannot be."""
    char = wheel_char(text, letter)
    if len(text) >= max_len:
        return "full"
    if char in SEPARATORS and (not text or text[-1] in SEPARATORS):
        return "letter_first"
    return text + char


def finished(text: str) -> str:
    """The name as kept when done: no trailing separator."""
    return text.rstrip(SEPARATORS)
