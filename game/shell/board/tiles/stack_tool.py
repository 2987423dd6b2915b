"""Dominid's input tool: PlaceTileTool over a stacked table, and the odds-or-evens choice.

Before the click the ghost shows what the placement would be: on a block of the level it
would lie at (with its level badge), the two cells of the cheapest neighbouring pair
outlined in gold, and a label "Level 2 · cost 1: 2 beside 2, 6 beside 5" (or "on" for the
pair beneath); where no tile may lie, the rules' reason in red. With hints on (H) the
cheapest spots of the picked tile glow.

Right after the first player's first move that player declares: two big buttons over the
board, "Odds 1 3 5" and "Evens 2 4 6", chosen by Left/Right and Enter, by O or E, or by a
click. Esc then opens the pause menu (nothing is picked to drop). Before the first move
the player whose tile lost arranges the opening (tiles.opening_picker).
"""
from __future__ import annotations

from game.i18n import N_, _

import pygame

from game.logic.board.placement import Placement
from game.logic.core import IllegalMoveError
from game.shell.board.geometry import parse_square
from game.shell.board.table import GOLD
from game.shell.board.tiles.opening_picker import OpeningPicker, panel_clear_of
from game.shell.board.tiles.place_tool import HINT_FILL, HINT_RING, PlaceTileTool, ghost_of
from game.shell.board.tiles.stack_art import Stacker, darker, tone
from game.shell.frame import theme, tile_art
from game.shell.match.controller import sentence
from game.shell.match.scene import choice_action, index_at

CHOICES = (("odds", N_("Odds"), "1 3 5", (1, 3, 5)), ("evens", N_("Evens"), "2 4 6", (2, 4, 6)))
CHIP_SIZE = 28
PAIR_LINE = (255, 214, 80)
PANEL_SIZE = (860, 296)
BUTTON_SIZE = (400, 140)
# The footer while a panel of its own is up: its keys (the tile keys do nothing then)
# (each part a text of the template: the legend bar translates them one by one)
ARRANGE_KEYS = (N_("Left/Right, Up/Down: choose"), N_("Enter, click: lay it"), N_("H: hints"))
DECLARE_KEYS = (N_("Left/Right: odds or evens"), N_("Enter, click: take it"),
                N_("O, E: take odds, evens"))


def pair_words(move: Placement, border) -> str:
    """"2 beside 2, 6 beside 5" (or "on" for the pair beneath the tile)."""
    p, q = border.numbers
    text = (_("{x} on {p}, {y} on {q}") if border.side == "beneath" else
            _("{x} beside {p}, {y} beside {q}"))
    return text.format(x=move.x, p=p, y=move.y, q=q)


class StackTool(PlaceTileTool):
    """PlaceTileTool that tells a placement's level, cost and pair before the click, and
    offers the odds-or-evens choice when the human to act must make it."""

    def __init__(self, scene):
        super().__init__(scene)
        self.stacker = getattr(scene.adapter, "stacker", None) or Stacker(scene.geo)
        self.choice = 0                    # the focused button of the declaration
        self.detail = None                 # (level, cost, border, move) of a legal ghost
        self._best = self._best_key = None
        self._panel = self._panel_key = None
        self._spot = self._spot_key = None
        self.picker = OpeningPicker(scene, self.stacker)

    @property
    def active(self) -> bool:
        return self.ghost is not None or self.declaring() or self.arranging()

    def declaring(self) -> bool:
        """The human to act must now choose odds or evens."""
        return self._may_act() and bool(self.scene.game.declaring)

    def arranging(self) -> bool:
        """The human to act must now arrange the opening."""
        return self._may_act() and bool(self.scene.game.arranging)

    def _may_act(self) -> bool:
        """A human's turn that the scene takes moves for (not a lesson's answered step,
        whose keys go to its panel)."""
        return self.scene.ctl.human_turn and self.scene.takes_moves()

    def reset(self) -> None:
        super().reset()
        self.detail = None

    cancel = reset

    def hud_key(self) -> tuple:
        return (self.picked, self.declaring(), self.arranging())

    def keys_legend(self) -> str | None:
        """The footer while the opening picker or the odds-or-evens choice is up: its
        keys, then those of the match that still work (the coach, taking back, Esc);
        None otherwise (the game's own legend)."""
        if self.arranging():
            keys = list(ARRANGE_KEYS)
        elif self.declaring():
            keys = list(DECLARE_KEYS)
        else:
            return None
        scene = self.scene
        if scene.coach.offered:
            keys.append(N_("C: coach"))
        if scene.undo_shown() and scene.ctl.undo_target()[0] is not None:
            keys.append(N_("U: undo"))
        return "   ".join(keys + [N_("Esc: pause")])

    # --- input ------------------------------------------------------------------------
    def point(self, pos) -> None:
        if self.arranging():
            self.picker.point(pos)
            return
        if self.declaring():
            index = index_at(self.choice_rects()[1], pos)
            if index is not None:
                self.choice = index
            return
        super().point(pos)

    def handle(self, action) -> None:
        if self.arranging():
            self.picker.handle(action)
            return
        if not self.declaring():
            super().handle(action)
            return
        if action.name == "text" and action.char.lower() in ("o", "e"):
            self.declare(0 if action.char.lower() == "o" else 1)
        elif action.name == "back":
            self.scene.ctl.pause()
        else:
            self.choice, chosen = choice_action(action, self.choice, self.choice_rects()[1], 1)
            if chosen is not None:
                self.declare(chosen)

    def declare(self, index: int) -> None:
        self.choice = index
        self.scene.ctl.play(CHOICES[index][0])

    # --- what the ghost's placement would be ------------------------------------------
    def _refresh(self) -> None:
        super()._refresh()
        self.detail = None
        if self.reason is not None or self.ghost is None:
            return
        scene = self.scene
        view = scene.view(scene.game.current_player)
        try:
            move = Placement.parse(self.ghost.text())
        except (ValueError, IllegalMoveError):
            return
        found = view.cost_of(move)
        if found is not None:
            level = view.level_at(move.first) + 1
            self.detail = (level, found[0], found[1], move)

    def best_spots(self) -> tuple[int, list[Placement]]:
        """(the least cost, the placements that cost it) of the picked tile (per move)."""
        scene = self.scene
        tile = scene.shown_tiles()[self.picked]
        key = (scene.ctl.ply, tile)
        if key != self._best_key:
            view = scene.view(scene.game.current_player)
            goal = scene.goal_moves()          # a lesson's: the cheapest that meet its goal
            costs = [(view.cost_of(m)[0], m) for m in (scene.legal_moves() if goal is None
                                                       else goal)
                     if isinstance(m, Placement) and m.tile == tile]
            least = min((c for c, _x in costs), default=-1)
            self._best = (least, [m for c, m in costs if c == least])
            self._best_key = key
            self._hints_key = None
        return self._best

    def label(self) -> str | None:
        """What the ghost's placement would be, in words (None when illegal)."""
        if self.detail is None:
            return None
        level, cost, border, move = self.detail
        text = _("Level {level} · cost {cost}: {pairs}").format(level=level, cost=cost,
                                                                pairs=pair_words(move, border))
        if self.scene.hints and self.picked is not None:
            least = self.best_spots()[0]
            text += "  " + (_("(cheapest)") if cost <= least else
                            _("(cheapest: {cost})").format(cost=least))
        return text

    def tray_legend(self) -> list[tuple]:
        if self.ghost is None:
            return []
        legend: list[tuple] = [(self.ghost.ends, "ghost_ok",
                                N_("your tile: green fits, red not"))]
        if self.scene.hints:
            legend.append((self.ghost.ends, "hint", N_("faint: its cheapest spots (H hides)")))
        return legend

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.arranging():
            self.picker.draw(surface)
            return
        if self.declaring():
            self._draw_choice(surface)
            return
        if self.ghost is None:
            return
        if self.scene.hints:
            self._draw_hints(surface)
        stacker, geo = self.stacker, self.scene.geo
        s1, s2 = self.ghost.squares
        footprint = stacker.footprint(s1, s2)
        face = stacker.face_rect(footprint)
        legal = self.reason is None
        if legal and self.detail is not None:
            level, _x, border, _x = self.detail
            block = pygame.Surface(footprint.size, pygame.SRCALPHA)
            pygame.draw.rect(block, (*tone(level), 170), block.get_rect(),
                             border_radius=stacker.radius)
            surface.blit(block, footprint)
            tile_art.draw_tile(surface, face, self.ghost.drawing_ends(), "ghost_ok")
            width = max(3, geo.size // 12)
            for name in border.cells:
                cell = geo.square_rect(parse_square(name)).inflate(-2, -2)
                pygame.draw.rect(surface, (20, 16, 8), cell, width + 2, border_radius=4)
                pygame.draw.rect(surface, PAIR_LINE, cell.inflate(-2, -2), width, border_radius=4)
            if level >= 2:
                stacker.draw_badge(surface, level, max((s1, s2), key=lambda s: (s[1], -s[0])))
            label = self.label()                  # (there is one: the placement is legal)
            if label is not None:
                draw_label(surface, label, self._label_spot(label, footprint), (16, 40, 26),
                           theme.LEGAL)
        else:
            tile_art.draw_tile(surface, face, self.ghost.drawing_ends(), "ghost_bad")
            if self.reason:
                text = sentence(self.reason)
                draw_label(surface, text, self._label_spot(text, footprint), (90, 18, 18),
                           theme.ILLEGAL)

    def _label_spot(self, text: str, footprint: pygame.Rect) -> pygame.Rect:
        """Where the ghost's label hides the fewest tiles: above or below the ghost, a
        little further away when that clears the structure (kept while nothing moves)."""
        hints = self.scene.hints and self.picked is not None
        key = (text, footprint.topleft, footprint.size, self.scene.ctl.ply, hints)
        if key == self._spot_key:
            return self._spot
        geo = self.scene.geo
        size = geo.size
        taken = [geo.square_rect(geo.index_square(i))
                 for i, n in enumerate(self.scene.table_view().levels) if n]
        taken.append(footprint)
        if self.detail is not None:
            taken += [geo.square_rect(parse_square(c)) for c in self.detail[2].cells]
        if hints:                          # nor the glowing cheapest spots
            taken += [geo.span_rect(parse_square(m.first), parse_square(m.second))
                      for m in self.best_spots()[1]]
        back = pygame.Rect((0, 0), theme.font(CHIP_SIZE).size(text)).inflate(28, 14)
        best = None
        for step in range(4):
            for below in (False, True):
                spot = back.copy()
                if below:
                    spot.midtop = (footprint.centerx, footprint.bottom + 10 + step * size)
                else:
                    spot.midbottom = (footprint.centerx, footprint.top - 10 - step * size)
                spot.clamp_ip(geo.outer)
                if spot.colliderect(footprint):
                    continue
                score = (len(spot.collidelistall(taken)), step, below)
                if best is None or score < best[0]:
                    best = (score, spot)
        self._spot = best[1] if best else back.move(footprint.topleft)
        self._spot_key = key
        return self._spot

    def _draw_hints(self, surface) -> None:
        """The footprints of the picked tile's cheapest placements glow, each with the
        tile as a faint tile showing its numbers where they would lie, as Dominox and
        Spread show their good places (cached per move)."""
        least, spots = self.best_spots()
        geo = self.scene.geo
        if self._hints_key != self._best_key:
            layer = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
            offset = (-geo.rect.x, -geo.rect.y)
            width = max(2, geo.size // 16)
            tile = self.scene.shown_tiles()[self.picked]
            for move in spots:
                s1, s2 = parse_square(move.first), parse_square(move.second)
                footprint = self.stacker.footprint(s1, s2)
                rect = footprint.move(offset).inflate(-6, -6)
                pygame.draw.rect(layer, HINT_FILL, rect, border_radius=8)
                pygame.draw.rect(layer, HINT_RING, rect, width, border_radius=8)
                ends = ghost_of(move, tile).drawing_ends()
                tile_art.draw_tile(layer, self.stacker.face_rect(footprint).move(offset), ends,
                                   "hint")
            used = layer.get_bounding_rect()           # blit only what glows
            self._hints = (layer.subsurface(used).copy(), used.move(geo.rect.topleft))
            self._hints_key = self._best_key
        surface.blit(*self._hints)

    # --- the declaration ----------------------------------------------------------------
    def choice_rects(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The panel and the two buttons, over the board where the structure is not
        (above it or below, whichever has more room); kept for the move."""
        key = self.scene.ctl.ply
        if key != self._panel_key:
            geo, view = self.scene.geo, self.scene.table_view()
            cells = [geo.index_square(i) for i, n in enumerate(view.levels) if n]
            panel = panel_clear_of(geo, cells, (min(PANEL_SIZE[0], geo.outer.w), PANEL_SIZE[1]))
            gap = 24
            buttons = []
            size = (min(BUTTON_SIZE[0], (panel.w - gap) // 2 - 16), BUTTON_SIZE[1])
            for i in range(2):              # (as wide as the panel lets them be)
                rect = pygame.Rect((0, 0), size)
                rect.bottom = panel.bottom - 52
                rect.x = panel.centerx - gap // 2 - size[0] if i == 0 \
                    else panel.centerx + gap // 2
                buttons.append(rect)
            self._panel, self._panel_key = (panel, buttons), key
        return self._panel

    def _draw_choice(self, surface) -> None:
        panel, buttons = self.choice_rects()
        theme.draw_panel(surface, panel, alpha=245, border=GOLD)
        theme.draw_text(surface, _("Choose your numbers"), (panel.centerx, panel.y + 16), 40,
                        theme.TITLE, "midtop", bold=True)
        theme.draw_text(surface, _("Touching groups of 3+ of them come off your cost"),
                        (panel.centerx, panel.y + 62), 26, theme.TEXT_DIM, "midtop")
        view = self.scene.view(self.scene.game.current_player)
        for i, ((_x, title, digits, numbers), rect) in enumerate(zip(CHOICES, buttons)):
            focused = i == self.choice
            fill = (70, 58, 30) if focused else (34, 44, 50)
            pygame.draw.rect(surface, fill, rect, border_radius=18)
            pygame.draw.rect(surface, GOLD if focused else darker(theme.TEXT_DIM), rect,
                             6 if focused else 2, border_radius=18)
            ink = theme.TEXT if focused else theme.TEXT_DIM
            theme.draw_fitted(surface, _(title), (rect.centerx, rect.y + 30), rect.w - 24, 50,
                              ink, "center", bold=True)
            theme.draw_text(surface, digits, (rect.centerx, rect.y + 80), 40, GOLD if focused
                            else ink, "center", bold=True)
            held = sum((t.a in numbers) + (t.b in numbers) for t in view.hand)
            shown = sum(1 for n in view.numbers if n in numbers)
            theme.draw_fitted(surface, _("{held} in hand · {shown} on the table").format(
                                  held=held, shown=shown),
                              (rect.centerx, rect.bottom - 22), rect.w - 16, 24,
                              theme.TEXT_DIM, "center")
        theme.draw_text(surface, _("Left/Right and Enter · O or E · or click"),
                        (panel.centerx, panel.bottom - 26), 26, theme.TEXT_DIM, "center")


def draw_label(surface, text: str, spot: pygame.Rect, fill, edge) -> None:
    """A line of text on a dark rounded label with a coloured edge."""
    if not text:
        return
    pygame.draw.rect(surface, fill, spot, border_radius=12)
    pygame.draw.rect(surface, edge, spot, 2, border_radius=12)
    theme.draw_text(surface, text, spot.center, CHIP_SIZE, anchor="center")
