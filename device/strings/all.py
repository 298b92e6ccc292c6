"""Every string table merged; apps look texts up here."""

from device.i18n import Strings
from device.strings.artbox import ARTBOX
from device.strings.artem import ARTEM
from device.strings.canvas import CANVAS
from device.strings.common import COMMON
from device.strings.home import HOME
from device.strings.identik import IDENTIK
from device.strings.toolbox import TOOLBOX
from device.strings.web import WEB

TABLES: tuple[Strings, ...] = (COMMON, HOME, TOOLBOX, ARTBOX, IDENTIK, ARTEM, CANVAS, WEB)


def _merge(tables: tuple[Strings, ...]) -> Strings:
    merged = tables[0]
    for table in tables[1:]:
        merged = merged.merged(table)
    return merged


STRINGS = _merge(TABLES)
