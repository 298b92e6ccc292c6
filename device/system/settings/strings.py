"""Texts of the Settings screen."""

from device.i18n import Strings

STRINGS = Strings({
    "settings.title": ("Settings", "Réglages"),
    "settings.language": ("Language", "Langue"),
    "settings.word_language": ("Word language", "Langue des mots"),
    "settings.panel": ("Screen", "Écran"),
    "settings.buzzer": ("Buzzer", "Buzzer"),
    "settings.sandglass": ("Sandglass", "Sablier"),
    "settings.cleaning": ("Screen cleaning", "Nettoyage écran"),
    "settings.cleaning.often": ("Often", "Souvent"),
    "settings.cleaning.normal": ("Normal", "Normal"),
    "settings.cleaning.rarely": ("Rarely", "Rarement"),
    "settings.lang.en": ("English", "anglais"),
    "settings.lang.fr": ("French", "français"),
    "settings.real_panel": ("set in config", "fixé par la config"),
    "settings.used_words": ("Used words", "Mots déjà vus"),
    "settings.used_of": ("{used}/{total}", "{used}/{total}"),
    "settings.reset_title": ("Reset used words?", "Remettre les mots ?"),
    "settings.reset_count": ("{used} of {total} words dealt", "{used} mots sur {total} distribués"),
    "settings.reset_what": ("Reset: every word can come again", "Remettre : tous peuvent revenir"),
    "settings.reset_key": ("Reset", "Remettre"),
    "settings.reset_done": ("Used words reset: {total} fresh", "Mots remis : {total} neufs"),
    "settings.no_deck": ("word pack: see config", "paquet de mots : voir config"),
})
