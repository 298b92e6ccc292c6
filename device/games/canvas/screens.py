"""The Canvas screens: scoreboard, slot entry, review, tie-breaks and results (setup and solo
turns have their own modules)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from device.games.canvas.draw import (
    Line,
    draw_icon,
    draw_icon_keys,
    draw_named_key,
    draw_strip,
    inner,
    number_screen,
    text_list,
)
from device.games.canvas.setup_screens import SETUP_SCREENS
from device.games.canvas.solo_screens import SOLO_SCREENS, turn
from device.games.canvas.text import (
    card_name,
    colour,
    condition_text,
    gains,
    icon_name,
    packed_review,
    review_lines,
    review_rows,
    seat,
)
from device.games.canvas.ui import CanvasUi
from device.render.fonts import font
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.render.shapes import Box
from device.strings.all import STRINGS as T
from device.widgets.keeper_cursor import cursor_shown
from engine.canvas import CANVAS
from engine.canvas import scores as canvas_scores
from engine.canvas.cards import PAINTINGS_EACH, Slot
from engine.canvas.rules import solo_award
from engine.canvas.scores import (
    best_by_tokens,
    bonus_total,
    card_points,
    leaders,
    paintings_done,
    runner_up,
    seats,
    total,
)
from engine.canvas.state import State

Keys = Mapping[str, str]


def render(ui: CanvasUi, lang: str, keys: Keys, frame: Frame, seat_buttons: bool = True) -> None:
    """Draw the Canvas screen the table is on, with these soft-key labels; with `seat_buttons`
    (the table build) a slot shows the seat button that enters each icon."""
    if ui.screen == "slot":
        _slot(ui, lang, keys, frame, seat_buttons)
        return
    if ui.screen == "board":
        _board(ui, lang, keys, frame, seat_buttons)
        return
    if ui.screen == "turn":
        turn(ui, lang, keys, frame, seat_buttons)
        return
    draw = SETUP_SCREENS.get(ui.screen) or SCREENS[ui.screen]
    draw(ui, lang, keys, frame)


# the table game ---------------------------------------------------------------------------
def _board(ui: CanvasUi, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    game = _game(ui)
    players = game.setup.players
    done = sum(paintings_done(game, s) for s in seats(game))
    frame.header(T(lang, "game.canvas"), T(lang, "canvas.board.done", done=done, all=players * PAINTINGS_EACH))
    frame.softkeys(keys)
    # The table build marks no seat until ok asks for the cursor (issue 20, third read).
    used = _score_table(frame, lang, game, ui.cursor if cursor_shown(ui.by_hand, seat_buttons) else 0)
    # Who acts and how (issue 20): a player who completes a painting (004 l.36) enters it; taking
    # an art card (l.40-44) needs no press.
    left, _, right, bottom = inner(frame)
    hints = [T(lang, "canvas.board.hint" if seat_buttons else "canvas.board.hint.keys"), T(lang, "canvas.board.take")]
    # Where a third line fits, the points split into ribbons and bonus (issue 20, third read).
    split = ", ".join(T(lang, "canvas.board.split", seat=seat(lang, s), ribbons=sum(card_points(game, s)),
                        bonus=bonus_total(game, s)) for s in seats(game))
    hints.append(T(lang, "canvas.board.points_are", split=split))
    line = frame.small + frame.px(4)
    room = (bottom - used - frame.px(2)) // line
    for i, hint in enumerate(hints[: max(0, room)]):
        y = used + frame.px(2) + i * line
        frame.fit((left, y, right, y + line), hint, max_px=frame.small, align="left")


def _score_table(frame: Frame, lang: str, game: State, cursor: int) -> int:
    """The ribbons, paintings and points of each seat, `cursor`'s row inverted; returns its bottom."""
    left, top, right, bottom = frame.content
    cards = game.setup.cards
    rows = game.setup.players + 1
    row = min(int(frame.body * 1.5), (bottom - top) // rows)
    pad = frame.px(3)
    headers = [card_name(lang, c) for c in cards]
    header_px = min(frame.small, int(row * 0.7))
    seat_w = frame.text_width("S5", frame.body, "bold") + pad * 3
    # The last two columns headed in words, "Paintings" and "Points" (issue 20, second read:
    # "Pnt" and "Pts" were cryptic), each as wide as its word needs.
    words = (T(lang, "canvas.board.paintings"), T(lang, "canvas.board.points"))
    word_px = max(TEXT_FLOOR_PX, min(frame.small, header_px))
    figure_w = frame.text_width("888", frame.body, "bold") + pad * 2
    paint_w, points_w = (max(figure_w, frame.text_width(w, word_px) + pad * 2) for w in words)
    card_w = (right - left - seat_w - paint_w - points_w) // max(1, len(cards))
    # Card names on one line where a smaller size (down to the floor) lets them fit; else on
    # two staggered lines, each then free to spread over its neighbours' room: never cut.
    one_line = header_px
    while one_line > TEXT_FLOOR_PX and any(frame.text_width(t, one_line) > card_w - 2 for t in headers):
        one_line -= 1
    staggered = any(frame.text_width(text, one_line) > card_w - 2 for text in headers)
    header_px = header_px if staggered else one_line
    word_px = word_px if staggered else max(TEXT_FLOOR_PX, min(word_px, header_px + 2))
    head_h = row
    if staggered:
        header_px = max(TEXT_FLOOR_PX, min(header_px, frame.small))
        ink = font(header_px).getbbox("Éyg", anchor="mm")
        head_h = 2 * (int(ink[3] - ink[1]) + 2) + 2
        row = min(int(frame.body * 1.5), (bottom - top - head_h) // (rows - 1))
    px = min(frame.body, int(row * 0.75))
    columns = [left + seat_w + card_w * i for i in range(len(cards))]
    paint_x = left + seat_w + card_w * len(cards)
    lines = 2 if staggered else 1
    for i, (x, text) in enumerate(zip(columns, headers, strict=True)):
        y = top + (head_h - 2) * (2 * (i % lines) + 1) // (2 * lines)
        half = frame.text_width(text, header_px) // 2
        cx = min(max(x + card_w // 2, left + half), right - half)
        frame.text((cx, y), text, header_px, anchor="mm")
    y = top + head_h // 2
    frame.text((paint_x + paint_w // 2, y), words[0], word_px, anchor="mm")
    frame.text((right - pad, y), words[1], word_px, anchor="rm")
    frame.draw.line((left, top + head_h - 1, right, top + head_h - 1), fill=frame.ink)
    for s in seats(game):
        y0 = top + head_h + (s - 1) * row
        selected = s == cursor and game.phase == "playing"
        if selected:
            frame.draw.rectangle((left, y0, right - 1, y0 + row - 1), fill=frame.ink)
        fill = frame.paper if selected else frame.ink
        cy = y0 + row // 2
        frame.text((left + pad, cy), seat(lang, s), px, "bold", anchor="lm", fill=fill)
        for x, n in zip(columns, canvas_scores.ribbons(game, s), strict=True):
            frame.text((x + card_w // 2, cy), str(n), px, anchor="mm", fill=fill)
        frame.text((paint_x + paint_w // 2, cy), f"{paintings_done(game, s)}/3", px, anchor="mm", fill=fill)
        frame.text((right - pad, cy), str(total(game, s)), px, "bold", anchor="rm", fill=fill)
    return top + head_h + len(seats(game)) * row


def _game(ui: CanvasUi) -> State:
    assert ui.game is not None
    return ui.game


def _slot(ui: CanvasUi, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    game = _game(ui)
    draft = game.draft
    assert draft is not None
    number = draft.at + 1
    title = T(lang, "canvas.slot.title", seat=seat(lang, draft.seat), n=number, colour=colour(lang, number))
    # The table build: `timer` enters the ninth icon, which the seat-button legend cannot hold
    # (issue 20, second read: "+2/Shape" on up alone misled).
    icons = game.setup.icons
    # Issue 28: "+2/Shape" alone was cryptic on the 2.13": the header names it as the legend does
    timer = T(lang, "canvas.slot.timer", icon=icon_name(lang, icons[9], game.setup)) if len(icons) > 9 else ""
    frame.softkeys(keys)
    # Issue 20, third read: in the legend with the seat buttons where a fifth row fits, else here.
    in_legend = seat_buttons and bool(timer) and _legend_fits(frame)
    frame.header(title, timer if seat_buttons and not in_legend else "")
    left, top, right, bottom = inner(frame)
    strip_w = (right - left) // 3 if seat_buttons else (right - left) * 2 // 5
    shown = tuple(Slot(ui.top, ui.bottom) if i == draft.at else s for i, s in enumerate(draft.slots))
    draw_strip(frame, (left, top, left + strip_w, bottom), shown, number, game.setup)
    x0 = left + strip_w + frame.px(6)
    if seat_buttons:
        _slot_rows(ui, lang, frame, (x0, top, right, bottom), in_legend)
        return
    row_h = (bottom - top) // 2
    for r, (label, icon) in enumerate(
        ((T(lang, "canvas.slot.top"), ui.top), (T(lang, "canvas.slot.bottom"), ui.bottom))
    ):
        y0 = top + r * row_h
        selected = r == ui.row
        if selected:
            frame.draw.rounded_rectangle((x0, y0 + 1, right, y0 + row_h - 1), radius=frame.px(3), fill=frame.ink)
        fill = frame.paper if selected else frame.ink
        pad = frame.px(3)
        frame.text((x0 + pad, y0 + pad), label, frame.small, anchor="la", fill=fill)
        icon_top = y0 + pad + int(font(frame.small).getbbox(label + "p")[3]) + max(2, pad)  # below its descenders
        size = min(y0 + row_h - pad - icon_top, frame.px(26))
        draw_icon(frame, icon, (x0 + pad, icon_top, x0 + pad + size, icon_top + size), game.setup, fill)
        name = icon_name(lang, icon, game.setup)
        text_x = x0 + pad * 2 + size
        frame.fit((text_x, icon_top, right - pad, icon_top + size), name, max_px=frame.body, align="left", fill=fill)


def _slot_rows(ui: CanvasUi, lang: str, frame: Frame, box: Box, ninth: bool) -> None:
    """The table build's slot panel: the top and bottom icons as two lines (the one being entered
    inverted), then the seat buttons and the icon each enters, by name (issue 20)."""
    game = _game(ui)
    left, top, right, bottom = box
    pad = frame.px(2)
    line = frame.small + frame.px(5)
    label_w = max(frame.text_width(T(lang, f"canvas.slot.{k}"), frame.small, "bold") for k in ("top", "bottom"))
    for r, (key, icon) in enumerate((("top", ui.top), ("bottom", ui.bottom))):
        y0 = top + r * line
        selected = r == ui.row
        if selected:
            frame.draw.rounded_rectangle((left, y0, right, y0 + line - 1), radius=frame.px(3), fill=frame.ink)
        fill = frame.paper if selected else frame.ink
        mid = y0 + line // 2
        if selected and not icon:
            # Issue 20, third read: "Top nothing" read as a status; the row asks for its icon
            # (after a hold the Top line shows the icon in and this asks for the bottom one).
            frame.fit((left + pad, y0, right - pad, y0 + line), T(lang, f"canvas.slot.ask.{key}"),
                      max_px=frame.small, weight="bold", align="left", fill=fill)
            continue
        if key == "bottom" and ui.row == 0 and not icon:
            # A held seat button keeps the slot open for this row (keys._icon_key): say which
            # button and what the hold does (issue 20, second read: "hold: 2 icons" was cryptic).
            frame.fit((left + pad, y0, right - pad, y0 + line), T(lang, "canvas.slot.hold"),
                      max_px=frame.small, align="left")
            continue
        frame.text((left + pad, mid), T(lang, f"canvas.slot.{key}"), frame.small, "bold", anchor="lm", fill=fill)
        size = line - 2 * pad - 2
        x = left + 2 * pad + label_w + frame.px(3)
        if icon:
            draw_icon(frame, icon, (x, mid - size // 2, x + size, mid - size // 2 + size), game.setup, fill)
            x += size + frame.px(3)
        name = icon_name(lang, icon, game.setup)
        px = frame.fit_px(name, (x, y0, right - pad, y0 + line), frame.small)
        frame.text((x, mid), name, px, anchor="lm", fill=fill)
    legend_top = top + 2 * line + frame.px(3)
    icons = game.setup.icons[1:9]
    rows = (len(icons) + 1) // 2
    names = [icon_name(lang, i, game.setup) for i in icons]
    row_h = min((bottom - legend_top) // (rows + ninth), int(frame.small * 1.9))
    draw_icon_keys(frame, (left, legend_top, right, legend_top + rows * row_h), game.setup, names)
    if ninth:
        # `timer` enters the ninth icon: its own row under the eight seat buttons.
        icon = game.setup.icons[9]
        box = (left, legend_top + rows * row_h, right, legend_top + (rows + 1) * row_h)
        name = icon_name(lang, icon, game.setup)
        draw_named_key(frame, box, T(lang, "canvas.slot.timer_key"), icon, game.setup, name)


def _legend_fits(frame: Frame) -> bool:
    """Whether the table build's slot legend has room for a fifth row (`timer`) as tall as a
    text line and a third, the header taken at its tallest (not drawn yet); not on the 2.13"."""
    line = frame.small + frame.px(5)
    room = frame.bottom - frame.px(17) - 2 * frame.px(3) - 2 * line - frame.px(3)
    return room // 5 >= int(frame.small * 1.3)


def _count(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = _game(ui)
    card = game.setup.cards[ui.cursor]
    frame.header(T(lang, "canvas.count.title", card=card_name(lang, card)))
    frame.softkeys(keys)
    number_screen(
        frame, condition_text(lang, card.condition), str(ui.value), T(lang, "canvas.count.hint", cap=card.cap)
    )


def _review(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = _game(ui)
    draft = game.draft
    assert draft is not None
    frame.header(T(lang, "canvas.review.title", seat=seat(lang, draft.seat)), gains(lang, game))
    frame.softkeys(keys)
    box = inner(frame)
    rows = review_rows(lang, game)
    cursor = min(ui.cursor, len(rows) - 1)
    lines = review_lines(lang, game)
    if len(lines) * int(frame.small * 1.4) > box[3] - box[1]:
        # Too short for a line per why: each card's whys after its name, as many as fit, the
        # rest on the lines below (never cut: issue 20, second read, "Texture 3 + Ton…").
        width = box[2] - box[0] - frame.px(9)  # room left for text_list's scroll arrows
        lines = packed_review(lang, game, lambda text, bold: frame.text_width(
            text, frame.small, "bold" if bold else "semibold"), width)
    heads = [i for i, line in enumerate(lines) if line[2]]
    text_list(frame, box, lines, heads[cursor])


def _tokens(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = _game(ui)
    frame.header(T(lang, "canvas.tokens.title"))
    frame.softkeys(keys)
    tied = ", ".join(f"{seat(lang, s)} {total(game, s)}" for s in leaders(game))
    number_screen(frame, T(lang, "canvas.tokens.ask", seat=seat(lang, ui.cursor)), str(ui.value), tied)


def _judge(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = _game(ui)
    frame.header(T(lang, "canvas.judge.title"))
    frame.softkeys(keys)
    judges = runner_up(game)
    who = (
        T(lang, "canvas.judge.by", seats=", ".join(seat(lang, s) for s in judges))
        if judges
        else T(lang, "canvas.judge.table")
    )
    left, top, right, bottom = inner(frame)
    line = frame.body + frame.px(4)
    frame.fit((left, top, right, top + line), who, max_px=frame.body)
    tied = best_by_tokens(game)
    items = [T(lang, "seat", seat=s) for s in tied]
    figures = [T(lang, "canvas.points", n=total(game, s)) for s in tied]
    frame.menu((left, top + line + frame.px(2), right, bottom), items, ui.cursor, right=figures)


def _final(ui: CanvasUi, lang: str, keys: Keys, frame: Frame) -> None:
    game = _game(ui)
    result = CANVAS.outcome(game)
    assert result is not None
    frame.header(T(lang, "canvas.final.title"))
    frame.softkeys(keys)
    left, top, right, bottom = inner(frame)
    if game.setup.solo:
        points = total(game, 1)
        half = (bottom - top) * 3 // 5
        frame.fit((left, top, right, top + half), T(lang, f"canvas.award.{solo_award(game)}"), weight="bold")
        frame.fit((left, top + half, right, bottom), T(lang, "canvas.points", n=points), max_px=frame.large)
        return
    winner = seat(lang, result.winners[0])
    line = frame.body + frame.px(4)
    frame.fit(
        (left, top, right, top + line),
        T(lang, "canvas.final.wins", seat=winner, reason=T(lang, f"canvas.reason.{result.reason}")),
        max_px=frame.body,
        weight="bold",
    )
    order = sorted(seats(game), key=lambda s: (-total(game, s), s))
    lines: list[Line] = []
    for s in order:
        ribbon_points = sum(card_points(game, s))
        text = T(
            lang, "canvas.final.line", seat=seat(lang, s), ribbons=ribbon_points, bonus=bonus_total(game, s)
        )
        tokens = game.tokens[s - 1]
        if tokens is not None:
            text += T(lang, "canvas.final.tokens", n=tokens)
        lines.append((text, str(total(game, s)), s == result.winners[0]))
    text_list(frame, (left, top + line, right, bottom), lines)


# solo -------------------------------------------------------------------------------------
SCREENS: dict[str, Callable[[CanvasUi, str, Keys, Frame], None]] = {
    "count": _count, "review": _review, "tokens": _tokens, "judge": _judge,
    "final": _final, **SOLO_SCREENS,
}
