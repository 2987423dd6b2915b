"""Input tools of the board scene: how a human acts on the board during a turn.

The board scene routes the actions of a human's turn to its tool and draws the tool over
the board each frame. A tool never decides a rule: it asks the state whether what it
would do is legal (and why not) and plays through the match controller.

    tool = ToolClass(scene)
    tool.active -> bool       something is picked: Esc and back cancel it instead of pausing
    tool.point(pos)           the pointer moved (at any time, also on others' turns)
    tool.handle(action)       an action of the human's turn (click, keys, rotate, confirm...)
    tool.cancel()             drop what is picked
    tool.reset()              a move was made: start the next turn afresh
    tool.hud_key() -> tuple   what of the tool the cached table shows (a picked hand tile)
    tool.tray_state(i)        how the tray draws hand tile i ("selected") or None
    tool.tray_legend()        what the coloured shapes over the board mean, for the tray:
                              [(ends, tile_art state, words)] (tile tools only)
    tool.keys_legend()        (optional) the footer while the tool shows a panel of its own,
                              or None for the game's legend (tiles.stack_tool)
    tool.origin()             where the piece just played came from (a tray rect) or None
    tool.draw(surface)        the tool over the board (ghost, hints, the reason it is illegal)

The tools: tiles.place_tool.PlaceTileTool places a tile of the shown hand (Dominox,
Spread), tiles.stack_tool.StackTool a tile on Dominid's stacks; elements.move_tool moves
an element, elements.shift_tool shifts one (Shift), elements.place_tool sets one down
from a pack (Packs). What they share is here: the arrow keys' steps over the board and
the red label that says why a move is illegal.
"""
from __future__ import annotations

import pygame

from game.shell.frame import theme
from game.shell.frame.scene import LOGICAL_SIZE

KEY_STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}
REASON_SIZE = 28


def draw_reason(surface, text: str, body: pygame.Rect, top: int) -> None:
    """Why a ghost is illegal, in a red label above it (below it near the top edge)."""
    back = pygame.Rect((0, 0), theme.font(REASON_SIZE).size(text)).inflate(28, 14)
    back.midbottom = (body.centerx, body.top - 10)
    if back.top < top:
        back.midtop = (body.centerx, body.bottom + 10)
    _reason_label(surface, text, back, REASON_SIZE)


def draw_reason_outside(surface, text: str, body: pygame.Rect, frame: pygame.Rect,
                        room: pygame.Rect, avoid=()) -> None:
    """Why a ghost is illegal, in a red label just outside the board's `frame`, above it
    or below it on the side nearer the ghost's `body` (the other side when that one is
    not inside `room` or meets one of the panels in `avoid`), as wide as the frame at
    most: it covers no square and no coordinate of the board."""
    width = frame.w - 28
    size, text = theme.fitted(text, width, REASON_SIZE, smallest=20)
    back = pygame.Rect((0, 0), theme.font(size).size(text)).inflate(28, 14)
    above = back.copy()
    above.midbottom = (frame.centerx, frame.top - 4)
    below = back.copy()
    below.midtop = (frame.centerx, frame.bottom + 4)
    sides = (above, below) if body.centery < frame.centery else (below, above)
    fits = next((side for side in sides
                 if room.contains(side) and side.collidelist(avoid) < 0), None)
    if fits is None and _beside(surface, text, body, frame, room, avoid):
        return                 # (a wide, shallow board: in the margin left or right of it)
    _reason_label(surface, text, fits or sides[0], size)


def _beside(surface, text: str, body: pygame.Rect, frame: pygame.Rect, room: pygame.Rect,
            avoid) -> bool:
    """The label in lines beside the board, on the side nearer the ghost, level with it;
    False when neither side has the room (or it meets a panel)."""
    size = 24
    for side in ((-1, 1) if body.centerx < frame.centerx else (1, -1)):
        margin = frame.left - room.left if side < 0 else room.right - frame.right
        width = min(360, margin - 24)
        if width < 160:
            continue
        lines = theme.wrap_text(text, width - 28, size)
        back = pygame.Rect(0, 0, max(theme.font(size).size(line)[0] for line in lines) + 28,
                           len(lines) * (size + 6) + 14)
        if side < 0:
            back.right = frame.left - 8
        else:
            back.left = frame.right + 8
        back.centery = body.centery                 # level with the ghost, within the board
        back.top = max(back.top, frame.top + 4)
        back.bottom = min(back.bottom, frame.bottom - 4)
        if not room.contains(back) or back.collidelist(avoid) >= 0:
            continue
        pygame.draw.rect(surface, (90, 18, 18), back, border_radius=12)
        pygame.draw.rect(surface, theme.ILLEGAL, back, 2, border_radius=12)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (back.centerx, back.y + 10 + i * (size + 6)), size,
                            anchor="midtop")
        return True
    return False


def _reason_label(surface, text: str, back: pygame.Rect, size: int) -> None:
    back.clamp_ip(pygame.Rect((0, 0), LOGICAL_SIZE))
    pygame.draw.rect(surface, (90, 18, 18), back, border_radius=12)
    pygame.draw.rect(surface, theme.ILLEGAL, back, 2, border_radius=12)
    theme.draw_text(surface, text, back.center, size, anchor="center")
