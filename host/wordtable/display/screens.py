"""Pillow renderers for the e-ink screens: a view in, a 1-bit image out.

Everything is drawn straight onto a mode "1" image, so pillow renders the TrueType glyphs without
anti-aliasing: every pixel is ink or paper, as the panel shows it, with no grey to threshold. The same
code serves the 296x128 panel and the 400x300 variant; sizes scale with the panel and the larger one
also shows each score line's detail. Type is big on purpose (scores at 28 px and more, messages at
least 13 px on the small panel) so a child can read it across a table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .fonts import Font, font
from .views import (
    BoardLostView,
    LetterPickView,
    MenuView,
    MessageView,
    PlayerLine,
    ResultView,
    StatusView,
    TagProblemView,
    View,
    format_clock,
)

SMALL = (296, 128)
LARGE = (400, 300)
SIZES = {"296x128": SMALL, "400x300": LARGE}
INK, PAPER = 0, 1


def parse_size(text: str) -> tuple[int, int]:
    """``"296x128"`` -> (296, 128); ValueError names the sizes there are."""
    try:
        return SIZES[text]
    except KeyError:
        raise ValueError(f"unknown panel size {text!r}; choose {' or '.join(SIZES)}") from None


@dataclass
class Canvas:
    """A 1-bit image with the few drawing operations the screens need."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    scale: float

    @classmethod
    def new(cls, size: tuple[int, int]) -> Canvas:
        image = Image.new("1", size, PAPER)
        return cls(image, ImageDraw.Draw(image), min(size[0] / SMALL[0], size[1] / SMALL[1]))

    @property
    def w(self) -> int:
        return self.image.size[0]

    @property
    def h(self) -> int:
        return self.image.size[1]

    @property
    def large(self) -> bool:
        return self.h >= 200

    def px(self, n: float) -> int:
        """``n`` small-panel pixels at this panel's scale."""
        return max(1, round(n * self.scale))

    def font(self, size: float, bold: bool = False) -> Font:
        return font(self.px(size), bold)

    def text(self, xy: tuple[int, int], text: str, f: Font, fill: int = INK, anchor: str = "la") -> None:
        self.draw.text(xy, text, font=f, fill=fill, anchor=anchor)

    def box(self, box: tuple[int, int, int, int], fill: int | None = None, width: int = 1) -> None:
        self.draw.rectangle(box, fill=fill, outline=INK, width=width)


def text_width(text: str, f: Font) -> float:
    return f.getlength(text)


def line_height(f: Font) -> int:
    ascent, descent = f.getmetrics()
    return int(ascent + descent)


def clip(text: str, f: Font, width: float) -> str:
    """``text`` cut to ``width`` pixels, with an ellipsis if it had to be cut."""
    if text_width(text, f) <= width:
        return text
    while text and text_width(text + "…", f) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, f: Font, width: float) -> list[str]:
    """Words of ``text`` in lines no wider than ``width`` (a word wider than the line is cut)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if text_width(trial, f) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word if text_width(word, f) <= width else clip(word, f, width)
        lines.append(line)
    return lines


def fit_paragraphs(
    paragraphs: Sequence[str], width: float, height: float, sizes: Sequence[int], bold: bool = False
) -> tuple[Font, list[str]]:
    """The largest of ``sizes`` at which the wrapped paragraphs fit the box; at the smallest, the lines
    that do not fit are dropped and the last one ends with an ellipsis."""
    f = font(sizes[-1], bold)
    lines: list[str] = []
    for size in sizes:
        f = font(size, bold)
        lines = [ln for p in paragraphs for ln in wrap(p, f, width)]
        if len(lines) * line_height(f) <= height:
            return f, lines
    keep = max(1, int(height // line_height(f)))
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = clip(lines[-1] + " …", f, width)
    return f, lines


# -- parts ------------------------------------------------------------------------------------------


def header(c: Canvas, title: str, right: str = "") -> int:
    """A black bar with the title in white; returns its height."""
    h = c.px(21)
    c.draw.rectangle((0, 0, c.w - 1, h - 1), fill=INK)
    f = c.font(16, bold=True)
    pad = c.px(5)
    right_w = text_width(right, f) if right else 0
    if right and text_width(title, f) + right_w + 3 * pad > c.w:
        # No room for both: the message (what to do now) matters more than the game's name, so it
        # takes the whole bar, in a smaller size if that makes it fit, else cut with an ellipsis.
        for size in (16, 14, 13):
            f = c.font(size, bold=True)
            if text_width(right, f) <= c.w - 2 * pad:
                break
        c.text((pad, h // 2), clip(right, f, c.w - 2 * pad), f, PAPER, "lm")
        return h
    c.text((pad, h // 2), clip(title, f, c.w - 3 * pad - right_w), f, PAPER, "lm")
    if right:
        c.text((c.w - pad, h // 2), right, f, PAPER, "rm")
    return h


def players_row(
    c: Canvas, players: Sequence[PlayerLine], top: int, height: int, winners: Sequence[int] = ()
) -> None:
    """One column per player: name, big score, clock. The player to move is drawn inverted."""
    n = max(1, len(players))
    col_w = c.w / n
    name_f = c.font(13 if n <= 3 else 11, bold=True)
    clocks = any(p.clock_ms is not None or p.note for p in players)
    score_size = 30 if n <= 2 and (not clocks or c.large) else 24 if n <= 3 else 20
    if c.large and height >= c.px(75):
        score_size = round(score_size * 1.3)
    score_f = c.font(score_size, bold=True)
    small_f = c.font(11)
    for i, p in enumerate(players):
        x0, x1 = round(i * col_w), round((i + 1) * col_w) - 1
        cx = (x0 + x1 + 1) // 2
        fg = INK
        if p.active:
            c.draw.rectangle((x0 + 1, top, x1 - 1, top + height - 1), fill=INK)
            fg = PAPER
        elif i > 0 and not players[i - 1].active:
            c.draw.line((x0, top + c.px(3), x0, top + height - c.px(4)), fill=INK)
        star = "★ " if i in winners else ""
        name = clip(star + p.name, name_f, col_w - c.px(6))
        y = top + c.px(2)
        c.text((cx, y), name, name_f, fg, "ma")
        y += line_height(name_f)
        c.text((cx, y), str(p.score), score_f, fg, "ma")
        y += line_height(score_f)
        extra = " · ".join(
            t for t in (format_clock(p.clock_ms) if p.clock_ms is not None else "", p.note) if t
        )
        if extra and y + line_height(small_f) <= top + height + c.px(2):
            c.text((cx, y - c.px(2)), clip(extra, small_f, col_w - c.px(6)), small_f, fg, "ma")


def button_legend(c: Canvas, labels: Sequence[str]) -> int:
    """The seat buttons' meanings along the bottom edge, one box per button; returns its height."""
    f = c.font(12, bold=True)
    h = line_height(f) + c.px(4)
    n = max(1, len(labels))
    w = c.w / n
    top = c.h - h
    for i, label in enumerate(labels):
        if not label:
            continue
        x0, x1 = round(i * w) + c.px(2), round((i + 1) * w) - c.px(2)
        c.draw.rounded_rectangle((x0, top, x1, c.h - 1), radius=c.px(4), outline=INK, width=1)
        c.text(((x0 + x1) // 2, top + h // 2), clip(label, f, x1 - x0 - c.px(4)), f, INK, "mm")
    return h


def warning_sign(c: Canvas, cx: int, cy: int, r: int) -> None:
    """A filled circle with a white "!"."""
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
    f = font(max(8, int(r * 1.6)), True)
    c.text((cx, cy), "!", f, PAPER, "mm")


def message_box(
    c: Canvas,
    title: str,
    paragraphs: Sequence[str],
    top: int,
    bottom: int,
    sizes: Sequence[int],
    sign: bool = True,
) -> None:
    """A title with a warning sign, then paragraphs wrapped at the largest size that fits."""
    pad = c.px(6)
    y = top + pad
    if title:
        title_f = c.font(17, bold=True)
        th = line_height(title_f)
        x = pad
        if sign:
            r = th // 2
            warning_sign(c, pad + r, top + pad + r, r)
            x = pad + 2 * r + c.px(5)
        c.text((x, top + pad), clip(title, title_f, c.w - x - pad), title_f)
        y += th + c.px(3)
    f, lines = fit_paragraphs(paragraphs, c.w - 2 * pad, bottom - y - pad // 2, [c.px(s) for s in sizes])
    lh = line_height(f)
    for line in lines:
        c.text((pad, y), line, f)
        y += lh


# -- screens ----------------------------------------------------------------------------------------


def render_status(view: StatusView, size: tuple[int, int]) -> Image.Image:
    c = Canvas.new(size)
    top = header(c, view.game, view.info)
    rows = c.px(64) if not c.large else c.px(78)
    players_row(c, view.players, top + c.px(2), rows)
    y = top + c.px(2) + rows + c.px(2)
    c.draw.line((0, y, c.w - 1, y), fill=INK)
    last = view.last
    if last is None:
        return c.image
    pad = c.px(5)
    y += c.px(3)
    head_f = c.font(14, bold=True)
    total = "" if last.total is None else f"{last.total:+d}"
    c.text((c.w - pad, y), total, head_f, anchor="ra")
    c.text(
        (pad, y),
        clip(f"{last.player}: {last.summary}", head_f, c.w - 3 * pad - text_width(total, head_f)),
        head_f,
    )
    y += line_height(head_f)
    if not last.lines:
        return c.image
    if not c.large:
        f = c.font(12)
        text = "  ".join(f"{ln.label} {ln.points:+d}" for ln in last.lines)
        if len(last.lines) > 1 or text:
            c.text((pad, y), clip(text, f, c.w - 2 * pad), f)
        return c.image
    label_f, detail_f = c.font(12, bold=True), c.font(10)
    for ln in last.lines:
        if y + line_height(label_f) > c.h:
            break
        c.text((pad, y), clip(ln.label, label_f, c.w * 0.7), label_f)
        c.text((c.w - pad, y), f"{ln.points:+d}", label_f, anchor="ra")
        y += line_height(label_f)
        for dl in wrap(ln.detail, detail_f, c.w - 3 * pad):
            if y + line_height(detail_f) > c.h:
                break
            c.text((pad + c.px(4), y), dl, detail_f)
            y += line_height(detail_f)
    return c.image


def render_message(view: MessageView, size: tuple[int, int]) -> Image.Image:
    c = Canvas.new(size)
    error = view.kind == "error"
    border = c.px(3) if error else 1
    c.box((0, 0, c.w - 1, c.h - 1), width=border)
    bottom = c.h - border
    if view.footer:
        ff = c.font(11)
        bottom -= line_height(ff) + c.px(2)
        c.text((c.w // 2, c.h - border - c.px(1)), clip(view.footer, ff, c.w - 4 * border), ff, anchor="md")
    inner = Canvas(c.image, c.draw, c.scale)
    message_box(inner, view.title, view.lines, border, bottom, (22, 20, 18, 16, 15, 14, 13, 12), sign=error)
    return c.image


def render_menu(view: MenuView, size: tuple[int, int]) -> Image.Image:
    c = Canvas.new(size)
    top = header(c, view.title, view.note)
    legend = button_legend(c, view.buttons)
    f = c.font(15, bold=True)
    row_h = line_height(f) + c.px(3)
    space = c.h - legend - top - c.px(4)
    visible = max(1, space // row_h)
    first = min(max(0, view.selected - visible // 2), max(0, len(view.items) - visible))
    y = top + c.px(2)
    pad = c.px(6)
    for i in range(first, min(len(view.items), first + visible)):
        item = clip(view.items[i], f, c.w - 3 * pad)
        if i == view.selected:
            c.draw.rectangle((c.px(2), y, c.w - c.px(3), y + row_h - 1), fill=INK)
            c.text((pad, y + row_h // 2), "▶ " + item, f, PAPER, "lm")
        else:
            c.text((pad, y + row_h // 2), "   " + item, f, INK, "lm")
        y += row_h
    if first > 0:
        c.text((c.w - pad, top + c.px(2)), "▲", c.font(10), anchor="ra")
    if first + visible < len(view.items):
        c.text((c.w - pad, c.h - legend - c.px(2)), "▼", c.font(10), anchor="rd")
    return c.image


def render_letter_pick(view: LetterPickView, size: tuple[int, int]) -> Image.Image:
    c = Canvas.new(size)
    top = header(c, view.title, view.note)
    legend = button_legend(c, view.buttons)
    n = max(1, len(view.letters))
    rows = 1 if n <= 9 else 2 if not c.large else 3
    per_row = -(-n // rows)
    cell_w = (c.w - c.px(4)) // per_row
    space = c.h - legend - top - c.px(6)
    cell_h = min(space // rows, cell_w * 3 // 2)
    f = font(max(8, min(cell_h * 3 // 4, cell_w * 9 // 10)), True)
    x0 = (c.w - cell_w * per_row) // 2
    y0 = top + c.px(3) + (space - cell_h * rows) // 2
    for i, letter in enumerate(view.letters):
        r, col = divmod(i, per_row)
        box = (x0 + col * cell_w, y0 + r * cell_h, x0 + (col + 1) * cell_w - 1, y0 + (r + 1) * cell_h - 1)
        centre = ((box[0] + box[2] + 1) // 2, (box[1] + box[3] + 1) // 2)
        if i == view.selected:
            c.draw.rectangle(box, fill=INK)
            c.text(centre, letter, f, PAPER, "mm")
        else:
            c.text(centre, letter, f, INK, "mm")
    return c.image


def render_tag_problem(view: TagProblemView, size: tuple[int, int]) -> Image.Image:
    c = Canvas.new(size)
    c.box((0, 0, c.w - 1, c.h - 1), width=c.px(3))
    paragraphs = [view.message] + ([view.where] if view.where else [])
    message_box(c, "Check this piece", paragraphs, c.px(3), c.h - c.px(3), (22, 20, 18, 16, 15, 14, 13, 12))
    return c.image


def render_board_lost(view: BoardLostView, size: tuple[int, int]) -> Image.Image:
    c = Canvas.new(size)
    top = header(c, "Game kept")
    rows = c.px(52)
    bottom = c.h - (rows + c.px(2) if view.players else 0)
    paragraphs = ["The table is not answering.", "Your game is saved.", "Wait, or check the cable."]
    if c.large and view.reason:
        paragraphs.append(view.reason)
    message_box(c, "", paragraphs, top - c.px(3), bottom, (20, 18, 16, 15, 14, 13, 12), sign=False)
    if view.players:
        c.draw.line((0, bottom, c.w - 1, bottom), fill=INK)
        players_row(
            c,
            [PlayerLine(p.name, p.score, False, None, p.note) for p in view.players],
            bottom + c.px(1),
            rows,
        )
    return c.image


def render_result(view: ResultView, size: tuple[int, int]) -> Image.Image:
    c = Canvas.new(size)
    top = header(c, f"{view.game}: game over")
    legend = button_legend(c, view.buttons)
    names = [view.players[i].name for i in view.winners if 0 <= i < len(view.players)]
    if len(names) == 1:
        line = f"{names[0]} wins!"
    elif names:
        line = f"{' and '.join(names)} share the win!"
    else:
        line = "Nobody wins."
    f = c.font(18, bold=True)
    y = top + c.px(3)
    c.text((c.w // 2, y), clip(line, f, c.w - c.px(8)), f, anchor="ma")
    y += line_height(f)
    if view.reason and c.large:
        rf = c.font(11)
        c.text((c.w // 2, y), clip(view.reason, rf, c.w - c.px(8)), rf, anchor="ma")
        y += line_height(rf)
    rows = min(c.h - legend - y - c.px(2), c.px(70))
    players_row(
        c,
        [PlayerLine(p.name, p.score, False, None, p.note) for p in view.players],
        y,
        rows,
        winners=view.winners,
    )
    return c.image


RENDERERS: dict[type, Callable[..., Image.Image]] = {
    StatusView: render_status,
    MessageView: render_message,
    MenuView: render_menu,
    LetterPickView: render_letter_pick,
    TagProblemView: render_tag_problem,
    BoardLostView: render_board_lost,
    ResultView: render_result,
}


def render(view: View, size: tuple[int, int] = SMALL) -> Image.Image:
    """The 1-bit image of ``view`` for a panel of ``size``."""
    try:
        renderer = RENDERERS[type(view)]
    except KeyError:
        raise TypeError(f"no screen for {type(view).__name__}") from None
    return renderer(view, size)
