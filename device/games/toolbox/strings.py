"""Texts of the Toolbox screens."""

from device.i18n import Strings

STRINGS = Strings({
    "toolbox.title": ("Toolbox", "Boîte à outils"),
    # the table build's menu title says the roll button rolls from here
    "toolbox.title_roll": ("Toolbox · roll: dice", "Outils · lancer : dés"),
    # the dice and order headers name the table size where it fits, so a wrong count shows early
    "toolbox.table_of": ("{n} players", "{n} joueurs"),
    "toolbox.dice": ("Dice", "Dés"),
    "toolbox.sandglass": ("Sandglass", "Sablier"),
    "toolbox.order": ("Finishing order", "Ordre d'arrivée"),
    "toolbox.players": ("Players", "Joueurs"),
    # the finishing order's row names the table size it counts to (the Players row sets it)
    "toolbox.order_count": ("{done}/{n} players", "{done}/{n} joueurs"),
    # the menu reads as a round's steps, numbered in the order the table uses them
    "toolbox.step_dice": ("1 Roll the dice", "1 Lancer les dés"),
    "toolbox.step_order": ("2 Finishing order", "2 Ordre d'arrivée"),
    "toolbox.step_sandglass": ("3 Sandglass", "3 Sablier"),
    # the title says what up/down do: they switch the dice that roll throws
    "dice.title": ("Dice: ▲▼ switch", "Dés : ▲▼ changer"),
    "dice.shapes": ("4 shape dice", "4 dés formes"),
    "dice.d6": ("d6", "d6"),
    "dice.d10": ("d10", "d10"),
    "dice.tokens": ("Toss {n} tokens", "Lancer {n} jetons"),
    "dice.token_one": ("Toss 1 token", "Lancer 1 jeton"),
    "dice.press_roll": ("Press roll or OK", "Appuyez sur lancer ou OK"),
    "dice.press_roll.keys": ("Press OK to roll", "OK pour lancer"),
    # up/down on the dice screen name the dice they switch to
    "dice.short.shapes": ("Shapes", "Formes"),
    "dice.short.d6": ("d6", "d6"),
    "dice.short.d10": ("d10", "d10"),
    "dice.short.tokens": ("{n} tokens", "{n} jetons"),
    "dice.short.token_one": ("1 token", "1 jeton"),
    # after a roll, the round's next two steps in the build's words
    "dice.then_order": ("Done drawing? Press your seat button", "Dessin fini ? Votre bouton de place"),
    "dice.then_glass": ("Then guessing: timer turns the sandglass", "Puis devinettes : bouton Sablier"),
    "dice.then_order.keys": ("Done drawing? ◀ then 2 Finishing order", "Dessin fini ? ◀ puis 2 Ordre d'arrivée"),
    "dice.then_glass.keys": ("Then guessing: ◀ then 3 Sandglass", "Puis devinettes : ◀ puis 3 Sablier"),
    # a roll after everyone took a token starts a new round: the tokens went back (000 l.95)
    "dice.order_cleared": ("order cleared", "ordre effacé"),
    "dice.face_up": ("{up} of {n} face up", "{up} sur {n} face visible"),
    "dice.rolled_new_round": ("tokens back, rolled {what}", "jetons rendus, lancé {what}"),
    "glass.idle": ("ready", "prêt"),
    "glass.running": ("running", "en cours"),
    "glass.held": ("stopped", "arrêté"),
    "glass.paused": ("paused", "en pause"),
    "glass.done": ("done", "fini"),
    "glass.start": ("Start", "Démarrer"),
    "glass.flip": ("Flip", "Retourner"),
    "glass.pause": ("Pause", "Pause"),
    "glass.resume": ("Resume", "Reprendre"),
    "glass.again": ("Again", "Encore"),
    "glass.plus": ("+10 s", "+10 s"),
    "glass.minus": ("-10 s", "-10 s"),
    "glass.time_up": ("Time!", "Temps !"),
    # after Time! the table's next step is the next round's roll (000 l.95, l.36)
    "glass.next_round": ("Next round: press roll", "Manche suivante : bouton lancer"),
    "glass.next_round.keys": ("Next round: OK rolls the dice", "Manche suivante : OK lance les dés"),
    "glass.paused_big": ("PAUSED", "PAUSE"),
    "glass.flipped": ("sandglass flipped", "sablier retourné"),
    "glass.paused_label": ("sandglass paused", "sablier en pause"),
    "glass.resumed": ("sandglass resumed", "sablier relancé"),
    "glass.adjusted": ("sandglass {delta} s", "sablier {delta} s"),
    # +10 s stops at the length set in Settings, -10 s at empty: said on screen, never silently
    "glass.full": ("Full: {length} is the length (Settings)", "Plein : {length}, la durée (Réglages)"),
    "glass.empty": ("Empty: no sand left to take", "Vide : plus de sable à retirer"),
    "order.next": ("#{n} next", "#{n} suivant"),
    "order.seat_takes": ("{seat}: #{n}", "{seat} : #{n}"),
    "order.took": ("seat {seat} took #{token}", "place {seat} prend #{token}"),
    "order.press_own": ("Done drawing? Press your seat button", "Dessin fini ? Votre bouton de place"),
    # the seat cursor: the four keys' way, or by hand on the table build (a seat without a button)
    "order.pick_seat": ("Who finished? ▲▼ their seat, OK gives #{n}", "Qui a fini ? ▲▼ sa place, OK donne #{n}"),
    # what that key is for, on the table build's order screen
    "order.by_hand_why": ("A seat without a button? OK records it by hand",
                          "Une place sans bouton ? OK la note à la main"),
    "order.seat_up": ("Seat -", "Place -"),
    "order.seat_down": ("Seat +", "Place +"),
    "order.first": ("#1 goes to the first one done drawing", "Le #1 au premier dessin fini"),
    "order.all_done": ("all finished", "tous finis"),
    "order.then_glass": ("Guessing: the first one done presses timer or OK",
                         "Devinettes : le premier fini appuie sur Sablier ou OK"),
    "order.then_glass.keys": ("Guessing now: the first one done presses OK",
                              "Devinettes : le premier qui a fini appuie sur OK"),
    "order.turn_glass": ("Turn glass", "Retourner"),
    "order.open_glass": ("Sandglass", "Sablier"),
    # the Players editor: OK keeps the count, back leaves it as it was
    "players.keep": ("Keep", "Garder"),
    "players.cancel": ("Cancel", "Annuler"),
    "players.set": ("table of {n} players", "table de {n} joueurs"),
    "error.already_taken": ("Seat {seat} already holds #{token}", "La place {seat} a déjà le #{token}"),
    "error.not_at_table": ("Seat {seat} is not at this table", "La place {seat} n'est pas à cette table"),
    "error.glass_busy": ("Stop the sandglass first", "Arrêtez d'abord le sablier"),
})
