"""Texts of the Settings screen."""

from device.i18n import Strings

STRINGS = Strings({
    "settings.title": ("Settings", "Réglages"),
    "settings.language": ("Language", "Langue"),
    "settings.word_language": ("Word language", "Langue des mots"),
    "settings.panel": ("Screen", "Écran"),
    "settings.buzzer": ("Buzzer", "Buzzer"),
    "settings.sandglass": ("Sandglass", "Sablier"),
    "settings.lang.en": ("English", "anglais"),
    "settings.lang.fr": ("French", "français"),
    "settings.real_panel": ("set in config", "fixé par la config"),
})
