"""The #ARTBOX screens of step 4 and after: identifying each drawing, then one screen with the
round's awards, the scores and what comes next (the next round's first cover, or the winner)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from device.games.artbox.layout import hint, inset, maestro, split_rows
from device.games.artbox.text_block import Paragraph, draw_paragraphs, wrap
from device.games.artbox.ui import ArtboxUi, identify_item, identify_items
from device.render.frame import TEXT_FLOOR_PX, Frame
from device.render.shapes import Box
from device.strings.all import STRINGS as T
from engine.artbox import ARTBOX
from engine.artbox.awards import Verdict
from engine.artbox.state import State
from engine.artbox.view import scoreboard, slot_word

Keys = Mapping[str, str]
NBSP = "\u00a0"  # keeps "S1 2" together when a line wraps


# ----- step 4: identify ----------------------------------------------------------------


def identify(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, seat_buttons: bool = True) -> None:
    """The drawing being identified: its author and word, its guesses, the seat chips."""
    index = game.slot_index
    slot = game.slots[index]
    frame.header(T(lang, "artbox.drawing_of", slot=index + 1, n=len(game.slots)),
                 maestro(lang, game))
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(2))
    chips_fit = _chip_rows(frame, box[2] - box[0], lang, game)
    # The chips' rows get 4/12 of the room each, and never less than a chip with a double outline
    # needs (two rows on the 2.13": "Non conf." outlined twice touched its outline).
    rows_n = len(chips_fit)
    need = rows_n * (_chip_px(frame) * 17 // 10 + 2 * frame.stroke + frame.px(4))
    split = box[3] - max(need, (box[3] - box[1]) * 4 * rows_n // (8 + 4 * rows_n))
    # Two hint lines (press: guessed; hold: drew the next) take as much room as the title, or
    # one short line where two do not fit at the text floor (the 2.13").
    floor = max(TEXT_FLOOR_PX, frame.px(TEXT_FLOOR_PX))
    hold = bool(slot.author) and seat_buttons and index + 1 < len(game.slots)
    top, middle = split_rows((box[0], box[1], box[2], split), 1, 1)
    short = hold and middle[3] - middle[1] < 2 * (floor * 6 // 5)
    if not hold or short:
        top, middle = split_rows((box[0], box[1], box[2], split), 5, 3)
    lines = _hints(lang, game, seat_buttons, hold, short) if slot.author else []
    if len(lines) > 1 + hold:  # the line saying what Not OK means, where it fits (the 7.5")
        roomy = _roomy(frame, (box[0], box[1], box[2], split), lines, floor)
        top, middle = roomy if roomy is not None else (top, middle)
        lines = lines if roomy is not None else lines[:-1]
    chips = (box[0], split, box[2], box[3])
    word = slot_word(game, index)
    if not slot.author:
        title = hint(lang, "artbox.who_drew", seat_buttons, slot=index + 1)
    elif word is None:
        title = T(lang, "artbox.drew", seat=slot.author)
    else:
        title = T(lang, "artbox.drew_word", seat=slot.author, word=word)
    frame.fit(top, title, weight="bold", min_px=floor)
    if lines:
        draw_paragraphs(frame, middle, [(line, "semibold") for line in lines], frame.body,
                        align="center")
    rows = split_rows(chips, *([1] * len(chips_fit)))
    # Table build: no chip is picked until ▲ moves the cursor (issue 28: the black "On to 2", the
    # default of ok that the soft key already names, read as a cursor that could not move).
    current = identify_item(game, ui.cursor) if ui.cursor or not seat_buttons else ""
    for row, items in zip(rows, chips_fit, strict=True):
        _chips(frame, row, lang, game, items, current)


def _roomy(frame: Frame, box: Box, lines: Sequence[str], floor: int) -> tuple[Box, Box] | None:
    """The title and hint boxes where every hint line fits at the text floor (None: nowhere)."""
    for title, hints in ((5, 3), (1, 1), (2, 3), (1, 2)):
        top, middle = split_rows(box, title, hints)
        count = sum(len(wrap(frame, line, middle[2] - middle[0], floor, "semibold")) for line in lines)
        if count * (floor * 6 // 5) <= middle[3] - middle[1]:
            return top, middle
    return None


def _hints(lang: str, game: State, seat_buttons: bool, hold: bool, short: bool) -> list[str]:
    """Who presses what once the author is known. A press and a hold of one seat button mean
    two things (000 l.71-72): both stay on screen, Not OK or not; the ticks count the guesses."""
    slot, after = game.slots[game.slot_index], game.slot_index + 2
    if short:  # the 2.13": one line; the "Not OK: shapes" chip says the mark
        return [T(lang, "artbox.press_hold", slot=after)]
    lines = [hint(lang, "artbox.right_press", seat_buttons)]
    if not seat_buttons:
        lines[0] += " · " + T(lang, "artbox.right_count", n=len(slot.guessers))
    if hold:  # four keys: the "On to" item says it
        lines.append(T(lang, "artbox.hold_next", slot=after))
    if game.setup.can_mark_ineligible:  # what Not OK means (000 l.74), marked or not
        lines.append(T(lang, "artbox.not_ok_means" if slot.eligible else "artbox.not_eligible"))
    return lines


def _label(lang: str, game: State, item: str) -> str:
    if item.startswith("seat"):
        seat = int(item[4:])
        # "S2" (a seat, never a bare number: the drawings are numbered), a tick once it guessed right
        label = T(lang, "seat.short", seat=seat)
        return f"{label}✓" if seat in game.slots[game.slot_index].guessers else label
    if item == "ineligible":  # once marked it says so in words (a tick on "Not OK" read oddly)
        marked = not game.slots[game.slot_index].eligible
        return T(lang, "artbox.item.marked" if marked else "artbox.item.ineligible")
    if item == "next":
        last = game.slot_index + 1 == len(game.slots)
        return T(lang, "artbox.item.scores") if last else \
            T(lang, "artbox.item.next", slot=game.slot_index + 2)
    return T(lang, f"artbox.item.{item}")


def _widths(frame: Frame, lang: str, game: State, items: Sequence[str], px: int) -> list[int]:
    pad = frame.px(2)
    side = px * 17 // 10
    edge = 2 * frame.stroke + 2  # a double outline and a blank pixel inside it, on each side
    return [max(frame.text_width(_label(lang, game, it), px, "bold") + 2 * (edge + pad), side)
            for it in items]


def _chip_px(frame: Frame) -> int:
    return max(TEXT_FLOOR_PX, frame.px(12))


def _chip_rows(frame: Frame, width: int, lang: str, game: State) -> list[tuple[str, ...]]:
    """The chips on one row, or the seats on one and the Maestro's actions on a second."""
    items = identify_items(game)
    px, gap = _chip_px(frame), frame.px(3)
    widths = _widths(frame, lang, game, items, px)
    if sum(widths) + gap * (len(items) - 1) <= width:
        return [items]
    seats = tuple(it for it in items if it.startswith("seat"))
    return [seats, tuple(it for it in items if it not in seats)]


def _chips(frame: Frame, box: Box, lang: str, game: State, items: Sequence[str],
           current: str) -> None:
    """Seat chips ("✓" a right guess, the author outlined twice), then the Maestro's actions
    ("Not OK: shapes" once marked); the cursor's chip is inverted."""
    slot = game.slots[game.slot_index]
    left, top, right, bottom = box
    px, gap = _chip_px(frame), frame.px(3)
    widths = _widths(frame, lang, game, items, px)
    side = min(bottom - top - frame.px(2), px * 17 // 10 + 2 * frame.stroke)  # room for a double outline
    x = left + max(0, (right - left - sum(widths) - gap * (len(items) - 1)) // 2)
    y0 = top + (bottom - top - side) // 2
    for it, w in zip(items, widths, strict=True):
        cell = (x, y0, x + w, y0 + side)
        seat = int(it[4:]) if it.startswith("seat") else 0
        # "On to #k" waits for the author: not shown as picked before (ok does nothing there)
        chosen = it == current and (it != "next" or bool(slot.author))
        frame.draw.rectangle(cell, outline=frame.ink, width=frame.stroke,
                             fill=frame.ink if chosen else None)
        if seat and seat == slot.author:  # the author ("S2 drew: ..." above), outlined twice
            frame.draw.rectangle(inset(cell, frame.stroke + 1), outline=frame.paper if chosen
                                 else frame.ink, width=frame.stroke)
        frame.text(((cell[0] + cell[2]) // 2, (cell[1] + cell[3]) // 2), _label(lang, game, it),
                   px, "bold", anchor="mm", fill=frame.paper if chosen else frame.ink)
        x += w + gap


# ----- awards and scores ---------------------------------------------------------------


def verdict_text(lang: str, game: State, verdict: Verdict) -> str:
    """One Victory token, in the rulebook's words: "Most guessed drawing: S2 (guessed by 3)"."""
    return verdict_lines(lang, game, verdict)[0]


def verdict_lines(lang: str, game: State, verdict: Verdict) -> list[str]:
    """Who received one Victory token, then why when it was not plain (000 l.74-87): a tie
    broken by the lower Number token, a drawing that broke the requirements, one per round."""
    colour = "red" if game.setup.experienced and verdict.kind == "drawing" else (
        "grey" if game.setup.experienced else "plain")
    title = T(lang, f"artbox.token.{verdict.kind}.{colour}")
    if not verdict.winners:
        return [f"{title}: {T(lang, 'artbox.why.none')}"]
    who = ", ".join(T(lang, "seat.short", seat=s) for s in verdict.winners)
    unit = "artbox.guesses" if verdict.kind == "drawing" else \
        ("artbox.right_guesses_one" if verdict.points == 1 else "artbox.right_guesses")
    lines = [T(lang, "artbox.award_line", title=title, who=who, points=T(lang, unit, n=verdict.points))]
    rivals = [s for s in verdict.tied if s not in verdict.winners]
    others = (", ".join(T(lang, "seat.short", seat=s) for s in rivals) if len(rivals) <= 3
              else T(lang, "artbox.others_n", n=len(rivals)))  # eight seats tied: a count, not a list
    record = game.last_round
    token = min((record.number_tokens[s - 1] for s in verdict.winners), default=0) if record else 0
    why = "" if verdict.decided_by == "alone" else T(lang, f"artbox.why.{verdict.decided_by}",
                                                      others=others, token=token)
    if verdict.kind == "guessing" and verdict.excluded and not game.setup.simplified:
        one = T(lang, "artbox.why.one_each", seat=verdict.excluded[0])
        why = f"{why} · {one}" if why else one
    return lines + ([f"  {why}"] if why else [])


def goal_text(lang: str, game: State) -> str:
    """The Victory tokens a seat needs to win (000 l.99-103, 141-142): "5 to win"."""
    setup = game.setup
    if setup.experienced:
        return T(lang, "artbox.goal_exp", each=setup.experienced_goal[0], one=setup.experienced_goal[1])
    return T(lang, "artbox.goal_n", n=setup.tokens_to_win)


def scores_text(lang: str, game: State) -> str:
    """Every seat's Victory tokens ("Totals: S1 1  S2 2 ..."), red/grey when experienced."""
    seats = []
    for line in scoreboard(game):
        score = (T(lang, "artbox.red_grey", red=line.drawing, grey=line.guessing)
                 if game.setup.experienced else str(line.total))
        seats.append(f"{T(lang, 'seat.short', seat=line.seat)}{NBSP}{score}".replace(" ", NBSP))
    return f"{T(lang, 'artbox.totals')}: " + "  ".join(seats)


def summary(ui: ArtboxUi, game: State, lang: str, keys: Keys, frame: Frame, seat_buttons: bool = True) -> None:
    """The round's Victory tokens, each with why (ties, Not OK drawings), then every seat's
    tokens against the goal, then what the next press does; it stays until that press."""
    over = game.phase == "over"
    title = T(lang, "artbox.game_over") if over else T(lang, "artbox.round_scores", n=game.round - 1)
    frame.header(title, goal_text(lang, game))
    frame.softkeys(keys)
    box = inset(frame.content, frame.px(3))
    whole = _summary_paragraphs(lang, game, seat_buttons, whys=True)
    # Too many lines even at the floor (eight seats on the 2.13"): the whys go, never the
    # winners, the totals or the next step.
    short = whole if _fits(frame, box, whole) else _summary_paragraphs(lang, game, seat_buttons, whys=False)
    draw_paragraphs(frame, box, short, frame.body)


def _summary_paragraphs(lang: str, game: State, seat_buttons: bool, whys: bool) -> list[Paragraph]:
    paragraphs: list[Paragraph] = []
    record = game.last_round
    if record is not None:
        for verdict in record.verdicts:
            lines = verdict_lines(lang, game, verdict)
            paragraphs.append((lines[0], "bold"))
            paragraphs += [(line, "semibold") for line in lines[1:] if whys]
        if record.ineligible:
            seats = ", ".join(T(lang, "seat.short", seat=s) for s in record.ineligible)
            paragraphs.append((T(lang, "artbox.not_ok_line", seats=seats), "semibold"))
    paragraphs.append((scores_text(lang, game), "semibold"))
    footer = _footer(lang, game, seat_buttons)
    if footer:
        paragraphs.append((footer, "bold"))
    return paragraphs


def _fits(frame: Frame, box: Box, paragraphs: Sequence[Paragraph]) -> bool:
    """Whether every line of `paragraphs` fits in `box` at the readable floor."""
    px = max(TEXT_FLOOR_PX, frame.px(TEXT_FLOOR_PX))
    width = box[2] - box[0]
    lines = sum(len(wrap(frame, text, width, px, weight)) for text, weight in paragraphs)
    return lines * (px * 6 // 5) <= box[3] - box[1]


def _footer(lang: str, game: State, seat_buttons: bool) -> str:
    """What the next press does: look at one's words, roll, or the winner of a finished game."""
    result = ARTBOX.outcome(game)
    if game.phase == "over" and result is not None:
        who = ", ".join(T(lang, "seat.short", seat=s) for s in result.winners)
        return f"{T(lang, 'artbox.winner', who=who)} · {T(lang, 'artbox.end.' + result.reason)}"
    if game.phase == "deal_cover":
        return hint(lang, "artbox.press_to_see", seat_buttons, seat=game.dealing_seat)
    if game.phase == "roll":
        return hint(lang, "artbox.press_roll_short", seat_buttons, seat=game.maestro)
    return ""
