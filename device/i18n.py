"""User-facing text in English and French: every string exists in both or not at all."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from engine.errors import IllegalCommand

LANGUAGES: tuple[str, ...] = ("en", "fr")

# What a stored text is made of: a literal (a name the table typed, a word, a number), a `Said`,
# or parts drawn one after the other.
Text: TypeAlias = "str | int | Said | tuple[Text, ...]"


@dataclass(frozen=True)
class Said:
    """A text kept as data (an undo label): a string key and its fields, translated only when
    drawn, so a step taken in English reads in French after the language changes."""

    key: str
    fields: tuple[tuple[str, Text], ...] = ()


def said(key: str, **fields: Text) -> Said:
    """The text `key` with `fields` (each a literal, a `Said`, or a tuple of parts), as data."""
    return Said(key, tuple(sorted(fields.items())))


def in_each(text: Callable[[str], str]) -> Said:
    """A text that does not come from a string table (a card's name from a game's data file),
    kept as it reads in every language; drawn in the language of the moment like any `Said`."""
    return Said("", tuple((lang, text(lang)) for lang in LANGUAGES))


def text_to_json(text: Text) -> Any:
    """A Text as JSON: a literal as is, parts as a list, a Said as {"key", "fields"}."""
    if isinstance(text, Said):
        return {"key": text.key, "fields": {name: text_to_json(v) for name, v in text.fields}}
    if isinstance(text, tuple):
        return [text_to_json(part) for part in text]
    return text


def text_from_json(data: Any) -> Text:
    """The Text `text_to_json` wrote; ValueError for anything it could not have written."""
    if isinstance(data, str) or (isinstance(data, int) and not isinstance(data, bool)):
        return data
    if isinstance(data, list):
        return tuple(text_from_json(part) for part in data)
    if isinstance(data, dict) and isinstance(data.get("key"), str) and isinstance(data.get("fields"), dict):
        return said(data["key"], **{str(k): text_from_json(v) for k, v in data["fields"].items()})
    raise ValueError(f"not a stored text: {data!r:.60}")


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

    def text(self, lang: str, text: Text) -> str:
        """A stored text drawn in `lang`: each `Said` translated, its fields too."""
        if isinstance(text, Said) and not text.key:  # in_each: the text as it reads in `lang`
            return self.text(lang, dict(text.fields).get(lang, text.fields[0][1] if text.fields else ""))
        if isinstance(text, Said):
            return self(lang, text.key, **{name: self.text(lang, v) for name, v in text.fields})
        if isinstance(text, tuple):
            return "".join(self.text(lang, part) for part in text)
        return str(text)

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
