"""The table screens look texts up in: the shared texts, then each app's as the framework loads it.

Nothing fills it when a module is imported: the framework's loader joins an app's table (and the
titles and the system apps' light tables every screen may name) when it loads that app
(`device.framework.loader.app`), so a start reads only the tables of the apps it shows. Joining
only adds constant tables, once each: a text looked up reads the same whoever joined it. A key
that none of the joined tables has is an error at once (KeyError naming it), never a reason to
import other apps' tables: a text shared by several apps belongs to the shared tables here
(`common`, `components`, `web`).
"""

from __future__ import annotations

from device.i18n import Strings
from device.strings.common import COMMON
from device.strings.components import COMPONENTS
from device.strings.web import WEB


class Catalog(Strings):
    """String tables merged as they join; a key defined by two tables is an error."""

    def __init__(self, *tables: Strings) -> None:
        super().__init__({})
        self._joined: list[Strings] = []  # the tables themselves: an id() may be reused
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

    def __call__(self, lang: str, key: str, **fields: object) -> str:
        """The text for `key` in `lang`, with fields filled in; KeyError for a key no joined table has."""
        if key not in self._table:
            raise KeyError(f"no text {key!r} in the tables joined so far (the shared ones and the apps loaded)")
        return super().__call__(lang, key, **fields)


STRINGS = Catalog(COMMON, COMPONENTS, WEB)
