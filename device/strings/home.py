"""Texts of the home menu and the Settings screen."""

from device.i18n import Strings

HOME = Strings({
    "app.name": ("Easel", "Easel"),
    "home.coming": ("coming", "bientôt"),
    "home.continue": ("continue", "reprendre"),
    "home.settings": ("Settings", "Réglages"),
    "game.artbox": ("#ARTBOX", "#ARTBOX"),
    "game.identik": ("IDENTIK", "IDENTIK"),
    "game.artem": ("Artem", "Artem"),
    "game.canvas": ("Canvas", "Canvas"),
    "settings.title": ("Settings", "Réglages"),
    "stats.title": ("Statistics", "Statistiques"),
    "stats.games": ("{n} games", "{n} parties"),
    "stats.wins": ("{won} wins in {played}", "{won} victoires sur {played}"),
    "stats.none": ("No finished game yet", "Aucune partie terminée"),
    "settings.language": ("Language", "Langue"),
    "settings.word_language": ("Word language", "Langue des mots"),
    "settings.panel": ("Screen", "Écran"),
    "settings.buzzer": ("Buzzer", "Buzzer"),
    "settings.sandglass": ("Sandglass", "Sablier"),
    "settings.lang.en": ("English", "anglais"),
    "settings.lang.fr": ("French", "français"),
    "settings.real_panel": ("set in config", "fixé par la config"),
})
