"""The one table every screen looks texts up in: the shared texts, then each app's as it loads.

An app's table joins when the framework loads the app (`device.framework.loader`), so a start
reads only the tables of the apps it shows. A key none of the joined tables has makes the
catalog load the tables still missing (the framework names them) before it counts as unknown:
a screen that uses another app's text still finds it, it only costs that import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from device.i18n import Strings
from device.strings.common import COMMON
from device.strings.web import WEB


class Catalog(Strings):
    """String tables merged as they join; a key defined by two tables is an error."""

    def __init__(self, *tables: Strings) -> None:
        super().__init__({})
        self._joined: list[Strings] = []  # the tables themselves: an id() may be reused
        self._missing: Callable[[], Iterable[Strings]] = tuple
        for table in tables:
            self.join(table)

    def join(self, table: Strings) -> None:
        """Add a table (once; joining it again does nothing)."""
        if any(joined is table for joined in self._joined):
            return
        clash = set(self._table) & set(table.keys())
        if clash:
            raise ValueError(f"strings defined twice: {sorted(clash)}")
        self._table.update(table._table)
        self._joined.append(table)

    def load_missing_with(self, tables: Callable[[], Iterable[Strings]]) -> None:
        """Name how to load every table, for a key the joined tables lack."""
        self._missing = tables

    def _load_missing(self) -> None:
        for table in self._missing():
            self.join(table)

    def __call__(self, lang: str, key: str, **fields: object) -> str:
        """The text for `key` in `lang`, with fields filled in."""
        if key not in self._table:
            self._load_missing()
        return super().__call__(lang, key, **fields)

    def __contains__(self, key: str) -> bool:
        if key not in self._table:
            self._load_missing()
        return key in self._table

    def keys(self) -> tuple[str, ...]:
        """Every key of every table."""
        self._load_missing()
        return super().keys()


STRINGS = Catalog(COMMON, WEB)
