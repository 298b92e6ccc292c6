"""User-facing text in English and French: every string exists in both or not at all."""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import IllegalCommand

LANGUAGES: tuple[str, ...] = ("en", "fr")


class Strings:
    """A table of texts keyed by name, each an (English, French) pair with {fields}."""

    def __init__(self, table: Mapping[str, tuple[str, str]]) -> None:
        for key, pair in table.items():
            if len(pair) != 2 or not all(isinstance(t, str) and t for t in pair):
                raise ValueError(f"string {key!r} needs a non-empty English and French text")
        self._table = dict(table)

    def __call__(self, lang: str, key: str, **fields: object) -> str:
        """The text for `key` in `lang`, with fields filled in."""
        pair = self._table[key]
        text = pair[1] if lang == "fr" else pair[0]
        return text.format(**fields) if fields else text

    def __contains__(self, key: str) -> bool:
        return key in self._table

    def keys(self) -> tuple[str, ...]:
        """Every key in the table."""
        return tuple(self._table)

    def merged(self, other: Strings) -> Strings:
        """A table with both tables' keys; a key in both is an error."""
        clash = set(self._table) & set(other._table)
        if clash:
            raise ValueError(f"strings defined twice: {sorted(clash)}")
        return Strings({**self._table, **other._table})


def explain(strings: Strings, lang: str, error: IllegalCommand) -> str:
    """Say why a command was refused, in `lang` when the refusal's code is translated."""
    key = f"error.{error.code}"
    if error.code and key in strings:
        return strings(lang, key, **error.params)
    return str(error)
