"""Colours, type and the shared backdrop pieces every screen draws with.

All sizes are logical pixels on the 1920x1080 surface. A font `size` is the text's line
height in those pixels (pygame's default face renders smaller than its nominal size, so
the cache scales it up).
"""
from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

# Table and panels.
FELT = (22, 92, 58)
FELT_DARK = (10, 52, 32)
PANEL = (18, 28, 34)
PANEL_EDGE = (96, 128, 118)
SHADOW = (0, 0, 0)

# Text.
TEXT = (240, 240, 232)
TEXT_DIM = (176, 190, 182)
TEXT_DARK = (24, 30, 28)
TITLE = (250, 214, 120)

# States.
HIGHLIGHT = (255, 222, 90)
SELECTION = (90, 190, 255)
LEGAL = (90, 220, 120)
ILLEGAL = (235, 80, 70)
MARK = (168, 38, 32)          # behind a lasting warning's words (white on it is readable)
FOCUS = HIGHLIGHT
COVER = (12, 18, 22)         # a screen that hides the table (hand-over, a couch question)
SUGGESTION = (255, 150, 40)  # a move shown on the table: the coach's advice

# One colour per seat, in seat order.
PLAYER_COLOURS = ((240, 96, 80), (80, 160, 250), (250, 200, 70), (170, 110, 230))

# Motion: a played tile slides to its place in this time at normal speed (LOOK.md).
SLIDE_SECONDS = 0.22

LEGEND_SIZE = 28
LEGEND_BAR = (5, 22, 14)     # the felt's edge darkened, under the key legend
LEGEND_HEIGHT = 52
VEIL_HEIGHT = 60             # rows of the strip that dims the screen behind an overlay
CAPTION_SIZE = 32
BODY_SIZE = 32

_FONT_SCALE = 1.5            # nominal size per pixel of line height for the default face
MAX_TEXT_CHARS = 400         # more than any line on the widest screen at the smallest size
NO_GLYPH = "\U0010ffff"      # a private character no face draws: what a missing glyph gives
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_backdrops: dict[tuple[int, int], pygame.Surface] = {}
_texts: dict[tuple, pygame.Surface] = {}
_glyphs: dict[tuple, bool] = {}      # (face, character) -> the face has a glyph for it


@dataclass
class DrawnText:
    text: str
    ink: pygame.Rect            # the pixels of its letters
    size: int                   # its line height, in logical pixels
    on_screen: bool             # drawn on a surface the size of the screen (else a layer
                                # put elsewhere: its place says nothing about the screen)


@dataclass
class TextLog:
    """What `text_log()` saw drawn: the texts still in sight (a panel, a legend bar or a
    dimming drawn over one takes it out of sight), and every text a widget or `fit_text`
    had to cut short (or could not fit in its box)."""
    drawn: list[DrawnText] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    boxes: list[pygame.Rect] = field(default_factory=list)   # buttons and rows on screen


_logs: list[TextLog] = []


@contextmanager
def text_log() -> Iterator[TextLog]:
    """Record every text drawn, and every text cut, while the block runs (the screen
    walk of the tests: no cut text, no two texts over one another)."""
    log = TextLog()
    _logs.append(log)
    try:
        yield log
    finally:
        _logs.remove(log)


def report_cut(text) -> None:
    """A widget had to cut `text` short, or could not fit it in its box."""
    for log in _logs:
        log.cut.append(str(text))


def report_box(surface, rect) -> None:
    """A button or a menu row was drawn at `rect`: a text of anything else must not run
    onto it."""
    if surface.get_size() == _screen_size():
        for log in _logs:
            log.boxes.append(pygame.Rect(rect))


def _logged(surface, image, rect, text, size) -> None:
    ink = image.get_bounding_rect().move(rect.topleft)
    on_screen = surface.get_size() == _screen_size()
    for log in _logs:
        log.drawn.append(DrawnText(text, ink, size, on_screen))


def _covered(rect) -> None:
    """Something opaque was drawn over `rect`: the texts wholly under it are out of sight."""
    rect = pygame.Rect(rect)
    for log in _logs:
        log.drawn = [t for t in log.drawn if not (t.on_screen and rect.contains(t.ink))]
        log.boxes = [box for box in log.boxes if not rect.contains(box)]


def _screen_size() -> tuple[int, int]:
    from game.shell.frame.scene import LOGICAL_SIZE
    return LOGICAL_SIZE


def reset_caches() -> None:
    """Forget cached fonts and backdrops (a new App may follow a pygame.quit())."""
    _fonts.clear()
    _backdrops.clear()
    _texts.clear()
    _glyphs.clear()
    _panel_layer.cache_clear()


def drawable(text, limit: int = MAX_TEXT_CHARS) -> str:
    """`text` as a font can draw it on one line: at most `limit` characters, a lone
    surrogate replaced by "?", line breaks and tabs as spaces, other control characters
    (a NUL, an escape) and invisible format characters (direction marks, a byte-order
    mark, zero-width spaces) dropped."""
    text = str(text)[:limit]
    if text.isprintable():
        return text
    text = text.encode("utf-8", "replace").decode("utf-8")
    return "".join(" " if c in "\t\n\r" else c for c in text
                   if c in "\t\n\r" or unicodedata.category(c) not in ("Cc", "Cf"))


def _in_face(face, text) -> str:
    """`drawable(text)` with "?" for each character `face` has no glyph for (the default
    face has no Hebrew and no emoji, and would draw an empty box)."""
    text = drawable(text)
    if text.isascii():
        return text
    return "".join(c if c.isascii() or _has_glyph(face, c) else "?" for c in text)


def _has_glyph(face, char: str) -> bool:
    key = (face, char)
    if key not in _glyphs:
        if len(_glyphs) >= 4096:
            _glyphs.clear()
        try:
            # A missing glyph is drawn as the face's "missing" box: same size, same pixels.
            found, missing = face.metrics(char + NO_GLYPH)
            _glyphs[key] = found is not None and (
                found != missing or _pixels(face, char) != _pixels(face, NO_GLYPH))
        except (pygame.error, ValueError):
            _glyphs[key] = False
    return _glyphs[key]


def _pixels(face, char: str) -> bytes:
    return pygame.image.tobytes(pygame.font.Font.render(face, char, False, (255, 255, 255)),
                                "RGBA")


class SafeFont(pygame.font.Font):
    """A font whose `render` and `size` take any string and never raise: what it cannot
    draw (see `drawable`) is replaced or dropped, and a line of nothing but zero-width
    characters renders as an empty image."""

    def render(self, text, antialias=True, color=(0, 0, 0), bgcolor=None, wraplength=0):
        return _render(self, text, antialias, color, bgcolor, wraplength)

    def size(self, text) -> tuple[int, int]:
        try:
            return super().size(_in_face(self, text))
        except (pygame.error, ValueError):
            return 0, self.get_linesize()


def _render(face, text, antialias, color, bgcolor=None, wraplength=0) -> pygame.Surface:
    try:
        return pygame.font.Font.render(face, _in_face(face, text), antialias, color, bgcolor,
                                       wraplength)
    except (pygame.error, ValueError):
        return pygame.Surface((1, face.get_linesize()), pygame.SRCALPHA)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default face at about `size` pixels of line height, cached."""
    key = (int(size), bool(bold))
    if key not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        face = SafeFont(None, max(6, round(size * _FONT_SCALE)))
        face.bold = bold
        _fonts[key] = face
    return _fonts[key]


def ease_out(t: float) -> float:
    """Progress 0..1 of a move that starts fast and settles (cubic ease-out)."""
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def count(n: int, word: str, plural: str | None = None) -> str:
    """`n` and the noun in the right number: "1 tile", "3 tiles", "2 passes"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def draw_text(surface, text, pos, size=BODY_SIZE, color=TEXT, anchor="topleft",
              font=None, bold=False, shadow=False) -> pygame.Rect:
    """Render one line of `text` with its `anchor` (a pygame.Rect attribute name) at `pos`;
    returns the rectangle it covers."""
    face, text = font or globals()["font"](size, bold), drawable(text)
    image = _rendered(face, text, tuple(color))
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(_rendered(face, text, SHADOW), rect.move(3, 3))
    surface.blit(image, rect)
    if _logs:
        _logged(surface, image, rect, text, face.get_height())
    return rect


def _rendered(face, text: str, color) -> pygame.Surface:
    # Most text is the same from frame to frame: keep recent renderings.
    key = (face, text, color)        # holding the face keeps its id from being reused
    image = _texts.get(key)
    if image is None:
        if len(_texts) >= 1024:
            _texts.clear()
        image = _texts[key] = _render(face, text, True, color)
    return image


def fit_text(text: str, width: int, size=BODY_SIZE, bold=False) -> str:
    """`text`, cut short with an ellipsis if it is wider than `width` pixels."""
    face, text = font(size, bold), drawable(text)
    if face.size(text)[0] <= width:
        return text
    report_cut(text)
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(text: str, width: int, size=BODY_SIZE, bold=False) -> list[str]:
    """`text` broken into lines no wider than `width`; blank lines in `text` are kept."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in str(text).splitlines()[:MAX_TEXT_CHARS]:
        paragraph = drawable(paragraph, 10 * MAX_TEXT_CHARS)
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def draw_panel(surface, rect, color=PANEL, alpha=235, border=PANEL_EDGE, radius=18):
    """A rounded, slightly translucent panel with a thin edge and a soft shadow; returns
    the area it drew on."""
    rect = pygame.Rect(rect)
    if _logs and alpha == 255 and surface.get_size() == _screen_size():
        _covered(rect)                   # an opaque panel hides what lies under it
    return surface.blit(panel_layer(rect.size, color, alpha, border, radius),
                        rect.move(-12, -12).topleft)


def panel_layer(size, color=PANEL, alpha=235, border=PANEL_EDGE, radius=18) -> pygame.Surface:
    """The picture draw_panel lays down, with its shadow's margin; made once a shape."""
    return _panel_layer(tuple(size), tuple(color), alpha, tuple(border) if border else None,
                        radius)


@functools.lru_cache(maxsize=64)
def _panel_layer(size, color, alpha, border, radius) -> pygame.Surface:
    # Panels are redrawn every frame in menus and overlays: render each shape once.
    w, h = size
    layer = pygame.Surface((w + 24, h + 24), pygame.SRCALPHA)
    inner = pygame.Rect(12, 12, w, h)
    pygame.draw.rect(layer, (0, 0, 0, 90), inner.move(6, 8), border_radius=radius)
    pygame.draw.rect(layer, (*color, alpha), inner, border_radius=radius)
    if border:
        pygame.draw.rect(layer, (*border, 255), inner, width=2, border_radius=radius)
    return layer


def dim(surface, alpha=150):
    """Darken everything already drawn (behind an overlay)."""
    width, height = surface.get_size()
    if _logs and surface.get_size() == _screen_size():
        _covered(surface.get_rect())        # what an overlay covers is no longer read
    strip = _veil(width, alpha)
    for y in range(0, height, strip.get_height()):
        surface.blit(strip, (0, y))


@functools.lru_cache(maxsize=4)
def _veil(width: int, alpha: int) -> pygame.Surface:
    """A strip of see-through black, made once a width and laid down the screen: a
    full-screen sheet took 6 ms to make (its fresh memory), the strip a tenth of that."""
    veil = pygame.Surface((width, VEIL_HEIGHT), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    return veil


def _make_backdrop(size) -> pygame.Surface:
    # A small radial gradient scaled up once: bright felt in the middle, darker edges.
    small = pygame.Surface((96, 54))
    small.fill(FELT_DARK)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        colour = [round(d + (f - d) * t) for d, f in zip(FELT_DARK, FELT)]
        w, h = 130 * (1 - t) + 30, 80 * (1 - t) + 16
        pygame.draw.ellipse(small, colour, pygame.Rect(48 - w / 2, 27 - h / 2, w, h))
    return pygame.transform.smoothscale(small, size)


def outline_suggestion(surface, rect, width: int = 5) -> None:
    """A frame in the suggestion's colour around `rect`, a little outside it."""
    pygame.draw.rect(surface, SUGGESTION, pygame.Rect(rect).inflate(14, 14), width,
                     border_radius=12)


def draw_felt(surface):
    """The felt table that fills the screen behind every scene."""
    size = surface.get_size()
    if size not in _backdrops:
        _backdrops[size] = _make_backdrop(size)
    if _logs and size == _screen_size():
        _covered(surface.get_rect())
    surface.blit(_backdrops[size], (0, 0))


def draw_legend(surface, app, text: str, mark: str | None = None):
    """The key legend along the bottom edge: what each key does on this screen; a `mark`
    (a warning that lasts, such as a match not saved) in red at its left end, the keys
    fitted beside it."""
    w, h = surface.get_size()
    bar = pygame.Rect(0, h - LEGEND_HEIGHT, w, LEGEND_HEIGHT)
    # Opaque, so that an overlay's legend hides the legend of the screen under it.
    surface.fill(LEGEND_BAR, bar)
    if _logs and surface.get_size() == _screen_size():
        _covered(bar)
    if mark is None:
        # a long legend (a lesson's keys) is set smaller rather than run off both edges
        draw_fitted(surface, text, (w // 2, bar.centery), w - 48, LEGEND_SIZE, TEXT_DIM,
                    "center", smallest=22)
        return
    # a mark (the match could not be saved) stands at the left, the keys fitted beside it
    tag = pygame.Rect(8, bar.y + 6, font(LEGEND_SIZE, True).size(mark)[0] + 36,
                      LEGEND_HEIGHT - 12)
    pygame.draw.rect(surface, MARK, tag, border_radius=tag.h // 2)
    draw_text(surface, mark, tag.center, LEGEND_SIZE, TEXT, "center", bold=True)
    room = w - tag.right - 24
    draw_fitted(surface, text, (tag.right + 12 + room // 2, bar.centery), room, LEGEND_SIZE,
                TEXT_DIM, "center", smallest=22)


def draw_caption(surface, app, text: str, y: int | None = None, color=TEXT):
    """The caption line just above the legend: what just happened."""
    w, h = surface.get_size()
    y = h - 96 if y is None else y
    if not text:
        return
    # A long caption (a file error, say) wraps upwards rather than running off screen.
    lines = wrap_text(text, w - 120, CAPTION_SIZE)
    step = font(CAPTION_SIZE).get_linesize()
    for i, line in enumerate(lines):
        draw_text(surface, line, (w // 2, y - (len(lines) - 1 - i) * step), CAPTION_SIZE,
                  color, "center", font=app.font(CAPTION_SIZE) if app else None, shadow=True)


def draw_title(surface, text: str, y: int = 110, size: int = 84):
    """A screen's heading, centred."""
    draw_text(surface, text, (surface.get_width() // 2, y), size, TITLE, "center",
              bold=True, shadow=True)


def draw_fitted(surface, text, pos, width, size=BODY_SIZE, color=TEXT, anchor="topleft",
                bold=False, shadow=False, smallest=None) -> pygame.Rect:
    """draw_text inside a box `width` pixels wide: a text too wide is drawn smaller (down
    to `smallest`, three quarters of `size` unless given), then cut short with an ellipsis.
    Every label that shows a player's name or a sentence goes through here."""
    size, text = fitted(text, width, size, bold, smallest)
    return draw_text(surface, text, pos, size, color, anchor, bold=bold, shadow=shadow)


def fitted(text, width, size=BODY_SIZE, bold=False, smallest=None) -> tuple[int, str]:
    """(size, text) as draw_fitted draws `text` in a box `width` pixels wide."""
    fit = _fitting(str(text), width, size, bold, smallest or max(12, size * 3 // 4))
    if _logs and fit[1] != drawable(text):      # (measured once: the cut is told each time)
        report_cut(text)
    return fit


@functools.lru_cache(maxsize=2048)
def _fitting(text: str, width: int, size: int, bold: bool, smallest: int) -> tuple[int, str]:
    """(size, text) that fit `width`: measured once per label, not at every redraw."""
    while size > smallest and font(size, bold).size(text)[0] > width:
        size -= 2
    return size, fit_text(text, width, size, bold)
