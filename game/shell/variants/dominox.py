"""Dominox on the board scene: White against Black on white and black squares, the
territory each colour holds, and at the end every empty area tinted with the colour it
scores for, carrying its points (docs/rules.md, Dominox)."""
from __future__ import annotations

import functools

import pygame

from game.logic.dominox.game import scores_of, territory_of
from game.shell.board.adapter import LEGEND, BoardAdapter
from game.shell.frame import theme
from game.shell.board.art import (draw_coordinates, draw_frame, draw_hole, draw_squares)
from game.shell.board.geometry import BoardGeometry, Square, parse_square

GOLD = (255, 206, 84)
COLOURS = ("White", "Black")
SWATCH = ((236, 226, 200), (30, 36, 52))
# Colours chosen to read as the two scoring colours and to stay apart from ivory tiles.
WHITE_SQUARE = ((214, 196, 158), (196, 176, 136))       # (fill, edge)
BLACK_SQUARE = ((40, 48, 66), (54, 63, 84))
# end-of-game territory: (fill, stripe) per winner, and (ink, disc) of the points badge
TINTS = {0: ((252, 249, 240, 205), (255, 255, 255, 255)),
         1: ((8, 10, 16, 215), (0, 0, 0, 255)),
         None: ((110, 110, 116, 170), (110, 110, 116, 170))}
# while the game goes on (V): lighter, so that the squares' own colours still show
LIVE_TINTS = {0: ((255, 255, 255, 60), (255, 255, 255, 150)),
              1: ((0, 0, 0, 80), (0, 0, 0, 170)),
              None: ((110, 110, 116, 50), (110, 110, 116, 110))}
BADGES = {0: ((28, 30, 40), (252, 249, 240)), 1: ((246, 240, 224), (14, 16, 24)),
          None: ((240, 240, 240), (96, 96, 104))}
ONE_SQUARE_LABELS = 60      # the least square size holding a badge and a tag at once


class Adapter(BoardAdapter):
    title = "Dominox"
    info_note = ("Each empty area scores for", "the colour most of it has")
    draw_note = "Tiles are drawn for you after every turn while the stock lasts."
    study_end = True            # the territory board is worth a look before the results
    legend = LEGEND + "   V: areas"

    def __init__(self, scene):
        super().__init__(scene)
        self._scores = self._scores_ply = None

    def seat_colour(self, player: int):
        return SWATCH[player]

    def side_name(self, player: int) -> str:
        return COLOURS[player]

    def draw_board(self, surface, geo: BoardGeometry, font) -> None:
        shape = self.game.shape
        blocked = {geo.index_square(i) for i in shape.blocked}
        colours = (WHITE_SQUARE, BLACK_SQUARE)           # the rules say which square is which
        draw_frame(surface, geo)
        draw_squares(surface, geo, lambda s: colours[shape.colour(s[1] * shape.width + s[0])],
                     skip=blocked)
        for square in blocked:
            draw_hole(surface, geo.square_rect(square))
        if font is not None:
            draw_coordinates(surface, geo, font)

    def territory(self) -> list:
        """Every empty area of the table with its colour counts and winner (the rules'
        count, on the table as the view shows it)."""
        view = self.scene.table_view()
        return territory_of(view.shape, view.numbers)

    scores_live = "areas"

    def scoring_layer(self, geo: BoardGeometry, font) -> pygame.Surface:
        """Each empty area tinted in the colour it counts for now, with its points."""
        regions = [([parse_square(s) for s in r.squares], r.winner, r.points)
                   for r in self.territory()]
        return territory_layer(geo, regions, font, tints=LIVE_TINTS)

    def live_scores(self) -> tuple[int, int]:
        """(White, Black) if the game ended now, worked out once a move."""
        if self._scores_ply != self.ctl.ply:
            self._scores, self._scores_ply = scores_of(self.territory()), self.ctl.ply
        return self._scores

    def card_lines(self, player: int, over: bool) -> list[tuple]:
        if over:
            return [(theme.count(self.game.outcome().scores[player], "point"), 48, GOLD, True)]
        return [(f"Territory now: {self.live_scores()[player]}", 28, (240, 240, 232), False)]

    def opening_caption(self) -> str:
        return f"{self.name(self.game.current_player)} opens with the lowest double."

    def move_caption(self, player: int, move, before, after) -> str:
        caption = super().move_caption(player, move, before, after)
        if after.stock_size < before.stock_size:
            caption += " Drew a tile."
        return caption

    def final_caption(self) -> str:
        outcome = self.game.outcome()
        white, black = outcome.scores
        if outcome.winner is None:
            return f"A draw: {theme.count(white, 'point')} each."
        win, lose = (white, black) if outcome.winner == 0 else (black, white)
        return f"{self.name(outcome.winner)} wins, {theme.count(win, 'point')} to {lose}."

    def end_layer(self, geo: BoardGeometry, font) -> pygame.Surface:
        regions = [([parse_square(s) for s in r.squares], r.winner, r.points)
                   for r in self.territory()]
        return territory_layer(geo, regions, font, COLOURS)    # ("White": a name may not fit)

    def results(self) -> tuple[list, tuple]:
        outcome = self.game.outcome()
        rows = [(self.ctl.name(p), COLOURS[p], str(outcome.scores[p])) for p in (0, 1)]
        return rows, ("Player", "Colour", "Points")

    def read_aloud(self) -> str:
        white, black = self.live_scores()
        return (f"If the game ended now: White {white}, Black {black}; "
                f"{theme.count(self.scene.table_view().stock_size, 'tile')} in the stock.")


def territory_layer(geo: BoardGeometry, regions, font, names=None,
                    tints=None) -> pygame.Surface:
    """A transparent layer painting each empty region in the colour it scores for.

    `regions` holds (squares, winner, points) with winner 0 White, 1 Black or None (a tie,
    painted grey); `tints` (fill, stripe) per winner, the end's by default. Stripes keep
    a claimed area from looking like a tile face; the points and, given `names` (the
    sides), who won the region ("tie" where nobody did) are written inside the region's
    own squares, never over a tile or the board's edge."""
    layer = pygame.Surface(geo.outer.size, pygame.SRCALPHA)
    offset = (-geo.outer.x, -geo.outer.y)
    step = max(6, geo.size // 5)
    full = badge_radius(geo)
    for squares, winner, points in regions:
        rects = [geo.square_rect(square).move(offset) for square in squares]
        box = rects[0].unionall(rects[1:])
        sheet = striped(box, step, (tints or TINTS)[winner])
        for rect in rects:
            layer.blit(sheet, rect.topleft, rect.move(-box.x, -box.y))
        centre, radius, tag_area = label_spots(geo, squares, bool(names))
        centre = (centre[0] + offset[0], centre[1] + offset[1])
        ink, disc = BADGES[winner]
        pygame.draw.circle(layer, (*disc, 245), centre, radius)
        pygame.draw.circle(layer, (220, 180, 80, 255), centre, radius, max(2, radius // 8))
        digits = font if radius >= full else theme.font(max(12, radius * 5 // 4), True)
        badge = digits.render(str(points), True, ink)
        layer.blit(badge, badge.get_rect(center=(centre[0], centre[1] + 1)))
        if tag_area is not None:
            _winner_tag(layer, geo, "tie" if winner is None else names[winner], winner,
                        tag_area.move(offset))
    return layer


def striped(box: pygame.Rect, step: int, colours) -> pygame.Surface:
    """A sheet the size of `box` in the tint of `colours`, crossed by its stripe colour
    along the lines x + y = k (k a multiple of `step`, in the layer's coordinates, so that
    stripes run on from square to square): a region's squares are cut out of one sheet,
    a blit each, where a fill and a dozen lines each took 19 ms on the largest board."""
    tint, stripe = colours
    sheet = pygame.Surface(box.size, pygame.SRCALPHA)
    sheet.fill(tint)
    first = (box.x + box.y) // step * step
    for k in range(first, box.right + box.bottom + step, step):
        pygame.draw.line(sheet, stripe, (k - box.bottom - box.x, box.height),
                         (k - box.y - box.x, 0), 2)
    return sheet


def label_spots(geo: BoardGeometry, squares, tagged: bool = True):
    """Where a region's points badge and its winner's tag go, inside its own squares:
    (badge centre, badge radius, the square rect the tag is centred in, or None).

    The badge sits on the region's most central square and the tag on a neighbour in the
    region (below it, or the badge above it, else beside); a region of one square holds
    both, the badge smaller, when the square is large enough for the two (else the tint
    alone says who won)."""
    squares = set(squares)
    central = _central_square(squares)
    f, r = central
    radius = badge_radius(geo)
    if not tagged:
        return geo.square_rect(central).center, radius, None
    for badge, tag in ((central, (f, r - 1)), ((f, r + 1), central),
                       (central, (f + 1, r)), ((f - 1, r), central)):
        if badge in squares and tag in squares:
            return geo.square_rect(badge).center, radius, geo.square_rect(tag)
    rect = geo.square_rect(central)
    if geo.size < ONE_SQUARE_LABELS:
        return rect.center, radius, None
    small = geo.size * 24 // 100
    below = pygame.Rect(rect.x, rect.y + 2 * small + 4, rect.w, rect.h - 2 * small - 4)
    return (rect.centerx, rect.y + small + 3), small, below


def badge_radius(geo: BoardGeometry) -> int:
    return max(10, int(geo.size * 0.34))


def _winner_tag(layer, geo: BoardGeometry, text: str, winner, area: pygame.Rect) -> None:
    """A small label in the winner's colours centred in `area` (a square), no wider
    than it: the words shrink, then are cut short."""
    size = tag_size(text, area.w - 14, max(12, min(geo.size // 3, area.h - 8)))
    label = theme.font(size, True).render(theme.fit_text(text, area.w - 14, size, True),
                                          True, BADGES[winner][0])
    box = label.get_rect().inflate(min(size // 2 + 6, area.w - 4 - label.get_width()), 4)
    box.center = area.center
    pygame.draw.rect(layer, (*BADGES[winner][1], 240), box, border_radius=box.h // 2)
    pygame.draw.rect(layer, (220, 180, 80, 255), box, 2, border_radius=box.h // 2)
    layer.blit(label, label.get_rect(center=box.center))


@functools.lru_cache(maxsize=256)
def tag_size(text: str, width: int, largest: int) -> int:
    """The largest size from 12 to `largest` at which bold `text` is at most `width` pixels
    wide (12 if none). Searched from a guess in proportion to its width at `largest`, not
    size by size: every size tried is a font loaded and its letters drawn, and a game's
    end once tried 16 of them in its frame."""
    def fits(size: int) -> bool:
        return theme.font(size, True).size(text)[0] <= width
    if largest <= 12 or fits(largest):
        return largest
    widest = theme.font(largest, True).size(text)[0]
    size = min(largest - 1, max(12, largest * width // max(1, widest)))
    if fits(size):
        while size + 1 < largest and fits(size + 1):
            size += 1
        return size
    while size > 12 and not fits(size):
        size -= 1
    return size


def _central_square(squares) -> Square:
    squares = list(squares)
    cx = sum(f for f, _ in squares) / len(squares)
    cy = sum(r for _, r in squares) / len(squares)
    return min(squares, key=lambda s: ((s[0] - cx) ** 2 + (s[1] - cy) ** 2, s))
