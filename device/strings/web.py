"""Texts of the browser simulator's page (around the panel; the panel draws its own)."""

from device.i18n import Strings

WEB = Strings({
    "web.title": ("Easel: simulated panel", "Easel : écran simulé"),
    "web.panel": ("Panel", "Écran"),
    "web.language": ("Language", "Langue"),
    "web.sound": ("Sound", "Son"),
    "web.last": ("Last press to glass:", "Dernier appui → écran :"),
    "web.total": ("Total waited:", "Attente totale :"),
    "web.presses": ("{n} presses", "{n} appuis"),
    "web.presses_one": ("{n} press", "{n} appui"),  # 1 in English; 0 and 1 in French
    "web.none": ("no refresh", "aucun rafraîchissement"),
    "web.refreshing": ("refreshing: {kind}", "rafraîchissement : {kind}"),
    "web.lasts": ("{s} on this panel", "{s} sur cet écran"),
    "web.asleep": ("panel asleep", "écran en veille"),
    "web.idle": ("panel idle", "écran au repos"),
    "web.hold_help": ("Hold a button 1 s (or Shift + click, Shift + key) for a long press: hold back = undo.",
                      "Maintenez un bouton 1 s (ou Maj + clic, Maj + touche) pour un appui long : "
                      "maintenir Retour = annuler."),
    # The keyboard's shortcuts, for the build's own buttons only.
    "web.keys_help_table": ("Keys: arrows up/down · Enter or → ok · Backspace or ← back · r roll · t timer · "
                            "1-8 seats",
                            "Touches : flèches haut/bas · Entrée ou → ok · Retour arrière ou ← retour · r dés · "
                            "t sablier · 1-8 places"),
    "web.keys_help_hat27": ("Keys: arrows up/down (KEY1, KEY2) · Enter or → ok (KEY3) · Backspace or ← back (KEY4)",
                            "Touches : flèches haut/bas (KEY1, KEY2) · Entrée ou → ok (KEY3) · "
                            "Retour arrière ou ← retour (KEY4)"),
    "web.key.up": ("up", "haut"),
    "web.key.down": ("down", "bas"),
    "web.key.ok": ("ok", "ok"),
    "web.key.back": ("back", "retour"),
    "web.aria_panel": ("panel model", "modèle d'écran"),
    "web.aria_language": ("language", "langue"),
    "web.aria_glass": ("e-paper panel", "écran e-paper"),
    "web.aria_sound": ("sound", "son"),
    "web.aria_ghosts": ("ghost view (estimate)", "vue des fantômes (estimation)"),
    "web.never": ("–", "–"),
    "web.hat_keys": ("HAT keys", "Touches du HAT"),
    "web.table_build": ("Table buttons", "Boutons de table"),
    "web.roll": ("Roll", "Dés"),
    "web.timer": ("Timer", "Sablier"),
    "web.seat": ("Seat {n}", "Place {n}"),
    "web.disconnected": ("Disconnected: is {easel} play --web still running?",
                         "Déconnecté : {easel} play --web tourne-t-il encore ?"),
    "web.full": ("This Easel already shows {n} pages: close one elsewhere. Trying again every {s} s…",
                 "Cet Easel affiche déjà {n} pages : fermez-en une ailleurs. Nouvel essai toutes les {s} s…"),
    "web.caption": ("Waveshare {name} e-Paper ({model}) · {width}×{height}",
                    "Waveshare {name} e-Paper ({model}) · {width}×{height}"),
    "web.one_bit": ("1-bit", "1 bit"),
    "web.inches": ('{d}"', '{d}"'),
    "web.inches_hat": ('{d}" HAT', '{d}" HAT'),
    "web.seven_colours": ('{d}" 7-colour', '{d}" 7 couleurs'),
    "web.slow_panel": ("slow: every change is a {s} s full refresh, no partial refresh",
                       "lent : chaque changement est un rafraîchissement complet de {s} s, sans partiel"),
    "web.ghosts": ("Ghost view (estimate)", "Vue des fantômes (estimation)"),
    "web.ghosts_legend": ("Estimated ghosting: yellow builds up, orange is due for cleaning, red is past twice "
                          "the vendor's rate (a forced cleaning).",
                          "Fantômes estimés : jaune s'accumule, orange demande un nettoyage, rouge dépasse deux "
                          "fois le rythme du fabricant (nettoyage forcé)."),
    "web.kind.full": ("full", "complet"),
    "web.kind.fast": ("fast", "rapide"),
    "web.kind.partial": ("partial", "partiel"),
})
