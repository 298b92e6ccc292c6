"""Texts of the Statistics screen."""

from device.i18n import Strings

STRINGS = Strings({
    "stats.title": ("Statistics", "Statistiques"),
    "stats.games": ("{n} games", "{n} parties"),
    "stats.wins": ("{won} wins in {played}", "{won} victoires sur {played}"),
    "stats.wins_one": ("{won} win in {played}", "{won} victoire sur {played}"),  # 1 in English; 0 and 1 in French
    "stats.none": ("No finished game yet", "Aucune partie terminée"),
})
