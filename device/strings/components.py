"""Texts of the components every game may use (rulebook 000: the shape dice, the sandglass, the
number tokens), shared by the Toolbox and the games that draw or label them: part of every
app's catalog, so no app looks a text up in another app's table."""

from device.i18n import Strings

COMPONENTS = Strings({
    "dice.roll": ("Roll", "Lancer"),
    "dice.rolled": ("rolled {what}", "lancé {what}"),
    "shape.circle": ("circle", "cercle"),
    "shape.square": ("square", "carré"),
    "shape.triangle": ("triangle", "triangle"),
    "shape.line": ("line", "trait"),
    "glass.started": ("sandglass started", "sablier lancé"),
    "order.waiting": ("Waiting", "En attente"),
})
