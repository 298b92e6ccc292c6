"""The right-hand panel of the Artem board screen: who acts and what now, the scores, then the
turn's list or the step of the card being played, each with the buttons that answer it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from device.games.artem.artem_data import colour_info
from device.games.artem.glyphs import Part, draw_parts, hollow_button, parts_width
from device.games.artem.ui import ArtemUi, actions, cell_name, claim_refused, claim_run, flip_partners, on_offered
from device.render.fonts import font
from device.render.frame import Frame, wrap_words
from device.render.shapes import Box
from device.strings.all import STRINGS as T
from device.widgets.seat_button import button_width, draw_seat_button
from engine.artem.board import SIZE
from engine.artem.rules import claim_points
from engine.artem.state import State
from engine.artem.view import play_number

Row = tuple[int, Callable[[int], None]]  # a panel line: its height, and how to draw it at y


def panel(ui: ArtemUi, game: State, frame: Frame, box: Box, lang: str, seat_buttons: bool) -> None:
    """The seat and what it does now, the scores, then the action list or the current pick."""
    left, top, right, bottom = box
    pad = frame.px(3)
    bar = int(frame.body * 1.3)
    frame.draw.rectangle((left, top, right - 1, top + bar - 1), fill=frame.ink)
    long_seat = T(lang, "seat", seat=game.seat)
    seat, status, px = long_seat, "", frame.body
    for seat, status, px in _header_choices(ui, game, lang, frame.body, frame.small):
        room = right - left - frame.text_width(seat, frame.body, "bold") - 4 * pad
        if frame.text_width(status, px) <= room:
            break
    frame.text((left + pad, top + bar // 2), seat, frame.body, "bold", anchor="lm", fill=frame.paper)
    frame.text((right - pad, top + bar // 2), status, px, anchor="rm", fill=frame.paper)
    y = _scores(frame, game, (left, top + bar + pad // 2, right, bottom), lang)
    rest = (left, y, right, bottom)
    if ui.mode == "actions":
        _action_list(ui, game, frame, rest, lang, seat_buttons)
    else:
        _pick(ui, game, frame, rest, lang, seat_buttons)


def _header_choices(ui: ArtemUi, game: State, lang: str, body: int, small: int) -> list[tuple[str, str, int]]:
    """(seat, status, size) from the fullest to the shortest: in phase 1 the status is phase 1's
    task (003 l.28-31), else which play of the turn comes next."""
    long_seat, short_seat = T(lang, "seat", seat=game.seat), T(lang, "seat.short", seat=game.seat)
    if ui.mode == "actions" and game.phase == "draw":
        full, short = T(lang, "artem.phase1"), T(lang, "artem.phase1.short")
    elif game.plays >= game.setup.max_plays:
        full = short = T(lang, "artem.plays_done", n=game.plays)
    else:
        full = short = T(lang, "artem.play_of", n=play_number(game), max=game.setup.max_plays)
    return [(long_seat, full, body), (long_seat, full, small), (long_seat, short, body),
            (long_seat, short, small), (short_seat, full, small), (short_seat, short, small)]


def line_h(frame: Frame) -> int:
    """The height of one line of small text, descenders and a blank pixel included."""
    return max(int(frame.small * 1.25), int(font(frame.small, "semibold").getbbox("Égp,")[3]) + 2)


def _text_row(frame: Frame, x: int, text: str, weight: str = "semibold") -> Row:
    return line_h(frame), lambda y: frame.text((x, y), text, frame.small, weight)


def _scores(frame: Frame, game: State, box: Box, lang: str) -> int:
    """Each seat's points, the active seat inverted; wraps to a second line if needed."""
    left, top, right, _ = box
    pad = frame.px(3)
    line = int(frame.small * 1.25)
    x, y = left + pad, top
    for seat, points in enumerate(game.scores, start=1):
        text = f"{T(lang, 'seat.short', seat=seat)} {points}"
        w = frame.text_width(text, frame.small, "bold") + 2 * pad
        if x + w > right and x > left + pad:
            x, y = left + pad, y + line
        if seat == game.seat:
            frame.draw.rectangle((x - pad // 2, y, x + w - pad - 1, y + line - 2), fill=frame.ink)
        fill = frame.paper if seat == game.seat else frame.ink
        frame.text((x, y + line // 2 - 1), text, frame.small, "bold", anchor="lm", fill=fill)
        x += w
    return y + line


def _wrapped(frame: Frame, text: str, width: int) -> list[str]:
    return wrap_words(text, width, frame.small)


def _fits(frame: Frame, lines: Sequence[str], width: int) -> bool:
    return all(frame.text_width(line, frame.small) <= width for line in lines)


def _any_seat(frame: Frame, lang: str, width: int, most: int) -> list[list[str]]:
    """The ways to say that any of the box's seat buttons answers, fullest first, each as the
    lines it takes (at most `most`)."""
    found = []
    for key, lines_max in (("artem.any_seat", most), ("artem.any_seat.short", 1), ("artem.any_seat.tiny", 1)):
        lines = _wrapped(frame, T(lang, key), width)
        if len(lines) <= lines_max and _fits(frame, lines, width):
            found.append(lines)
    return found


# the turn's list ---------------------------------------------------------------------------
def _labels(game: State, lang: str, short: bool, fits: Callable[[str], bool] = lambda _: False) -> list[str]:
    """The entries of the turn's list (with `short`, each full label that `fits` is kept);
    Claim, when the rules forbid it now, says so."""
    labels, why = [], claim_refused(game)
    for action in actions(game):
        key = f"artem.act.{action}"
        if action == "claim" and why:  # "No claim: turn 1", "Claim: done": blocked, not an action
            key = f"artem.act.no_claim.{why}" if f"artem.act.no_claim.{why}" in T else "artem.act.no_claim.other"
        full = T(lang, key)
        labels.append(T(lang, f"{key}.short") if short and f"{key}.short" in T and not fits(full) else full)
    return labels


def _row_h(px: int, labels: Sequence[str]) -> int:
    """A list row tall enough for the labels' accents and descenders ("Échange") and the key
    cap, with a pixel to spare."""
    reach = max(max(-box[1], box[3]) for box in (font(px).getbbox(label + "0", anchor="lm") for label in labels))
    return max(int(px * 1.3), 2 * int(reach) + 3)


def _notes(ui: ArtemUi, game: State, lang: str, fits: Callable[[str], bool]) -> list[str]:
    """What the panel says above the list, most needed first: at a turn's start that the seat
    before is done, what the last play changed, why Claim is unavailable, the decks and the
    target, what to do when the main deck runs out."""
    notes = _last_play(ui, game, lang, fits)
    why = claim_refused(game)
    if why in ("first_turn", "claim_made"):
        notes.append(T(lang, f"artem.why.{why}"))
    notes.append(T(lang, "artem.deck", n=len(game.deck)) + " · " + T(lang, "artem.to_win", n=game.setup.target))
    if game.phase == "draw":
        notes.append(T(lang, "artem.main_out_note"))
    return notes


def _last_play(ui: ArtemUi, game: State, lang: str, fits: Callable[[str], bool]) -> list[str]:
    """What the latest play did and to which tiles: this seat's, or at a turn's start the seat
    before's (the tiles are named as that seat read them, so not under Relative directions),
    said with the turn passing: "Turn over · S2: swapped D4, D5" on one line if it `fits`,
    else "S2's turn is over" first."""
    last, start = game.last, game.plays == 0 and game.turn > 1
    before, notes = (game.seat - 2) % game.setup.players + 1, []
    if start:  # the turn passed (End turn, or the last card played): say so (003 l.33)
        notes.append(T(lang, "artem.turn_over.alone", seat=before))
    if last is None or (last.seat != game.seat and game.plays > 0):
        return notes
    where = ui.last_cells if last.seat == game.seat or not game.setup.relative_directions else ""
    key = f"artem.last.{last.kind}" + (".at" if where else "")
    colour = colour_info(last.colour).name(lang) if last.kind == "claim" else ""
    said = T(lang, key, seat=last.seat, n=last.length, colour=colour, points=last.points, where=where)
    together = T(lang, "artem.turn_over", last=said)
    if start and last.seat == before and fits(together):
        return [together]
    return [*notes, said]


def _column_widths(frame: Frame, labels: Sequence[str], px: int, glyph: int, columns: int) -> list[int]:
    """Each column's width, sized to its widest entry (cap and gap included)."""
    return [max(frame.text_width(label, px) for label in labels[c::columns]) + glyph + frame.px(6)
            for c in range(columns)]


def _list_layout(frame: Frame, game: State, lang: str, room: tuple[int, int],
                 headings: list[list[str]]) -> tuple[list[str], int, int, list[str]]:
    """The labels, text size, columns and heading that show every entry in `room` (width,
    height), leaving a note's line if it can. Each column is as wide as its widest entry, so the
    right column's entries (Claim's state, "Can't draw") get what the left one leaves."""
    note_h = line_h(frame)
    floor = frame.px(10)  # 10 px on the 2.13" panel, scaled: never smaller (issue 13)
    options = [(False, frame.body, 1), (False, frame.small, 1), (False, floor, 1), (False, frame.small, 2),
               (True, frame.small, 2), (False, floor, 2), (True, floor, 2)]
    for spare in (2, 1, 0):
        for short, px, columns in options:
            glyph = button_width(frame, px) if headings[0] else 0
            # the entries with a short form are all in the last column: the first ones never shorten
            full = _labels(game, lang, False)
            before = sum(_column_widths(frame, full, px, glyph, columns)[:-1])

            def fits(text: str, px: int = px, glyph: int = glyph, before: int = before) -> bool:
                return before + frame.text_width(text, px) + glyph + frame.px(6) <= room[0]
            labels = _labels(game, lang, short, fits)
            rows = -(-len(labels) // columns)
            for heading in headings:
                need = rows * _row_h(px, labels) + (len(heading) + spare) * note_h
                if need <= room[1] and sum(_column_widths(frame, labels, px, glyph, columns)) <= room[0]:
                    return labels, px, columns, heading
    return _labels(game, lang, True), floor, 2, headings[-1]


def _action_list(ui: ArtemUi, game: State, frame: Frame, box: Box, lang: str, seat_buttons: bool) -> None:
    """The cards and turn actions, every entry in sight (in two columns on small panels), each
    after the seat button that picks it on the table build under a line saying any seat's button
    does; an entry the rules forbid now is shown unavailable; notes above if room."""
    left, top, right, bottom = box
    pad = frame.px(3)
    width = right - left - pad - frame.px(2)
    headings = _any_seat(frame, lang, width, 2) if seat_buttons else [[]]
    labels, px, columns, heading = _list_layout(frame, game, lang, (right - left, bottom - top), headings)
    rows = -(-len(labels) // columns)
    row_h, note_h = _row_h(px, labels), line_h(frame)
    spare = (bottom - top - rows * row_h) // note_h - len(heading)
    notes: list[str] = []
    for note in _notes(ui, game, lang, lambda text: frame.text_width(text, frame.small) <= width):
        parts = _wrapped(frame, note, width)  # whole notes only, most needed first
        if len(notes) + len(parts) <= spare:
            notes += parts
    for text in [*notes, *heading]:
        frame.text((left + pad, top), text, frame.small, "semibold")
        top += note_h
    cursor, refused = on_offered(game, ui.cursor), bool(claim_refused(game))
    glyph = button_width(frame, px) if seat_buttons else 0
    widths = _column_widths(frame, labels, px, glyph, columns)
    # the columns share out the room their entries leave; the last one reaches the right edge
    slack = (right - left - sum(widths)) // columns
    starts = [left + sum(widths[:c]) + c * slack for c in range(columns)] + [right + 1]
    for index, label in enumerate(labels):
        column = index % columns
        cell = (starts[column], top + (index // columns) * row_h)
        cell_w = starts[column + 1] - starts[column]
        fill = frame.ink
        if index == cursor:
            frame.draw.rectangle((*cell, cell[0] + cell_w - 2, cell[1] + row_h - 1), fill=frame.ink)
            fill = frame.paper
        x, cy = cell[0] + frame.px(2), cell[1] + row_h // 2
        if seat_buttons and refused and actions(game)[index] == "claim":
            x = hollow_button(frame, x, cy, index + 1, px)
        elif seat_buttons:
            x = draw_seat_button(frame, x, cy, index + 1, px, fill)
        frame.text((x, cy), label, px, anchor="lm", fill=fill)


# a card's steps ----------------------------------------------------------------------------
def _question(ui: ArtemUi, lang: str) -> str:
    """The step's question in the rulebook's terms (a claim names its row, then its run)."""
    if ui.mode == "pair":
        return T(lang, "artem.pick_pair", cell=cell_name((ui.row, ui.col)))
    if ui.mode == "end":
        return T(lang, "artem.pick_end", cell=cell_name((ui.row, ui.col)))
    if ui.mode == "col":
        return T(lang, "artem.pick_start", row=ui.row + 1) if ui.card == "claim" else T(lang, "artem.pick_tile")
    if ui.card == "claim":
        return T(lang, "artem.pick_row_claim")
    return T(lang, "artem.pick_row_move" if ui.card in ("move1", "move2") else "artem.pick_row")


def _pair_parts(ui: ArtemUi, lang: str, seat_buttons: bool) -> tuple[list[Part], list[list[Part]]]:
    """The swap step: each key with the tile it swaps in, then the seat buttons of the tiles
    beside (any seat's), fullest first: "▲ D4 · ▼ D6 · OK E5", then "or 3 left C5 · 5 right E5",
    "3 left C5 · 5 right E5", "or 3 C5 · 5 E5", "3 C5 · 5 E5" (none on the four-key build)."""
    marks = {"up": "▲", "down": "▼", "ok": "OK"}
    first = (ui.row, ui.col)
    keys: list[Part] = [" · ".join(f"{marks[k]} {cell_name(c)}" for k, c in flip_partners(first).items())]
    named: list[Part] = []
    bare: list[Part] = []
    for col, side in ((ui.col - 1, "left"), (ui.col + 1, "right")):
        if seat_buttons and 0 <= col < SIZE:
            cell = cell_name((ui.row, col))
            named += [*([" · "] if named else []), col + 1, " " + T(lang, f"artem.hint.{side}", cell=cell)]
            bare += [*([" · "] if bare else []), col + 1, " " + cell]
    if not named:
        return keys, []
    either = T(lang, "artem.hint.or") + " "
    return keys, [[either, *named], named, [either, *bare], bare]


PAIR_WEIGHT = "bold"  # the tile names in bold: on the 2.13" a semibold "D6" reads as "DB"


def _details(ui: ArtemUi, game: State, lang: str) -> list[str]:
    """What the pick is now, fullest first; a claim's run says the seat's new total and whether
    it reaches the points to win (003 l.83): "C4 to F4: 4 tiles +5 = 16: wins", "C4-F4 +5 = 16: wins"."""
    if ui.mode in ("row", "colour"):
        return [T(lang, "artem.row", n=ui.row + 1)]
    if ui.mode in ("col", "pair"):
        return [cell_name((ui.row, ui.col))]
    start, length = claim_run(ui)
    points = claim_points(length, play_number(game)) if length <= SIZE else 0
    first, last = cell_name((ui.row, start)), cell_name((ui.row, start + length - 1))
    total = _claim_total(ui, game)
    after = T(lang, "artem.run.wins" if total >= game.setup.target else "artem.run.total", total=total)
    run = T(lang, "artem.run", first=first, n=length, points=points, last=last)
    return [f"{run} {after}", f"{first}-{last} +{points} {after}", run]


def _claim_total(ui: ArtemUi, game: State) -> int:
    """The seat's points after the claim its run step shows."""
    length = claim_run(ui)[1]
    return game.scores[game.seat - 1] + (claim_points(length, play_number(game)) if length <= SIZE else 0)


def _tiles_needed(ui: ArtemUi) -> int:
    """How many new tiles the pick draws from the colour deck (a move's slide, a claim's run)."""
    if ui.mode == "end":
        return claim_run(ui)[1]
    if ui.mode == "row" and ui.card in ("move1", "move2"):
        return 1 if ui.card == "move1" else 2
    return 0


def _pick(ui: ArtemUi, game: State, frame: Frame, box: Box, lang: str, seat_buttons: bool) -> None:
    """The card and the step's question, the buttons that answer it, and what the pick is now."""
    left, top, right, bottom = box
    pad = frame.px(3)
    x, width = left + pad, right - left - pad - frame.px(2)
    card, question = T(lang, f"artem.act.{ui.card}"), _question(ui, lang)
    rows: list[Row] = []
    title = f"{card}: {question[0].lower()}{question[1:]}"
    px = frame.fit_px(title, (0, 0, width, frame.height), frame.body, weight="bold")
    if frame.text_width(title, px, "bold") <= width and px >= frame.small:
        rows.append((int(px * 1.3), lambda y: frame.text((x, y), title, px, "bold")))
    else:
        rows.append((int(frame.body * 1.25), lambda y: frame.text((x, y), card, frame.body, "bold")))
        rows += [_text_row(frame, x, part) for part in _wrapped(frame, question, width)]
    left = len(game.deck)
    short = "" if _tiles_needed(ui) <= left else (
        T(lang, "artem.run.short_deck_one") if left == 1 else T(lang, "artem.run.short_deck", n=left))
    if ui.mode == "end" and _claim_total(ui, game) >= game.setup.target:
        short = ""  # a winning claim wins (003 l.83): the colour deck's end does not apply
    if short and frame.text_width(short, frame.small, "bold") <= width:
        # the colour deck cannot refill the board (003 l.93): said before the seat buttons' line
        rows.append(_text_row(frame, x, short, "bold"))
    for most in (2, 1, 0):  # the seat buttons' line said in full if room, left out if none
        answers = _answers(ui, frame, lang, seat_buttons, x, width, most)
        if sum(h for h, _ in rows + answers) + frame.px(12) <= bottom - top:
            break
    rows += answers
    deck = T(lang, "artem.deck", n=len(game.deck)) + " · " + T(lang, "artem.to_win", n=game.setup.target)
    if sum(h for h, _ in rows) + line_h(frame) + frame.px(12) <= bottom - top:  # the decks, if room
        rows.insert(0, _text_row(frame, x, deck))
    for height, draw in rows:
        if top + height > bottom:
            break
        draw(top)
        top += height
    if bottom - pad - top >= frame.px(10):
        details = _details(ui, game, lang)
        room = right - pad - x
        detail = next((d for d in details if frame.text_width(d, frame.small, "bold") <= room), details[-1])
        frame.fit((x, top, right - pad, bottom - pad), detail, max_px=frame.large, weight="bold", align="left")


def _answers(ui: ArtemUi, frame: Frame, lang: str, seat_buttons: bool, x: int, width: int,
             most: int) -> list[Row]:
    """The lines naming the buttons that answer the step: the seat buttons by number (any
    seat's, said in `most` lines at most) on the table build, the four keys otherwise."""
    px, cap_h = frame.small, line_h(frame) + frame.px(3)
    weight = PAIR_WEIGHT if ui.mode == "pair" else "semibold"

    def parts_row(parts: list[Part]) -> Row:
        def draw(y: int) -> None:
            draw_parts(frame, x, y + cap_h // 2, parts, px, weight)
        return cap_h, draw

    if ui.mode == "pair":
        keys, beside = _pair_parts(ui, lang, seat_buttons)
        found = [parts_row(keys)]
        if beside:  # "or" goes, then the sides' words, when the line is too wide
            found.append(parts_row(next((p for p in beside if parts_width(frame, p, px, weight) <= width),
                                        beside[-1])))
    elif not seat_buttons:
        mode = "row" if ui.mode in ("row", "colour") else ui.mode
        return [_text_row(frame, x, part) for part in _wrapped(frame, T(lang, f"artem.hint.{mode}.keys"), width)]
    else:
        mode = "row" if ui.mode in ("row", "colour") else ui.mode
        found = [parts_row([*range(1, SIZE + 1), " " + T(lang, f"artem.hint.{mode}.seat")])]
    if seat_buttons and most:
        found += [_text_row(frame, x, line) for line in _any_seat(frame, lang, width, most)[0]]
    return found
