"""Every string table merged (the shared texts and each app's own, from the registry)."""

from device.framework.registry import string_tables
from device.i18n import Strings
from device.strings.common import COMMON
from device.strings.web import WEB

TABLES: tuple[Strings, ...] = (COMMON, WEB, *string_tables())


def _merge(tables: tuple[Strings, ...]) -> Strings:
    merged = tables[0]
    for table in tables[1:]:
        merged = merged.merged(table)
    return merged


STRINGS = _merge(TABLES)
