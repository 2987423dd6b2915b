"""What a board variant tells the board scene: the adapter interface and its loader.

The board scene (board.scene.BoardMatchScene) is the same for every game of two-square
tiles on a board; what differs per variant lives in a small adapter class that the
variant's registry entry names (`adapter`; the shipped ones are
game.shell.variants.<name>:Adapter), a subclass of `BoardAdapter`:

    tool                     the input tool class of a turn (board.tool_base)
    table                    the class that draws the scene (board.table.BoardTable)
    geometry(game)           class method: the BoardGeometry of the game's board
    pass_prompt              said when a pass is forced, or None for the default
    title, stock_title       the results' title; "Stock" / "Pack"
    info_note                two short lines about how the game is won (info panel)
    draw_note                said when a player presses D
    legend                   the key legend line
    seat_colour(p)           the seat's colour (card disc)
    side_name(p)             "White" / "Black", or "" where seats have no side
    draw_board(surface, geo, font)  the board's static layer: squares, blocked squares or
                             shares (font: coordinates, or None when they are off)
    face_down(view, placement) -> bool   is that placed tile drawn face down?
    settle(surface, geo, view, start, end)  draw placed tiles start..end-1 (play order) into
                             the static layer, over those drawn before (they stop moving)
    draw_last(surface, geo, view, body, settled)  the last tile, in `body` (sliding in), with
                             its gold outline once `settled`
    board_key(view)          what, besides new tiles, changes the board layer (face-down)
    stock_size(view), stock_note(count)  the stock's count, and a word on it
    turned_up(view)          a tile turned up in public, shown large by the stock
    public_tiles(p)          the tiles of seat p's hand everyone saw (drawn face up on its
                             card even while the hand is hidden)
    info_title()             the info panel's heading (the layout's name)
    card_lines(p, over)      lines under a seat's name: [(text, size, colour, bold)]
    card_footer(p, over)     more such lines along the bottom of a tall card (two seats)
    opening_caption()        the caption as the game begins
    move_caption(p, move, before, after) -> str   a move, said (views before and after)
    last_words(move)         the last move in words for the info panel ("laid 5-3 on c4-c5")
    drawn_by(p, before, after) -> seat or None     who took a tile from the stock
    final_caption()          who won, and by how much
    end_layer(geo, font)     a layer over the board once the game is over, or None
    scores_live, scoring_layer(geo, font)   what the count as it stands shows ("areas"),
                             and a layer over the board that shows it while the game goes
                             on (V; on in lessons), or "" and None where nothing is counted
                             before the end
    study_end                the final board stays until Enter or a click brings the
                             results, and Esc on them shows the board again (not in a demo)
    results()                (rows, headers) of the final results
    read_aloud()             E: the standing, said
    show_move(surface, geo, move)  light a move (not a pass) on the board: the coach's
                             advice (a placement's ghost, its tile framed in the tray)

Defaults below fit a game with coloured seats and no sides; Dominox and Spread override
what they need.
"""
from __future__ import annotations

import importlib

import pygame

from game.logic.board.placement import Placement, placement_words
from game.shell.board.art import LAST_MOVE, draw_placed, draw_placed_at
from game.shell.board.geometry import BoardGeometry, squares_of
from game.shell.board.table import BOARD_AREA, BoardTable
from game.shell.board.tiles.place_tool import PlaceTileTool
from game.shell.frame import theme

LEGEND = ("Click, Left/Right: pick tile   R, right-click, wheel: turn   F: flip   "
          "Arrows: move   Enter, click: place   Esc: back to hand / pause   H: hints")


class BoardAdapter:
    tool: type = PlaceTileTool  # the class of what keys and the pointer do on the board
    table: type[BoardTable] = BoardTable
    pass_prompt: str | None = None  # said when a pass is forced (None: the tile game's words)
    title = ""
    stock_title = "Stock"
    info_note = ("", "")
    draw_note = "Tiles are drawn for you."
    legend = LEGEND
    study_end = False

    def __init__(self, scene):
        self.scene = scene
        self.game = scene.game
        self.ctl = scene.ctl

    @classmethod
    def geometry(cls, game) -> BoardGeometry:
        """Where the board's squares lie on the screen (before the adapter is made)."""
        return BoardGeometry(game.shape.width, game.shape.height, BOARD_AREA)

    def name(self, player: int) -> str:
        """A seat's name with its side, if it has one: "Ann (White)"."""
        side = self.side_name(player)
        return f"{self.ctl.name(player)} ({side})" if side else self.ctl.name(player)

    def seat_colour(self, player: int):
        return theme.PLAYER_COLOURS[player % len(theme.PLAYER_COLOURS)]

    def side_name(self, player: int) -> str:
        return ""

    def draw_board(self, surface, geo, font) -> None:
        raise NotImplementedError

    def face_down(self, view, placement) -> bool:
        return False

    def settle(self, surface, geo, view, start: int, end: int) -> None:
        for placement in view.placed[start:end]:
            draw_placed(surface, geo, placement, face_down=self.face_down(view, placement))

    def draw_last(self, surface, geo, view, body, settled: bool) -> None:
        placement = view.placed[-1]
        if settled:
            width = max(3, geo.size // 16)
            pygame.draw.rect(surface, LAST_MOVE, body.inflate(2 * width + 2, 2 * width + 2),
                             width, border_radius=max(4, geo.size // 8))
        draw_placed_at(surface, body, placement, *squares_of(placement),
                       face_down=self.face_down(view, placement))

    def board_key(self, view):
        return None

    def stock_size(self, view) -> int:
        return view.stock_size

    def stock_note(self, count: int) -> str:
        return "one drawn after each turn" if count else "no more tiles to draw"

    def turned_up(self, view):
        return None

    def public_tiles(self, player: int) -> tuple:
        return ()

    def info_title(self) -> str:
        layout = getattr(self.game, "layout", None)
        return layout.title if layout is not None else self.game.title

    def card_lines(self, player: int, over: bool) -> list[tuple]:
        return []

    def card_footer(self, player: int, over: bool) -> list[tuple]:
        return []

    def opening_caption(self) -> str:
        return f"{self.name(self.game.current_player)} begins."

    def move_caption(self, player: int, move, before, after) -> str:
        if move.is_pass:
            return f"{self.name(player)} cannot place a tile and passes."
        return f"{self.name(player)} laid {placement_words(move)}."

    def last_words(self, move) -> str:
        """The last move in words for the side panel, after the mover's name: "laid 5-3
        on c4-c5", "passed"."""
        return "passed" if move.is_pass else f"laid {placement_words(move)}"

    def drawn_by(self, player: int, before, after) -> int | None:
        return player if self.stock_size(after) < self.stock_size(before) else None

    def final_caption(self) -> str:
        outcome = self.game.outcome()
        if outcome.winner is None:
            return "A draw."
        return f"{self.name(outcome.winner)} wins."

    def end_layer(self, geo, font):
        return None

    scores_live = ""

    def scoring_layer(self, geo, font):
        return None

    def results(self) -> tuple[list, tuple]:
        outcome = self.game.outcome()
        rows = [(self.ctl.name(p), str(outcome.scores[p])) for p in range(self.game.players)]
        return rows, ("Player", "Score")

    def read_aloud(self) -> str:
        return ""

    def show_move(self, surface, geo, move) -> None:
        if not isinstance(move, Placement):        # (a choice that lays nothing)
            return
        own = getattr(self.scene.tool, "ghost", None)
        if not set(getattr(own, "squares", ())) & set(squares_of(move)):
            draw_placed(surface, geo, move, "ghost_ok")   # (never over the person's own tile)
        theme.outline_suggestion(surface, geo.span_rect(*squares_of(move)), 4)
        tiles = self.scene.shown_tiles()
        if move.tile in tiles:
            hand = self.scene.table.hand_rects()
            theme.outline_suggestion(surface, hand[tiles.index(move.tile)])


def adapter_class(variant: str) -> type[BoardAdapter]:
    """The adapter class the registry entry of `variant` names; ImportError saying which
    module is missing when the variant has none yet."""
    from game.logic.variants import variant_entry
    module, _, name = (variant_entry(variant).adapter or "").partition(":")
    if not module:
        raise ImportError(f"the board scene has no adapter for {variant!r} yet (its registry "
                          "entry names none)")
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        raise ImportError(f"the board scene has no adapter for {variant!r} yet "
                          f"({module.replace('.', '/')}.py is missing)") from None
    return getattr(found, name or "Adapter")
