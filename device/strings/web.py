"""Texts of the browser simulator's page (around the panel; the panel draws its own)."""

from device.i18n import Strings

WEB = Strings({
    "web.title": ("Easel: simulated panel", "Easel : écran simulé"),
    "web.panel": ("Panel", "Écran"),
    "web.language": ("Language", "Langue"),
    "web.sound": ("Sound", "Son"),
    "web.last": ("Last press to glass", "Dernier appui → écran"),
    "web.total": ("Total waited", "Attente totale"),
    "web.presses": ("{n} presses", "{n} appuis"),
    "web.none": ("no refresh", "aucun rafraîchissement"),
    "web.refreshing": ("refreshing: {kind}", "rafraîchissement : {kind}"),
    "web.asleep": ("panel asleep", "écran en veille"),
    "web.idle": ("panel idle", "écran au repos"),
    "web.hold_help": ("Hold a button 1 s (or Shift + click, Shift + key) for a long press: hold back = undo.",
                      "Maintenez un bouton 1 s (ou Maj + clic, Maj + touche) pour un appui long : "
                      "maintenir Retour = annuler."),
    "web.keys_help": ("Keys: arrows up/down · Enter or → ok · Backspace or ← back · r roll · t timer · 1-8 seats",
                      "Touches : flèches haut/bas · Entrée ou → ok · Retour arrière ou ← retour · r dés · "
                      "t sablier · 1-8 places"),
    "web.hat_keys": ("HAT keys", "Touches du HAT"),
    "web.table_build": ("Table buttons", "Boutons de table"),
    "web.roll": ("Roll", "Dés"),
    "web.timer": ("Timer", "Sablier"),
    "web.seat": ("Seat {n}", "Place {n}"),
    "web.disconnected": ("Disconnected: is easel play --web still running?",
                         "Déconnecté : easel play --web tourne-t-il encore ?"),
    "web.caption": ("Waveshare {name} e-Paper ({model}) · {width}×{height}",
                    "Waveshare {name} e-Paper ({model}) · {width}×{height}"),
    "web.one_bit": ("1-bit", "1 bit"),
    "web.seven_colours": ('7.3" 7-colour', '7,3" 7 couleurs'),
    "web.ghosts": ("Ghost view (estimate)", "Vue des fantômes (estimation)"),
    "web.ghosts_legend": ("Estimated ghosting: yellow builds up, orange is due for cleaning, red is past twice "
                          "the vendor's rate (a forced cleaning).",
                          "Fantômes estimés : jaune s'accumule, orange demande un nettoyage, rouge dépasse deux "
                          "fois le rythme du fabricant (nettoyage forcé)."),
    "web.kind.full": ("full", "complet"),
    "web.kind.fast": ("fast", "rapide"),
    "web.kind.partial": ("partial", "partiel"),
})
