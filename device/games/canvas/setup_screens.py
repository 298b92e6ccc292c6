"""The Canvas setup screens: players, the menu of setups, picking cards, unknown points, cards in play."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from device.games.canvas.draw import inner, number_screen, shorten
from device.games.canvas.text import card_name, condition_text, points_text
from device.games.canvas.ui import CanvasUi, chosen_cards, data, mode_items, needs_points, setup_name, setup_rows
from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX, Frame, wrap_words
from device.render.shapes import Box
from device.strings.all import STRINGS as T

Keys = Mapping[str, str]


def _players_text(lang: str, players: int) -> str:
    return T(lang, "canvas.solo") if players == 1 else T(lang, "players", n=players)


def _setup_value(ui: CanvasUi, lang: str, row: str) -> str:
    """What the setup menu shows right of a row."""
    if row == "players":
        return str(ui.players)
    if row == "toss":
        return T(lang, "canvas.setup.table" if ui.toss_table else "canvas.setup.device")
    if row == "cards":
        name = setup_name(ui)
        if ui.random:
            return T(lang, "canvas.setup.random")
        return next(s.label(lang) for s in data().setups if s.id == name) if name else T(lang, "canvas.setup.chosen")
    return ""


def _fitting(frame: Frame, value: str, width: int) -> str:
    """A value as it fits beside its row: whole, else without its note in brackets
    ("Première partie (liste publiée)" reads "Première partie"), else cut."""
    if frame.text_width(value, frame.body) > width and " (" in value:
        value = value.split(" (")[0]
    return shorten(value, width, frame.body)


def _setup(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    frame.header(T(lang, "game.canvas"), _players_text(lang, ui.players))
    frame.softkeys(keys)
    rows = setup_rows(ui)
    left, top, right, bottom = frame.content
    ink = font(frame.small).getbbox("ÉÊgp,", anchor="lm")
    footer = int(ink[3] - ink[1]) + 2 * max(2, frame.px(2)) + 1  # accents and descenders clear of the rule
    items = [T(lang, f"canvas.setup.{row}") for row in rows]
    room = right - left - max(frame.text_width(item, frame.body) for item in items) - frame.px(20)
    values = [_fitting(frame, _setup_value(ui, lang, row), room) for row in rows]
    frame.menu((left, top, right, bottom - footer), items, ui.cursor, right=values)
    names = ", ".join(data().entry(n).label(lang) for n in ui.chosen)
    frame.draw.line((left, bottom - footer, right, bottom - footer), fill=frame.ink)
    pad = frame.px(4)
    shown = shorten(names, right - left - 2 * pad, frame.small)
    frame.text((left + pad, bottom - footer // 2), shown, frame.small, anchor="lm")


def _players(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    frame.header(T(lang, "game.canvas"), _players_text(lang, ui.players))
    frame.softkeys(keys)
    number_screen(frame, T(lang, "canvas.players.title"), str(ui.players), T(lang, "canvas.players.hint"))


def _mode(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    frame.header(T(lang, "canvas.mode.title"), _players_text(lang, ui.players))
    frame.softkeys(keys)
    setups = {s.id: s for s in data().setups}
    items = [setups[k].label(lang) if k in setups else T(lang, f"canvas.mode.{k}") for k in mode_items()]
    left, top, right, bottom = frame.content
    footer = frame.small + frame.px(5)
    in_use = setup_name(ui) if not ui.random else None  # the set the setup menu shows (issue 20)
    marks = [T(lang, "canvas.mode.in_use") if k == in_use else "" for k in mode_items()]
    frame.menu((left, top, right, bottom - footer), items, ui.cursor, right=marks)
    chosen = mode_items()[ui.cursor]
    if chosen in setups:
        names = ", ".join(data().entry(n).label(lang) for n in setups[chosen].cards)
        frame.draw.line((left, bottom - footer, right, bottom - footer), fill=frame.ink)
        frame.fit(
            (left + frame.px(4), bottom - footer + 1, right - frame.px(4), bottom),
            names,
            max_px=frame.small,
            align="left",
        )


def _pick(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    frame.header(T(lang, "canvas.pick.title", n=len(ui.chosen)))
    frame.softkeys(keys)
    items = [e.label(lang) for e in data().cards] + [T(lang, "canvas.pick.done")]
    right = [f"#{ui.chosen.index(e.name) + 1}" if e.name in ui.chosen else "" for e in data().cards]
    if not ui.chosen:
        frame.menu(frame.content, items, ui.cursor, right=right)
        return
    # Every pick in sight at once, in order, under the list (issue 20: #2 scrolled out of view).
    left, top, right_x, bottom = frame.content
    footer = frame.small + frame.px(5)
    frame.menu((left, top, right_x, bottom - footer), items, ui.cursor, right=right)
    frame.draw.line((left, bottom - footer, right_x, bottom - footer), fill=frame.ink)
    names = " ".join(f"#{i} {data().entry(n).label(lang)}" for i, n in enumerate(ui.chosen, 1))
    frame.fit((left + frame.px(4), bottom - footer + 1, right_x - frame.px(4), bottom), names,
              max_px=frame.small, align="left")


def _points(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    name = needs_points(ui) or ""
    frame.header(T(lang, "canvas.points.title", card=data().entry(name).label(lang) if name else ""))
    frame.softkeys(keys)
    value = str(ui.value) if ui.value else T(lang, "canvas.points.end")
    so_far = T(lang, "canvas.points.so_far", table=points_text(ui.table)) if ui.table else ""
    number_screen(frame, T(lang, "canvas.points.ask", k=len(ui.table) + 1), value, so_far)


def _paragraph(frame: Frame, box: Box, text: str) -> None:
    """`text` on as few lines as fit `box`, at the largest size from the small one down to the
    floor; cut only if even that cannot hold it."""
    left, top, right, bottom = box
    for px in range(frame.small, TEXT_FLOOR_PX - 1, -1):
        lines = wrap_words(text, right - left, px)
        step = int(px * 1.2)
        if len(lines) * step <= bottom - top or px == TEXT_FLOOR_PX:
            break
    for i, line in enumerate(lines[: max(1, (bottom - top) // step)]):
        frame.text((left, top + i * step), shorten(line, right - left, px), px)


def _cards(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    frame.header(T(lang, "canvas.cards.title"), _players_text(lang, ui.players))
    frame.softkeys(keys)
    left, top, right, bottom = inner(frame)
    cards = chosen_cards(ui)
    row = (bottom - top) // max(1, len(cards))
    two_lines = row >= frame.small * 2.6
    name_px = min(frame.body, int(row * 0.42)) if two_lines else frame.small
    for i, card in enumerate(cards):
        y = top + i * row
        table = points_text(card.points)
        table_w = frame.text_width(table, name_px, "bold")
        summary = condition_text(lang, card.condition)
        name = card_name(lang, card)
        if two_lines:
            frame.text((left, y), shorten(name, right - left - table_w - 8, name_px, "bold"), name_px, "bold")
            _paragraph(frame, (left + frame.px(6), y + int(name_px * 1.25), right, y + row - 1), summary)
            frame.text((right, y), table, name_px, "bold", anchor="ra")
        else:
            line = T(lang, "canvas.cards.line", name=name, summary=summary)
            px = frame.fit_px(line, (left, y, right - table_w - 8, y + row), frame.small)
            frame.text((left, y + row // 2), shorten(line, right - left - table_w - 8, px), px, anchor="lm")
            frame.text((right, y + row // 2), table, frame.small, "bold", anchor="rm")


SETUP_SCREENS: dict[str, Callable[[CanvasUi, str, Keys, Frame], None]] = {
    "setup": _setup,
    "players": _players,
    "mode": _mode,
    "pick": _pick,
    "points": _points,
    "cards": _cards,
}
