"""Texts of the home menu."""

from device.i18n import Strings

STRINGS = Strings({
    "app.name": ("Easel", "Easel"),
    "home.continue": ("continue", "reprendre"),
})
