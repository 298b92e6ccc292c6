"""The #ARTBOX screens of step 4 and after: identifying each drawing, the awards, the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.games.artbox.layout import inset, maestro, round_title, split_rows
from device.games.artbox.ui import ArtboxUi, identify_items
from device.render.frame import Frame
from device.render.shapes import Box
from device.strings.all import STRINGS as T
from engine.artbox import ARTBOX
from engine.artbox.awards import Verdict
from engine.artbox.state import State
from engine.artbox.view import scoreboard, slot_word

Keys = Mapping[str, str]


# ----- step 4: identify and award ------------------------------------------------------


def identify(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, now: int) -> None:
    index = game.slot_index
    slot = game.slots[index]
    frame.header(T(lang, "artbox.drawing_of", slot=index + 1, n=len(game.slots)),
                 maestro(lang, game))
    items = identify_items(game)
    item = items[min(ui.cursor, len(items) - 1)]
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(2))
    top, middle, chips = split_rows(box, 5, 3, 4)
    word = slot_word(game, index)
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
            frame.draw.rectangle(inset(cell, frame.stroke + 1), outline=frame.ink,
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


def awards(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, now: int) -> None:
    frame.header(f"{round_title(lang, game)} · {T(lang, 'artbox.awards')}")
    frame.softkeys(keys)
    assert game.last_round is not None
    box = inset(frame.content, frame.px(3))
    bands = split_rows(box, 3, 2, 1, 3, 2)
    for verdict, (head, why) in zip(game.last_round.verdicts, (bands[0:2], bands[3:5]),
                                    strict=True):
        headline, reason = verdict_lines(lang, game, verdict)
        frame.fit(head, headline, max_px=frame.large, weight="bold", align="left")
        frame.fit(why, reason, max_px=frame.body, align="left")


def scores(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, now: int) -> None:
    over = game.phase == "over"
    setup = game.setup
    goal = (T(lang, "artbox.goal_exp", each=setup.experienced_goal[0],
              one=setup.experienced_goal[1]) if setup.experienced
            else T(lang, "artbox.goal_n", n=setup.tokens_to_win))
    title = T(lang, "artbox.game_over") if over else round_title(lang, game)
    frame.header(title, goal)
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(2))
    result = ARTBOX.outcome(game)
    if over and result is not None:
        banner, box = split_rows(box, 2, 5)
        who = ", ".join(T(lang, "seat.short", seat=s) for s in result.winners)
        text = f"{T(lang, 'artbox.winner', who=who)} · {T(lang, 'artbox.end.' + result.reason)}"
        frame.fit(banner, text, weight="bold")
    _score_grid(frame, box, lang, game)


def _score_grid(frame: Frame, box: Box, lang: str, game: State) -> None:
    """One cell per seat: the seat, its tokens (red/grey when experienced), M for the Maestro."""
    lines = scoreboard(game)
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
        label_band, number_band = split_rows(inset(cell, pad), 2, 3)
        frame.fit(label_band, name, max_px=frame.body)
        score = (T(lang, "artbox.red_grey", red=line.drawing, grey=line.guessing)
                 if game.setup.experienced else str(line.total))
        frame.fit(inset(number_band, pad + frame.stroke * 2), score,
                  max_px=(number_band[3] - number_band[1]) * 9 // 10, weight="bold")
