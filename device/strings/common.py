"""Texts shared by every screen."""

from device.i18n import Strings

COMMON = Strings({
    "key.back": ("Back", "Retour"),
    "key.ok": ("OK", "OK"),
    "key.open": ("Open", "Ouvrir"),
    "key.prev": ("Prev", "Préc."),
    "key.next": ("Next", "Suiv."),
    "key.up": ("Up", "Haut"),
    "key.down": ("Down", "Bas"),
    "key.change": ("Change", "Changer"),
    "key.home": ("Home", "Accueil"),
    "seat": ("Seat {seat}", "Place {seat}"),
    "seat.short": ("S{seat}", "P{seat}"),
    "players": ("{n} players", "{n} joueurs"),
    "undid": ("Undid: {label}", "Annulé : {label}"),
    "redid": ("Redid: {label}", "Rétabli : {label}"),
    "nothing_to_undo": ("Nothing to undo", "Rien à annuler"),
    "nothing_to_redo": ("Nothing to redo", "Rien à rétablir"),
    "panel_fault": ("Panel fault: {message}", "Panneau en défaut : {message}"),
    "storage_unsaved": ("Not saved: {n} steps wait for the disk (full?)",
                        "Non enregistré : {n} étapes attendent le disque (plein ?)"),
    "power_cut": ("Power was lost at {left}: press to resume", "Coupure à {left} : appuyez pour reprendre"),
    "power_cut_paused": ("Power was lost: press to resume", "Coupure de courant : appuyez pour reprendre"),
    "step_damaged": ("That step was damaged and is dropped", "Cette étape était abîmée : supprimée"),
    "error.glass_turned": ("The sandglass is already running", "Le sablier est déjà lancé"),
    "error.glass_not_running": ("The sandglass is not running", "Le sablier n'est pas lancé"),
    "error.glass_not_paused": ("The sandglass is not paused", "Le sablier n'est pas en pause"),
    "error.glass_pause_first": ("Pause the sandglass first", "Mettez d'abord le sablier en pause"),
    "on": ("on", "oui"),
    "off": ("off", "non"),
})
