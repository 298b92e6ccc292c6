"""The #ARTBOX screens: setup, dealing, dice, drawing, guessing, identifying, awards, scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.clock import clock_text
from device.games.artbox import scoring_screens as scoring
from device.games.artbox.layout import hint, inset, maestro, round_title, split_rows
from device.games.artbox.text_block import draw_paragraphs
from device.games.artbox.ui import ArtboxUi, Options, setup_rows
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.render.shapes import Box, draw_arrow
from device.strings.all import STRINGS as T
from device.widgets.countdown import draw_countdown, held_note
from device.widgets.drawing import draw_shape_groups, shape_names
from device.widgets.keeper_cursor import cursor_shown
from device.widgets.option_menu import edited
from engine.artbox.state import State
from engine.artbox.view import hand, round_just_ended, still_drawing, tokens_taken
from engine.dice import SHAPES

Keys = Mapping[str, str]
KEEP_KEYS = ("up", "down", "ok")  # the key that keeps (or drops) the first, second, third word


def render(ui: ArtboxUi, lang: str, now: int, keys: Keys, frame: Frame, seat_buttons: bool = True,
           held: bool = False) -> None:
    """Draw the setup menu or the phase being played, with these soft-key labels; the texts that
    name a button say OK instead of "your button" or "roll" without `seat_buttons`; `held`: time
    is held after a stop."""
    game = ui.game
    if game is None:
        _setup(ui, lang, keys, frame, seat_buttons)
    elif round_just_ended(game) or game.phase in ("awards", "scoreboard", "over"):
        scoring.summary(ui, game, lang, keys, frame, seat_buttons)
    elif game.phase in ("deal_cover", "roll", "identify"):
        {"deal_cover": _deal_cover, "roll": _roll, "identify": scoring.identify}[game.phase](
            ui, game, lang, keys, frame, seat_buttons)
    elif game.phase in ("drawing", "guessing"):
        {"drawing": _drawing, "guessing": _guessing}[game.phase](ui, game, lang, keys, frame, now, seat_buttons,
                                                                 held)
    else:
        {"deal_pick": _deal_pick, "pencils_down": _pencils_down}[game.phase](ui, game, lang, keys, frame, now)


# ----- setup ---------------------------------------------------------------------------


def option_value(lang: str, options: Options, row: str) -> str:
    """The value shown on the right of a setup row."""
    on_off = {True: T(lang, "on"), False: T(lang, "off")}
    values = {
        "players": str(options.players),
        "rules": T(lang, f"artbox.edition.{options.rules_language}"),
        "dealing": T(lang, f"artbox.dealing.{options.dealing}"),
        "maestro": T(lang, "seat.short", seat=options.first_maestro) if options.first_maestro
        else T(lang, "artbox.random"),
        "three": on_off[options.three_player_words],
        "experienced": on_off[options.experienced],
        "winner": T(lang, f"artbox.winner.{options.experienced_winner}"),
        "simplified": on_off[options.simplified],
        "goal": T(lang, f"artbox.goal.{options.simplified_goal}"),
        "frame": on_off[options.frame_rule],
        "tie": T(lang, f"artbox.tie.{options.guess_tie_break}"),
        "glass": f"{options.sandglass_s} s",
        "start": "",
    }
    return values[row]


def _setup(ui: ArtboxUi, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    """The options; the header says that `roll` starts from any row (the Start row may have
    scrolled off the 2.13"), or the player count on the four-key build (ok on Start starts)."""
    options = ui.options
    rows = setup_rows(options)
    cursor = min(ui.cursor, len(rows) - 1)
    right = T(lang, "artbox.roll_starts") if seat_buttons else T(lang, "players", n=options.players)
    if seat_buttons and ui.editing is not None and rows[cursor] == "maestro":  # a seat button picks
        right = T(lang, "artbox.maestro_by_seat")
    frame.header(T(lang, "game.artbox"), right)
    frame.softkeys(keys)
    items = [T(lang, f"artbox.opt.{row}") for row in rows]
    values = [option_value(lang, options, r) for r in rows]
    if seat_buttons:  # the Start row says roll starts too (the header says it on every row)
        values[rows.index("start")] = T(lang, "artbox.or_roll")
    if ui.editing is not None:
        values[cursor] = edited(values[cursor])
    frame.menu(frame.content, items, cursor, right=values)


# ----- step 1: dealing and dice --------------------------------------------------------


def _deal_cover(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    seat = game.dealing_seat
    frame.header(f"{round_title(lang, game)} · {T(lang, 'artbox.deal')}", maestro(lang, game))
    frame.softkeys(keys)
    big, small, why = split_rows(inset(frame.content, frame.px(4)), 3, 2, 2)
    frame.fit(big, hint(lang, "artbox.press_short", seat_buttons, seat=seat), weight="bold")
    # the seat button and ● Show do the same: say so where both are offered
    frame.fit(small, T(lang, "artbox.for_words.seat" if seat_buttons else "artbox.for_words"),
              max_px=frame.body)
    # Why this seat and not the Maestro first: the usual deal, from the dealer's left (000 l.32)
    draw_paragraphs(frame, why, [(T(lang, "artbox.deal_order"), "regular")], frame.small, align="center")


def _deal_pick(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, now: int) -> None:
    """The dealt words, each beside the key that keeps it (or drops it, with three words)."""
    seat, words = game.dealing_seat, hand(game)
    two = game.setup.drawings_each == 2
    frame.header(T(lang, "artbox.keep_two" if two else "artbox.keep_one", seat=seat))
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(2))
    pad = frame.px(4)
    for word, band, key in zip(words, split_rows(box, *([1] * len(words))), KEEP_KEYS,
                               strict=False):
        size = min(band[3] - band[1] - pad, frame.px(16))
        icon = (band[0] + pad, (band[1] + band[3] - size) // 2,
                band[0] + pad + size, (band[1] + band[3] + size) // 2)
        if key == "ok":
            frame.draw.ellipse(icon, fill=frame.ink)
        else:
            draw_arrow(frame.draw, key, icon, frame.ink)
        # Body size, not display type: the seat holding the device reads it, the table does not.
        frame.fit((icon[2] + pad * 2, band[1] + 1, band[2] - pad, band[3] - 1), word,
                  max_px=frame.body, weight="bold", align="left")


def _roll(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    frame.header(f"{round_title(lang, game)} · {T(lang, 'artbox.step_roll')}",
                 maestro(lang, game))
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(4))
    if game.setup.dealing == "cards":
        big, note = split_rows(box, 3, 2)
        key = "artbox.cards_two" if game.setup.drawings_each == 2 else "artbox.cards_one"
        frame.fit(note, T(lang, key), max_px=frame.body)
    else:
        big = box
    frame.fit(big, hint(lang, "artbox.press_roll", seat_buttons, seat=game.maestro), weight="bold")


# ----- step 2: drawing -----------------------------------------------------------------


def _drawing(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, now: int,
             seat_buttons: bool = True, held: bool = False) -> None:
    setup = game.setup
    simplified = setup.simplified
    right = clock_text(game.sandglass.remaining_ms(now)) if simplified else ""
    frame.header(f"{round_title(lang, game)} · {T(lang, 'artbox.step_draw')}", right)
    waiting = still_drawing(game)
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(2))
    notes = []
    if simplified:
        notes.append(T(lang, "artbox.shapes_optional"))
    if setup.frame_rule:
        notes.append(T(lang, "artbox.frame_reminder"))
    if simplified:
        shapes, note, clock = split_rows(box, 8, 3 if notes else 0, 13)
        roomy = shapes[3] - shapes[1] >= frame.small * 4
        names = shape_names(lang) if roomy else dict.fromkeys(SHAPES, " ")
        draw_shape_groups(frame, shapes, game.faces, names)
        if notes:
            frame.fit(note, " · ".join(notes), max_px=frame.small)
        draw_countdown(frame, clock, game.sandglass, now, held_note(lang, game.sandglass, held))
        return
    shapes, note, tokens, finished = split_rows(box, 12, 3 if notes else 0, 5, 4 if waiting else 0)
    draw_shape_groups(frame, shapes, game.faces, shape_names(lang))
    if notes:
        frame.fit(note, " · ".join(notes), max_px=frame.small, weight="bold")
    # The keeper's cursor: the four keys' way; on the table build only once "No button?" opened
    # it (a seat highlighted before read as the seat to blame, and a tired ok gave it a token).
    cursor = cursor_shown(ui.by_hand, seat_buttons)
    if waiting:  # 000 l.44: who acts (a seat that finishes) and the button it presses
        frame.fit(finished, hint(lang, "artbox.finished", not cursor), max_px=frame.body, weight="bold")
    _token_row(frame, tokens, lang, tokens_taken(game), waiting, ui.cursor if cursor else None)


def _token_row(frame: Frame, box: Box, lang: str, taken: Sequence[tuple[int, int]],
               waiting: Sequence[int], cursor: int | None) -> None:
    """'#1 S3  #2 S1 | S2 S4' with the four keys' cursor seat inverted (None: no cursor)."""
    left, top, _right, bottom = box
    px = min(frame.body, max(8, (bottom - top) * 3 // 4))
    pad = frame.px(3)
    cy = (top + bottom) // 2
    x = left + pad
    for token, seat in taken:
        text = f"#{token} {T(lang, 'seat.short', seat=seat)}"
        frame.text((x, cy), text, px, "bold", anchor="lm")
        x += frame.text_width(text, px, "bold") + pad * 2
    if not waiting:
        return
    label = T(lang, "order.waiting") + ":"  # kept after the first finisher (it read as "#1 S2 |")
    frame.text((x, cy), label, px, anchor="lm")
    x += frame.text_width(label, px) + pad
    for i, seat in enumerate(waiting):
        text = T(lang, "seat.short", seat=seat)
        w = frame.text_width(text, px, "bold") + pad * 2
        chosen = cursor is not None and i == min(cursor, len(waiting) - 1)
        if chosen:  # as tall as the text, clear of the soft-key bar below
            half = px * 3 // 4
            frame.draw.rectangle((x, max(top + 1, cy - half), x + w, min(bottom - pad, cy + half)),
                                 fill=frame.ink)
        frame.text((x + pad, cy), text, px, "bold", anchor="lm",
                   fill=frame.paper if chosen else frame.ink)
        x += w + pad


# ----- step 3: guessing ----------------------------------------------------------------


def _guessing(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, now: int,
              seat_buttons: bool = True, held: bool = False) -> None:
    """The words to match with the drawings, in one list read top to bottom (two columns on a
    small panel), and who turns the sandglass with which button (000 l.56)."""
    glass = game.sandglass
    running = glass.status == "running"
    taken = tokens_taken(game)
    if running:
        right = clock_text(glass.remaining_ms(now))
    elif taken:  # 000 l.44: the last seat took the last token by itself; say so
        right = T(lang, "artbox.last_took", seat=taken[-1][1], n=taken[-1][0])
    else:
        right = ""
    cards = game.setup.dealing == "cards"
    title = T(lang, "artbox.decoys_title") if cards else T(lang, "artbox.step_guess")
    frame.header(title, right)
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(2))
    if ui.view == "timer":
        draw_countdown(frame, frame.content, glass, now, held_note(lang, glass, held))
        return
    shown = list(game.word_list)
    if cards:
        shown.append(T(lang, "artbox.plus_cards"))
    if running:
        _word_list(frame, box, shown)
        return
    words, turn = split_rows(box, 5, 1)
    _word_list(frame, words, shown)
    frame.fit(turn, hint(lang, "artbox.turn_glass", seat_buttons), max_px=frame.body, weight="bold")


def _word_list(frame: Frame, box: Box, words: Sequence[str]) -> None:
    """The words top to bottom in one column, or two (read down) where one would be too small."""
    left, top, right, bottom = box
    readable = frame.px(13)

    def size(cols: int) -> int:
        rows = -(-len(words) // cols)
        cell_w, cell_h = (right - left) // cols, (bottom - top) // rows
        return min(frame.fit_px(w, (0, 0, cell_w - frame.px(6), cell_h), cell_h, weight="bold")
                   for w in words)

    cols = 1 if size(1) >= readable or size(1) >= size(2) else 2
    # One size and one baseline spacing for all: a list, not words bobbing with their letters.
    px = max(TEXT_FLOOR_PX, min(size(cols) * 9 // 10, frame.px(22)))
    rows = -(-len(words) // cols)
    cell_w, cell_h = (right - left) // cols, (bottom - top) // rows
    for i, word in enumerate(words):
        col, row = divmod(i, rows)
        x = left + col * cell_w + frame.px(3)
        frame.text((x, top + row * cell_h + cell_h // 2), word, px, "bold", anchor="lm")


def _pencils_down(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, now: int) -> None:
    frame.header(T(lang, "artbox.step_guess"), clock_text(0))
    frame.softkeys(keys)
    big, small = split_rows(inset(frame.content, frame.px(4)), 3, 1)
    frame.fit(big, T(lang, "artbox.pencils_down"), weight="bold")
    frame.fit(small, T(lang, "artbox.check_next"), max_px=frame.body)
