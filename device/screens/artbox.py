"""The #ARTBOX screens: setup, dealing, dice, drawing, guessing, identifying, awards, scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from device.render.frame import Frame
from device.render.shapes import Box
from device.screens.widgets import clock_text, draw_countdown, draw_shape_groups
from device.strings.all import STRINGS as T
from engine.artbox import ARTBOX, view
from engine.artbox.awards import Verdict
from engine.artbox.state import State
from engine.dice import SHAPES

if TYPE_CHECKING:
    from device.apps.artbox import ArtboxApp, ArtboxUi, Options
    from device.apps.base import Context, Sample


def render(ui: ArtboxUi, ctx: Context, frame: Frame) -> None:
    """Draw the setup menu or the phase being played."""
    if ui.game is None:
        _setup(ui, ctx, frame)
        return
    {
        "deal_cover": _deal_cover, "deal_pick": _deal_pick, "roll": _roll,
        "drawing": _drawing, "guessing": _guessing, "pencils_down": _pencils_down,
        "identify": _identify, "awards": _awards, "scoreboard": _scores, "over": _scores,
    }[ui.game.phase](ui, ui.game, ctx.lang, frame, ctx.now_ms)


def _inset(box: Box, pad: int) -> Box:
    return (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad)


def _rows(box: Box, *weights: int) -> list[Box]:
    """Split a box into horizontal bands by weight."""
    left, top, right, bottom = box
    total, out, y = sum(weights), [], top
    for i, w in enumerate(weights):
        y1 = bottom if i == len(weights) - 1 else y + (bottom - top) * w // total
        out.append((left, y, right, y1))
        y = y1
    return out


def _round_title(lang: str, game: State) -> str:
    return T(lang, "artbox.round", n=game.round)


def _maestro(lang: str, game: State) -> str:
    return T(lang, "artbox.maestro_short", seat=game.maestro)


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
        "simplified": on_off[options.simplified],
        "goal": T(lang, f"artbox.goal.{options.simplified_goal}"),
        "frame": on_off[options.frame_rule],
        "tie": T(lang, f"artbox.tie.{options.guess_tie_break}"),
        "glass": f"{options.sandglass_s} s",
        "start": "",
    }
    return values[row]


def _setup(ui: ArtboxUi, ctx: Context, frame: Frame) -> None:
    from device.apps.artbox import setup_rows

    lang, options = ctx.lang, ui.options
    rows = setup_rows(options)
    cursor = min(ui.cursor, len(rows) - 1)
    frame.header(T(lang, "game.artbox"), T(lang, "players", n=options.players))
    ok = T(lang, "artbox.start") if rows[cursor] == "start" else T(lang, "key.change")
    frame.softkeys({"up": T(lang, "key.up"), "down": T(lang, "key.down"), "ok": ok,
                    "back": T(lang, "key.home")})
    items = [T(lang, f"artbox.opt.{row}") for row in rows]
    frame.menu(frame.content, items, cursor, right=[option_value(lang, options, r) for r in rows])


# ----- step 1: dealing and dice --------------------------------------------------------


def _deal_cover(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    seat = game.dealing_seat
    frame.header(f"{_round_title(lang, game)} · {T(lang, 'artbox.deal')}", _maestro(lang, game))
    frame.softkeys({"ok": T(lang, "artbox.show"), "back": T(lang, "key.home")})
    big, small = _rows(_inset(frame.content, frame.px(4)), 3, 2)
    frame.fit(big, T(lang, "artbox.pass_to", seat=seat), weight="bold")
    frame.fit(small, T(lang, "artbox.press_to_see", seat=seat), max_px=frame.body)


def _deal_pick(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    seat, words = game.dealing_seat, view.hand(game)
    two = game.setup.drawings_each == 2
    title = T(lang, "artbox.keep_two" if two else "artbox.keep_one", seat=seat)
    frame.header(title)
    ok = T(lang, "artbox.tick") if two else T(lang, "artbox.keep")
    frame.softkeys({"up": T(lang, "key.prev"), "down": T(lang, "key.next"), "ok": ok})
    box = _inset(frame.content, frame.px(2))
    bands = _rows(box, *([1] * len(words)))
    pad = frame.px(4)
    for i, (word, band) in enumerate(zip(words, bands, strict=True)):
        selected = i == ui.cursor
        fill = frame.paper if selected else frame.ink
        if selected:
            frame.draw.rectangle((band[0], band[1], band[2] - 1, band[3] - 1), fill=frame.ink)
        text_left = band[0] + pad
        if two:
            size = (band[3] - band[1]) // 2
            tick = (band[0] + pad, band[1] + size // 2, band[0] + pad + size, band[1] + size // 2
                    + size)
            frame.draw.rectangle(tick, outline=fill, width=frame.stroke,
                                 fill=fill if i in ui.marks else None)
            text_left = tick[2] + pad
        frame.fit((text_left, band[1] + 1, band[2] - pad, band[3] - 1), word,
                  max_px=frame.large * 2, weight="bold", align="left", fill=fill)


def _roll(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    frame.header(f"{_round_title(lang, game)} · {T(lang, 'artbox.step_roll')}",
                 _maestro(lang, game))
    frame.softkeys({"ok": T(lang, "dice.roll"), "back": T(lang, "key.home")})
    box = _inset(frame.content, frame.px(4))
    if game.setup.dealing == "cards":
        big, note = _rows(box, 3, 2)
        key = "artbox.cards_two" if game.setup.drawings_each == 2 else "artbox.cards_one"
        frame.fit(note, T(lang, key), max_px=frame.body)
    else:
        big = box
    frame.fit(big, T(lang, "artbox.press_roll", seat=game.maestro), weight="bold")


# ----- step 2: drawing -----------------------------------------------------------------


def _shape_names(lang: str) -> dict[str, str]:
    return {shape: T(lang, f"shape.{shape}") for shape in SHAPES}


def _drawing(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    setup = game.setup
    simplified = setup.simplified
    right = clock_text(game.sandglass.remaining_ms(now)) if simplified else ""
    frame.header(f"{_round_title(lang, game)} · {T(lang, 'artbox.step_draw')}", right)
    waiting = view.still_drawing(game)
    if simplified:
        frame.softkeys({"back": T(lang, "key.home")})
    else:
        frame.softkeys({"up": T(lang, "key.prev"), "down": T(lang, "key.next"),
                        "ok": T(lang, "order.take", n=len(view.tokens_taken(game)) + 1),
                        "back": T(lang, "key.home")})
    box = _inset(frame.content, frame.px(2))
    notes = []
    if simplified:
        notes.append(T(lang, "artbox.shapes_optional"))
    if setup.frame_rule:
        notes.append(T(lang, "artbox.frame_reminder"))
    if simplified:
        shapes, note, clock = _rows(box, 8, 3 if notes else 0, 13)
        roomy = shapes[3] - shapes[1] >= frame.small * 4
        names = _shape_names(lang) if roomy else dict.fromkeys(SHAPES, " ")
        draw_shape_groups(frame, shapes, game.faces, names)
        if notes:
            frame.fit(note, " · ".join(notes), max_px=frame.small)
        draw_countdown(frame, clock, game.sandglass, now)
        return
    shapes, note, tokens = _rows(box, 11, 3 if notes else 0, 6)
    draw_shape_groups(frame, shapes, game.faces, _shape_names(lang))
    if notes:
        frame.fit(note, " · ".join(notes), max_px=frame.small, weight="bold")
    _token_row(frame, tokens, lang, view.tokens_taken(game), waiting, ui.cursor)


def _token_row(frame: Frame, box: Box, lang: str, taken: Sequence[tuple[int, int]],
               waiting: Sequence[int], cursor: int) -> None:
    """'#1 S3  #2 S1 | S2 S4' with the cursor seat inverted."""
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
    label = T(lang, "order.waiting") + ":" if not taken else "|"
    frame.text((x, cy), label, px, anchor="lm")
    x += frame.text_width(label, px) + pad
    for i, seat in enumerate(waiting):
        text = T(lang, "seat.short", seat=seat)
        w = frame.text_width(text, px, "bold") + pad * 2
        chosen = i == min(cursor, len(waiting) - 1)
        if chosen:
            frame.draw.rectangle((x, top + 1, x + w, bottom - 1), fill=frame.ink)
        frame.text((x + pad, cy), text, px, "bold", anchor="lm",
                   fill=frame.paper if chosen else frame.ink)
        x += w + pad


# ----- step 3: guessing ----------------------------------------------------------------


def _guessing(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    glass = game.sandglass
    running = glass.status == "running"
    right = clock_text(glass.remaining_ms(now)) if running else ""
    cards = game.setup.dealing == "cards"
    title = T(lang, "artbox.decoys_title") if cards else T(lang, "artbox.step_guess")
    frame.header(title, right)
    other = T(lang, "artbox.view_timer") if ui.view == "words" else T(lang, "artbox.view_words")
    keys = {"down": other, "back": T(lang, "key.home")}
    if not running:
        keys["ok"] = T(lang, "artbox.glass")
    frame.softkeys(keys)
    box = _inset(frame.content, frame.px(2))
    if ui.view == "timer":
        draw_countdown(frame, frame.content, glass, now)
        return
    slots, words = _rows(box, 2, 7)
    _slot_row(frame, slots, len(game.slots))
    shown = list(game.word_list)
    if cards:
        shown.append(T(lang, "artbox.plus_cards"))
    _word_grid(frame, (words[0], words[1] + frame.px(2), words[2], words[3]), shown)


def _slot_row(frame: Frame, box: Box, count: int) -> None:
    """The numbered drawing slots, side by side."""
    left, top, right, bottom = box
    gap = frame.px(3)
    width = (right - left - gap * (count - 1)) // count
    for i in range(count):
        x = left + i * (width + gap)
        cell = (x, top, x + width, bottom)
        frame.draw.rectangle(cell, outline=frame.ink, width=frame.stroke)
        frame.fit(_inset(cell, frame.stroke + 1), str(i + 1), weight="bold")


def _word_grid(frame: Frame, box: Box, words: Sequence[str]) -> None:
    """The word list in as few columns as keep the words large; one size for all."""
    left, top, right, bottom = box
    best: tuple[int, int] = (0, 1)
    for cols in (1, 2, 3):
        rows = -(-len(words) // cols)
        cell_w, cell_h = (right - left) // cols, (bottom - top) // rows
        px = min(frame.fit_px(w, (0, 0, cell_w - frame.px(6), cell_h), cell_h, weight="bold")
                 for w in words)
        if px > best[0]:
            best = (px, cols)
    px, cols = best
    rows = -(-len(words) // cols)
    cell_w, cell_h = (right - left) // cols, (bottom - top) // rows
    for i, word in enumerate(words):
        col, row = divmod(i, rows)
        x = left + col * cell_w + frame.px(3)
        y = top + row * cell_h + cell_h // 2
        frame.text((x, y), word, px, "bold", anchor="lm")


def _pencils_down(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    frame.header(T(lang, "artbox.step_guess"), clock_text(0))
    frame.softkeys({"ok": T(lang, "artbox.check"), "back": T(lang, "key.home")})
    big, small = _rows(_inset(frame.content, frame.px(4)), 3, 1)
    frame.fit(big, T(lang, "artbox.pencils_down"), weight="bold")
    frame.fit(small, T(lang, "artbox.check_next"), max_px=frame.body)


# ----- step 4: identify and award ------------------------------------------------------


def _identify(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    from device.apps.artbox import identify_items

    index = game.slot_index
    slot = game.slots[index]
    frame.header(T(lang, "artbox.drawing_of", slot=index + 1, n=len(game.slots)),
                 _maestro(lang, game))
    items = identify_items(game)
    item = items[min(ui.cursor, len(items) - 1)]
    ok = {"next": T(lang, "artbox.confirm"), "ineligible": T(lang, "artbox.toggle")}.get(
        item, T(lang, "artbox.author") if not slot.author else T(lang, "artbox.right"))
    frame.softkeys({"up": T(lang, "key.prev"), "down": T(lang, "key.next"), "ok": ok,
                    "back": T(lang, "key.home")})
    box = _inset(frame.content, frame.px(2))
    top, middle, chips = _rows(box, 5, 3, 4)
    word = view.slot_word(game, index)
    if not slot.author:
        frame.fit(top, T(lang, "artbox.who_drew", slot=index + 1), weight="bold")
    elif word is None:
        frame.fit(top, T(lang, "artbox.drew", seat=slot.author), weight="bold")
    else:
        frame.fit(top, T(lang, "artbox.drew_word", seat=slot.author, word=word), weight="bold")
    if slot.author:
        summary = T(lang, "artbox.right_count", n=len(slot.guessers))
        if not slot.eligible:
            summary += " · " + T(lang, "artbox.not_eligible")
        frame.fit(middle, summary, max_px=frame.body)
    _identify_chips(frame, chips, lang, game, items, item)


def _identify_chips(frame: Frame, box: Box, lang: str, game: State,
                    items: Sequence[str], current: str) -> None:
    """Seat chips (author outlined twice, right guesses filled), then the Maestro's actions."""
    slot = game.slots[game.slot_index]
    labels = [it[4:] if it.startswith("seat") else T(lang, f"artbox.item.{it}") for it in items]
    pad = frame.px(2)
    left, top, right, bottom = box
    gap = frame.px(3)
    px = min(frame.body, (bottom - top) * 7 // 10)
    while True:  # shrink the chips until the row fits the panel's width
        side = min(bottom - top - pad, px * 17 // 10)
        widths = [max(frame.text_width(lb, px, "bold") + pad * 4, side) for lb in labels]
        if sum(widths) + gap * (len(widths) - 1) <= right - left or px <= 8:
            break
        px -= 1
    total = sum(widths) + gap * (len(widths) - 1)
    x = left + max(0, (right - left - total) // 2)
    y0 = top + (bottom - top - pad - side) // 2
    for it, label, w in zip(items, labels, widths, strict=True):
        cell = (x, y0, x + w, y0 + side)
        seat = int(it[4:]) if it.startswith("seat") else 0
        filled = seat in slot.guessers or (it == "ineligible" and not slot.eligible)
        frame.draw.rectangle(cell, outline=frame.ink, width=frame.stroke,
                             fill=frame.ink if filled else None)
        if seat and seat == slot.author:
            frame.draw.rectangle(_inset(cell, frame.stroke + 1), outline=frame.ink,
                                 width=frame.stroke)
        frame.text(((cell[0] + cell[2]) // 2, (cell[1] + cell[3]) // 2), label, px, "bold",
                   anchor="mm", fill=frame.paper if filled else frame.ink)
        if it == current:  # the cursor: a bar under the chip
            frame.draw.rectangle((cell[0], cell[3] + 1, cell[2], cell[3] + pad), fill=frame.ink)
        x += w + gap


def verdict_lines(lang: str, game: State, verdict: Verdict) -> tuple[str, str]:
    """The headline ("Drawing token: seat 2") and why, for one verdict."""
    colour = "red" if game.setup.experienced and verdict.kind == "drawing" else (
        "grey" if game.setup.experienced else "plain")
    title = T(lang, f"artbox.token.{verdict.kind}.{colour}")
    if not verdict.winners:
        return title, T(lang, "artbox.why.none")
    who = ", ".join(T(lang, "seat.short", seat=s) for s in verdict.winners)
    unit = "artbox.guesses" if verdict.kind == "drawing" else "artbox.right_guesses"
    headline = T(lang, "artbox.award_line", title=title, who=who,
                 points=T(lang, unit, n=verdict.points))
    others = ", ".join(T(lang, "seat.short", seat=s) for s in verdict.tied
                       if s not in verdict.winners)
    record = game.last_round
    token = min((record.number_tokens[s - 1] for s in verdict.winners), default=0) if record \
        else 0
    why = T(lang, f"artbox.why.{verdict.decided_by}", others=others, token=token)
    if verdict.kind == "guessing" and verdict.excluded and not game.setup.simplified:
        why += " · " + T(lang, "artbox.why.one_each", seat=verdict.excluded[0])
    return headline, why


def _awards(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    frame.header(f"{_round_title(lang, game)} · {T(lang, 'artbox.awards')}")
    frame.softkeys({"ok": T(lang, "key.ok"), "back": T(lang, "key.home")})
    assert game.last_round is not None
    box = _inset(frame.content, frame.px(3))
    bands = _rows(box, 3, 2, 1, 3, 2)
    for verdict, (head, why) in zip(game.last_round.verdicts, (bands[0:2], bands[3:5]),
                                    strict=True):
        headline, reason = verdict_lines(lang, game, verdict)
        frame.fit(head, headline, max_px=frame.large, weight="bold", align="left")
        frame.fit(why, reason, max_px=frame.body, align="left")


def _scores(ui: ArtboxUi, game: State, lang: str, frame: Frame, now: int) -> None:
    over = game.phase == "over"
    setup = game.setup
    goal = (T(lang, "artbox.goal_exp", each=setup.experienced_goal[0],
              one=setup.experienced_goal[1]) if setup.experienced
            else T(lang, "artbox.goal_n", n=setup.tokens_to_win))
    title = T(lang, "artbox.game_over") if over else _round_title(lang, game)
    frame.header(title, goal)
    ok = T(lang, "artbox.new_game") if over else T(lang, "artbox.next_round")
    frame.softkeys({"ok": ok, "back": T(lang, "key.home")})
    box = _inset(frame.content, frame.px(2))
    result = ARTBOX.outcome(game)
    if over and result is not None:
        banner, box = _rows(box, 2, 5)
        who = ", ".join(T(lang, "seat.short", seat=s) for s in result.winners)
        text = f"{T(lang, 'artbox.winner', who=who)} · {T(lang, 'artbox.end.' + result.reason)}"
        frame.fit(banner, text, weight="bold")
    _score_grid(frame, box, lang, game)


def _score_grid(frame: Frame, box: Box, lang: str, game: State) -> None:
    """One cell per seat: the seat, its tokens (red/grey when experienced), M for the Maestro."""
    lines = view.scoreboard(game)
    cols = 4 if len(lines) > 4 else len(lines)
    rows = -(-len(lines) // cols)
    left, top, right, bottom = box
    cell_w, cell_h = (right - left) // cols, (bottom - top) // rows
    pad = frame.px(2)
    for i, line in enumerate(lines):
        row, col = divmod(i, cols)
        cell = (left + col * cell_w + pad, top + row * cell_h + pad,
                left + (col + 1) * cell_w - pad, top + (row + 1) * cell_h - pad)
        frame.draw.rounded_rectangle(cell, radius=frame.px(3), outline=frame.ink,
                                     width=frame.stroke * (2 if line.maestro else 1))
        name = T(lang, "seat.short", seat=line.seat)
        if line.maestro:
            name += " · M"
        label_band, number_band = _rows(_inset(cell, pad), 2, 3)
        frame.fit(label_band, name, max_px=frame.body)
        score = (T(lang, "artbox.red_grey", red=line.drawing, grey=line.guessing)
                 if game.setup.experienced else str(line.total))
        frame.fit(_inset(number_band, pad + frame.stroke * 2), score,
                  max_px=(number_band[3] - number_band[1]) * 9 // 10, weight="bold")


# ----- samples -------------------------------------------------------------------------


def samples(app: ArtboxApp, ctx: Context) -> Sequence[Sample[ArtboxUi]]:
    """A state for every #ARTBOX screen, reached by pressing the app's own keys."""
    from device.apps.base import Sample
    from hardware.events import ButtonEvent

    def press(ui: ArtboxUi, *buttons: str, now: int = 0) -> ArtboxUi:
        for button in buttons:
            ui = app.handle(ui, ButtonEvent(button), replace(ctx, now_ms=now)).state
        return ui

    def seats(n: int) -> list[str]:
        return [f"seat{s}" for s in range(1, n + 1)]

    fresh = app.start(replace(ctx, seed=11))
    game = press(fresh, "roll")
    cover = game
    pick = press(cover, "ok", "down")
    for _ in range(4):
        game = press(game, "ok", "ok")
    roll = game
    drawing = press(roll, "roll", "seat3", now=1_000)
    guessing = press(drawing, "seat1", "seat4", "seat2", now=2_000)
    running = press(guessing, "timer", now=10_000)
    timer_view = press(running, "down", now=10_000)
    down = app.tick(running, replace(ctx, now_ms=70_000)).state
    identify = press(down, "ok", "seat2", "seat1", "seat4")
    confirmed = press(identify, "up", "ok")
    slot_two = press(confirmed, "seat3", "seat1", "up", "up", "ok")
    awards = press(slot_two, "down", "ok")
    for author, guessers in ((4, ["seat2"]), (1, [])):
        awards = press(awards, f"seat{author}", *guessers, "up", "ok")
    scores = press(awards, "ok")
    three = _three_player(app, ctx, press)
    cards = press(replace(fresh, options=replace(fresh.options, dealing="cards", players=5)),
                  "roll", "roll", *seats(5), now=3_000)
    simple = press(replace(fresh, options=replace(fresh.options, simplified=True,
                                                  frame_rule=True)), "roll")
    for _ in range(4):
        simple = press(simple, "ok", "ok")
    simple = press(simple, "roll", now=0)
    over = _finished(app, ctx, press)
    experienced = _one_round(app, ctx, press, replace(fresh.options, experienced=True))
    simplified = _one_round(app, ctx, press, replace(fresh.options, simplified=True))
    return (
        Sample("setup", fresh),
        Sample("deal-cover", cover),
        Sample("deal-pick", pick),
        Sample("deal-pick-three", three[0]),
        Sample("roll", roll),
        Sample("roll-cards", press(replace(fresh, options=replace(fresh.options,
                                                                    dealing="cards")), "roll")),
        Sample("drawing", drawing),
        Sample("drawing-simplified", simple, now_ms=17_400),
        Sample("guessing", guessing),
        Sample("guessing-running", running, now_ms=22_300),
        Sample("guessing-timer", timer_view, now_ms=22_300),
        Sample("guessing-three", three[1]),
        Sample("guessing-cards", cards),
        Sample("pencils-down", down, now_ms=70_000),
        Sample("identify-author", press(down, "ok")),
        Sample("identify", identify),
        Sample("identify-ineligible", slot_two),
        Sample("awards", awards),
        Sample("scoreboard", scores),
        Sample("over", over),
        Sample("awards-experienced", experienced),
        Sample("scoreboard-experienced", press(experienced, "ok")),
        Sample("awards-simplified", simplified),
    )


def _three_player(app: ArtboxApp, ctx: Context, press: object) -> tuple[ArtboxUi, ArtboxUi]:
    from collections.abc import Callable

    go: Callable[..., ArtboxUi] = press  # type: ignore[assignment]
    fresh = app.start(replace(ctx, seed=5))
    ui = replace(fresh, options=replace(fresh.options, players=3))
    ui = go(ui, "roll")
    pick = go(ui, "ok", "ok", "down", "down")
    for _ in range(3):
        ui = go(ui, "ok", "ok", "down", "down", "ok")
    ui = go(ui, "roll", "seat2", "seat3", "seat1")
    return pick, ui


def _finished(app: ArtboxApp, ctx: Context, press: object) -> ArtboxUi:
    """A 3-player game played to its end: seat 1 always draws the most guessed drawing."""
    from collections.abc import Callable

    go: Callable[..., ArtboxUi] = press  # type: ignore[assignment]
    fresh = app.start(replace(ctx, seed=3))
    ui = go(replace(fresh, options=replace(fresh.options, players=3, three_player_words=False)),
            "roll")
    while ui.game is not None and ui.game.phase != "over":
        game = ui.game
        if game.phase in ("deal_cover", "deal_pick", "pencils_down", "awards", "scoreboard"):
            ui = go(ui, "ok")
        elif game.phase == "roll":
            ui = go(ui, "roll", "seat1", "seat2", "seat3")
        elif game.phase == "guessing":
            ui = go(ui, "timer")
            ui = app.tick(ui, replace(ctx, now_ms=game.setup.sandglass_ms)).state
        else:  # identify: slot n is drawn by seat n; seat 1's is guessed by both others
            author = game.slot_index + 1
            ui = go(ui, f"seat{author}", *(["seat2", "seat3"] if author == 1 else []))
            ui = go(ui, "up", "ok")
    return ui


def _one_round(app: ArtboxApp, ctx: Context, press: object, options: Options) -> ArtboxUi:
    """One 4-player round to its awards: seat n draws slot n and seat n+1 guesses it."""
    from collections.abc import Callable

    go: Callable[..., ArtboxUi] = press  # type: ignore[assignment]
    fresh = app.start(replace(ctx, seed=21))
    ui = go(replace(fresh, options=options), "roll")
    for _ in range(4):
        ui = go(ui, "ok", "ok")
    ui = go(ui, "roll", "seat2", "seat4", "seat1", "seat3")
    if ui.game is not None and ui.game.phase == "drawing":  # simplified: the sand runs out
        ui = app.tick(ui, replace(ctx, now_ms=options.sandglass_s * 1000)).state
    ui = go(ui, "timer")
    ui = app.tick(ui, replace(ctx, now_ms=options.sandglass_s * 1000)).state
    ui = go(ui, "ok")
    for author, guessers in ((1, (2, 3)), (2, (1, 3)), (3, ()), (4, (3,))):
        ui = go(ui, f"seat{author}", *(f"seat{g}" for g in guessers), "up", "ok")
    return ui
