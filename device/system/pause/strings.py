"""Texts of the pause menu."""

from device.i18n import Strings

STRINGS = Strings({
    "pause.title": ("Paused", "Pause"),
    "pause.resume": ("Resume", "Reprendre"),
    "pause.undo": ("Undo", "Annuler"),
    "pause.home": ("Home", "Accueil"),
    "pause.key.resume": ("Resume", "Reprendre"),
    "pause.key.undo": ("Undo", "Annuler"),
    "pause.key.home": ("Home", "Accueil"),
    "pause.key.settings": ("Open", "Ouvrir"),
})
