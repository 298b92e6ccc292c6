"""The IDENTIK screens: setup, names, each phase of a round (judging: `judging`), the points, the scorecard."""

from __future__ import annotations

from collections.abc import Mapping

from device.games.identik.judging import judging
from device.games.identik.parts import (
    fit_size,
    fit_text,
    grid,
    menu_row,
    readable_px,
    short,
    star_number,
    tile,
)
from device.games.identik.score_table import score_table
from device.games.identik.ui import SETUP_ROWS, IdentikUi
from device.render.frame import Frame
from device.render.shapes import draw_arrow
from device.strings.all import STRINGS as T
from device.widgets.confirm import confirm_screen
from device.widgets.countdown import draw_countdown, held_note
from device.widgets.name_wheel import WHEEL, wheel_char
from engine.identik import IDENTIK
from engine.identik.state import State
from engine.identik.view import (
    round_criteria_met,
    round_scores,
    rounds_counted,
    scores_so_far,
)
from engine.seats import next_seat

Keys = Mapping[str, str]


def render(state: IdentikUi, lang: str, now: int, glass_s: int, keys: Keys, frame: Frame,
           seat_buttons: bool = True, held: bool = False) -> None:
    """Draw the IDENTIK screen the table is on, with these soft-key labels; `seat_buttons` (the
    table build) says which seat presses to tick a criterion, else which keys do; `held`: time is
    held after a stop."""
    if state.screen == "setup":
        _setup(state, lang, glass_s, keys, frame, seat_buttons)
    elif state.screen == "names":
        _names(state, lang, keys, frame)
    elif state.screen == "name":
        _name(state, lang, keys, frame)
    elif state.game is None:
        _setup(state, lang, glass_s, keys, frame, seat_buttons)
    elif state.screen == "quit":
        lines = (T(lang, "identik.quit_lost", r=rounds_counted(state.game)), T(lang, "identik.quit_undo"))
        confirm_screen(frame, T(lang, "identik.quit_title"), lines, keys)
    elif state.screen == "scores" or state.game.phase == "over":
        _scorecard(state, state.game, lang, keys, frame)
    elif state.game.phase == "describe":
        _describe(state, state.game, lang, now, keys, frame, seat_buttons, held)
    elif state.game.phase == "super":
        _super(state, state.game, lang, keys, frame, seat_buttons)
    elif state.game.phase == "judging":
        judging(state, state.game, lang, keys, frame, seat_buttons)
    else:
        {
            "passing": _passing, "summary": _summary,
        }[state.game.phase](state, state.game, lang, keys, frame)


def round_header(frame: Frame, game: State, lang: str, right: str | None = None) -> None:
    """Round r/n on the left; the narrator (or `right`) on the right."""
    title = T(lang, "identik.round", r=game.round_no, n=game.setup.total_rounds)
    narrator = T(lang, "identik.narrator", who=short(lang, game, game.narrator))
    frame.header(title, narrator if right is None else right)


# --- setup ------------------------------------------------------------------------------------


def _setup(state: IdentikUi, lang: str, glass_s: int, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    draft = state.draft
    # Editing the first narrator on the table build: a seat button picks that seat at once.
    picking = state.editing is not None and SETUP_ROWS[state.cursor] == "first" and seat_buttons
    frame.header(T(lang, "game.identik"), T(lang, "identik.first_by_seat" if picking else "identik.new_game"))
    frame.softkeys(keys)
    named = sum(1 for n in draft.used_names() if n)
    first = draft.names[draft.first - 1] or T(lang, "seat", seat=draft.first) if draft.first else ""
    values = {
        "players": str(draft.players),
        "names": T(lang, "identik.names_some", n=named, total=draft.players) if named
        else T(lang, "identik.names_none"),
        "narrations": T(lang, "identik.narrations_value", n=draft.narrations_each),
        "first": first or T(lang, "identik.random"),
        "super_rule": T(lang, f"identik.rule.{draft.super_rule}"),
        "hourglass": T(lang, "identik.seconds", s=glass_s),
        "start": "",
    }
    items = [T(lang, f"identik.{r}") for r in SETUP_ROWS]
    if seat_buttons:  # the table build starts from any row with roll
        items[SETUP_ROWS.index("start")] = T(lang, "identik.start.roll")
    right = [values[r] for r in SETUP_ROWS]
    if state.editing is not None:  # up/down change it (not left/right, as "< 4 >" would suggest)
        right[state.cursor] = f"▲ {right[state.cursor]} ▼"
    # Start stays on top, above the other rows, however far the list scrolls on a small panel.
    left, top, right_x, bottom = frame.content
    row = menu_row(frame)
    start = SETUP_ROWS.index("start")
    frame.menu((left, top, right_x, top + row), items[start:start + 1], 0 if state.cursor == start else -1)
    frame.draw.line((left, top + row, right_x, top + row), fill=frame.ink, width=1)
    rest = [i for i in range(len(SETUP_ROWS)) if i != start]
    frame.menu((left, top + row + 2, right_x, bottom), [items[i] for i in rest],
               rest.index(state.cursor) if state.cursor in rest else -1, right=[right[i] for i in rest])


def _names(state: IdentikUi, lang: str, keys: Keys, frame: Frame) -> None:
    draft = state.draft
    frame.header(T(lang, "identik.names_title"), T(lang, "players", n=draft.players))
    frame.softkeys(keys)
    items = [T(lang, "seat", seat=s) for s in range(1, draft.players + 1)] + [T(lang, "identik.done")]
    names = [n or T(lang, "identik.no_name") for n in draft.used_names()]
    frame.menu(frame.content, items, state.cursor, right=names)


def _name(state: IdentikUi, lang: str, keys: Keys, frame: Frame) -> None:
    text = state.draft.names[state.seat - 1]
    frame.header(T(lang, "identik.name_of", seat=T(lang, "seat", seat=state.seat)))
    done = WHEEL[state.letter] == ""
    frame.softkeys(keys)
    left, top, right, bottom = frame.content
    pad = frame.px(4)
    split = top + (bottom - top) * 55 // 100
    # The name so far, with the letter that ok would add shown inverted after it.
    px = fit_size(text + "Mm", right - left - 2 * pad, split - top, frame.large * 2, "bold")
    adding = "" if done else wheel_char(text, state.letter).replace(" ", "_")
    text_w = frame.text_width(text, px, "bold")
    add_w = frame.text_width(adding or "M", px, "bold") + pad
    x = (left + right - text_w - add_w) // 2
    cy = (top + split) // 2
    frame.text((x, cy), text, px, "bold", anchor="lm")
    box = (x + text_w + pad // 2, cy - px * 6 // 10, x + text_w + add_w, cy + px * 6 // 10)
    frame.draw.rectangle(box, fill=frame.ink)
    if adding:
        frame.text(((box[0] + box[2]) // 2, cy), adding, px, "bold", anchor="mm", fill=frame.paper)
    # The wheel: neighbours of the current letter, the current one inverted.
    cells = 7
    cell_w = (right - left) // cells
    for i in range(cells):
        index = (state.letter + i - cells // 2) % len(WHEEL)
        char = WHEEL[index] or T(lang, "identik.wheel_done")
        char = "_" if char == " " else char
        cell = (left + i * cell_w, split + pad, left + (i + 1) * cell_w, bottom - pad)
        current = i == cells // 2
        if current:
            frame.draw.rounded_rectangle(cell, radius=frame.px(3), fill=frame.ink)
        fit_text(frame, cell, char, frame.large, "bold", fill=frame.paper if current else None)


# --- a round ----------------------------------------------------------------------------------


def _super(state: IdentikUi, game: State, lang: str, keys: Keys, frame: Frame, seat_buttons: bool) -> None:
    round_header(frame, game, lang)
    if game.setup.super_rule == "roll":
        frame.softkeys(keys)
        roll = "identik.roll_hint" if seat_buttons else "identik.roll_hint.keys"
        notes = [(T(lang, "identik.super"), "bold"), (T(lang, roll), "semibold")]
        star_number(frame, frame.content, "?", notes)
        return
    frame.softkeys(keys)
    pick = "identik.pick_hint" if seat_buttons else "identik.pick_hint.keys"  # no roll button on four keys
    notes = [(T(lang, "identik.super"), "bold"), (T(lang, pick), "semibold"),
             (T(lang, "identik.jump_hint"), "regular"), (T(lang, "identik.wraps_hint"), "regular")]
    if seat_buttons:  # roll sets the number and moves on: no Set after it
        notes.insert(2, (T(lang, "identik.pick_roll"), "semibold"))
    star_number(frame, frame.content, str(state.pick), notes)


def _describe(state: IdentikUi, game: State, lang: str, now: int, keys: Keys, frame: Frame,
              seat_buttons: bool, held: bool) -> None:
    glass = game.sandglass
    super_text = T(lang, "identik.super_short", n=game.super_criterion)
    if glass.status == "idle":
        round_header(frame, game, lang)
        frame.softkeys(keys)
        # The device is the hourglass (002 l.46: 90 s): the table's own one can stay in the box.
        read = "identik.read_title" if seat_buttons else "identik.read_title.keys"
        seconds = glass.length_ms // 1000
        notes = [(T(lang, "identik.write_star"), "bold"), (T(lang, read), "semibold"),
                 (T(lang, "identik.device_times", s=seconds), "semibold")]
        if game.super_rolled:
            notes.insert(0, (T(lang, "identik.rolled_note"), "regular"))
        star_number(frame, frame.content, str(game.super_criterion), notes)
        return
    paused = glass.status == "paused"
    round_header(frame, game, lang, f"{T(lang, 'identik.paused_big')} · {super_text}" if paused else super_text)
    frame.softkeys(keys)
    note = T(lang, "identik.paused_big") if paused else held_note(lang, glass, held)
    draw_countdown(frame, frame.content, glass, now, note)


def _passing(state: IdentikUi, game: State, lang: str, keys: Keys, frame: Frame) -> None:
    round_header(frame, game, lang)
    frame.softkeys(keys)
    left, top, right, bottom = frame.content
    pad = frame.px(3)
    h = bottom - top
    title = (left + pad, top + pad, right - pad, top + h * 34 // 100)
    fit_text(frame, title, T(lang, "identik.pencils_down"), weight="bold")
    prompt = (left + pad, top + h * 36 // 100, right - pad, top + h * 54 // 100)
    fit_text(frame, prompt, T(lang, "identik.pass_which"), frame.body)
    # Two choices, each on its own key (up: left, down: right): one press passes the drawings.
    # Each box shows the key that does it (▲, ▼), never a ◀ that would read as the back key.
    choice_top, choice_bottom = top + h * 58 // 100, bottom - pad
    option_w = (right - left) * 42 // 100
    gap = (right - left) - 2 * option_w
    for i, direction in enumerate(("left", "right")):
        x0 = left + gap // 3 + i * (option_w + gap // 3)
        box = (x0, choice_top, x0 + option_w, choice_bottom)
        frame.draw.rounded_rectangle(box, radius=frame.px(4), outline=frame.ink, width=frame.stroke)
        arrow = (box[3] - box[1]) // 2
        ay = (box[1] + box[3]) // 2 - arrow // 2
        label = T(lang, f"identik.{direction}")
        key = "up" if direction == "left" else "down"
        draw_arrow(frame.draw, key, (x0 + 2 * pad, ay, x0 + 2 * pad + arrow, ay + arrow), frame.ink)
        text_box = (x0 + 3 * pad + arrow, box[1], box[2] - pad, box[3])
        fit_text(frame, text_box, label, frame.body, "bold")


def _summary(state: IdentikUi, game: State, lang: str, keys: Keys, frame: Frame) -> None:
    frame.header(T(lang, "identik.round_points", r=game.round_no),
                 T(lang, "identik.super_short", n=game.super_criterion))
    frame.softkeys(keys)
    left, top, right, bottom = frame.content
    pad = frame.px(3)
    met = round_criteria_met(game)
    met_text = T(lang, "identik.met", list=" ".join(map(str, met))) if met else T(lang, "identik.met_none")
    line_h = frame.body + pad
    # What the OK key ("Next" on the bar) does: the next round and its narrator (002 l.80), or the end.
    if game.round_no < game.setup.total_rounds:
        following = short(lang, game, next_seat(game.first_narrator, game.setup.players, game.round_no))
        then = T(lang, "identik.next_narrator", r=game.round_no + 1, who=following)
        brief = T(lang, "identik.next_narrator_short", who=following)
    else:
        then = brief = T(lang, "identik.last_round_done")
    players = game.setup.players
    columns = players if players <= 4 else 3
    rows = -(-players // columns)
    if (bottom - top - 2 * line_h) // rows >= readable_px(frame) * 3:  # room for a line of its own
        fit_text(frame, (left + pad, bottom - line_h, right - pad, bottom - pad // 2), then, frame.body)
        bottom -= line_h
    else:  # tiles in two rows on a small panel: one line says both, as much as fits
        width = right - left - 2 * pad
        shared = [f"{met_text} · {then}", f"{met_text} · {brief}", brief]
        met_text = next((t for t in shared if frame.text_width(t, readable_px(frame), "semibold") <= width), brief)
    fit_text(frame, (left + pad, top + pad // 2, right - pad, top + line_h), met_text, frame.body)
    lines = round_scores(game)
    # The narrator's tile is drawn like the others (a filled tile means "ticked" while judging):
    # its role line says "narrator".
    for line, cell in zip(lines, grid((left, top + line_h, right, bottom), players, columns), strict=True):
        narrating = line.seat == game.narrator
        points = line.narrator_points if narrating else line.artist_points
        role = T(lang, "identik.as_narrator" if narrating else "identik.as_artist")
        name = short(lang, game, line.seat)
        parts: list[tuple[str, float, str]]
        if cell[3] - cell[1] < readable_px(frame) * 4:  # three lines would touch: points and role share one
            parts = [(name, 0.5, "bold"), (f"+{points} {role}", 0.5, "semibold")]
        else:
            parts = [(name, 0.36, "bold"), (f"+{points}", 0.40, "bold"), (role, 0.24, "regular")]
        tile(frame, cell, parts, inverted=False)


def _scorecard(state: IdentikUi, game: State, lang: str, keys: Keys, frame: Frame) -> None:
    over = game.phase == "over"
    outcome = IDENTIK.outcome(game)
    if outcome is not None:
        if outcome.tied:
            note = T(lang, "identik.winners", n=len(outcome.winners))
        else:
            note = T(lang, "identik.winner", who=short(lang, game, outcome.winners[0]))
        frame.header(T(lang, "identik.final"), note)
        frame.softkeys(keys)
    else:
        counted = rounds_counted(game)
        frame.header(T(lang, "identik.scorecard"), T(lang, "identik.after_round", r=counted) if counted else "")
        frame.softkeys(keys)
    winners = outcome.winners if outcome is not None and over else ()
    heads = (T(lang, "identik.col_player"), T(lang, "identik.col_narrator"), T(lang, "identik.col_artist"),
             T(lang, "identik.col_total"))
    shorts = [T(lang, f"identik.col_{col}_short") for col in ("narrator", "artist", "total")]
    lines = scores_so_far(game)
    left, top, right, bottom = frame.content
    pad = frame.px(3)
    # Two tables side by side when one would need text below the readable floor.
    halves = 2 if int((bottom - top - pad) // (len(lines) + 1) * 0.85) < readable_px(frame) else 1
    per_table = -(-len(lines) // halves)
    width = (right - left) // halves
    for half in range(halves):
        box = (left + half * width, top, left + (half + 1) * width, bottom)
        if half:
            frame.draw.line((box[0], top, box[0], bottom), fill=frame.ink, width=frame.stroke)
        score_table(frame, box, heads, lines[half * per_table:(half + 1) * per_table], per_table,
                     winners, lambda seat: short(lang, game, seat), shorts)
