"""Texts of the Statistics screen."""

from device.i18n import Strings

STRINGS = Strings({
    "stats.title": ("Statistics", "Statistiques"),
    "stats.games": ("{n} games", "{n} parties"),
    "stats.wins": ("{won} wins in {played}", "{won} victoires sur {played}"),
    "stats.none": ("No finished game yet", "Aucune partie terminée"),
})
