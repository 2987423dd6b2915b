"""The pictures an overlay keeps from frame to frame: what it covers (the scenes under it
are not updated, so they are drawn once a stack) and its own picture while it fades in.
Each lives in a surface of the screen's pixel format (any other format blits several times
slower), made once and drawn over again: a new 1920x1080 surface costs 4-8 ms here (its
memory is mapped as it is first written), half a frame."""
from __future__ import annotations

from itertools import count

import pygame


def kept_copy(held: pygame.Surface, picture: pygame.Surface) -> pygame.Surface:
    """`picture` copied into `held` when it has the same size, else into a new surface."""
    if held.get_size() != picture.get_size():
        return picture.copy()
    held.blit(picture, (0, 0))
    return held


class Backdrop:
    """The app's kept pictures, made with the app rather than in the frame an overlay first
    shows: `under`, what the top overlay covers (dimmed as it asks), `layer`, the
    picture of the overlay fading in, and `table`, a board match's static layer (a
    rematch draws its table over the last match's rather than making one in its frame)."""

    def __init__(self, screen: pygame.Surface):
        self.under = screen.copy()
        self.fresh = False          # whether `under` shows the current stack
        self.layer = screen.copy()
        self.table = screen.copy()
        self._covers = 0            # how many times `under` was drawn
        # (a FadeIn's serial, `_covers`) of the picture in `layer`
        self._layer_for: tuple[int, int] | None = None
        self._table_for: int | None = None  # the serial of the board table whose layer `table` is
        # rect -> the surface its pieces of `table` are kept in
        self._pieces: dict[tuple[int, int, int, int], pygame.Surface] = {}

    def forget(self) -> None:
        """The stack changed: what lies under the top overlay is drawn again."""
        self.fresh = False

    def keep(self, screen: pygame.Surface) -> None:
        self.under = kept_copy(self.under, screen)
        self.fresh = True
        self._covers += 1

    def restore(self, screen: pygame.Surface) -> None:
        screen.blit(self.under, (0, 0))

    def layer_of(self, owner: int, screen: pygame.Surface) -> tuple[pygame.Surface, bool]:
        """`layer`, and whether it still holds `owner`'s picture over the screen under it;
        if not, it now holds a copy of `screen` for `owner` to draw on."""
        key = (owner, self._covers)
        held = self._layer_for == key and self.layer.get_size() == screen.get_size()
        if not held:
            self.layer = kept_copy(self.layer, screen)
            self._layer_for = key
        return self.layer, held

    def holds_layer(self, owner: int) -> bool:
        """Whether `layer` holds `owner`'s picture over the screen under it now."""
        return self._layer_for == (owner, self._covers)

    def table_layer(self, owner: int) -> pygame.Surface:
        """`table`, from now on board table `owner`'s to lay its static layer on; the
        table that held it before lays its own again when it next draws."""
        self._table_for = owner
        return self.table

    def table_piece(self, rect) -> pygame.Surface:
        """A copy of `rect` of `table` (the clean background a panel or the board is
        redrawn from), in the surface kept for that rect since an earlier lay."""
        rect = pygame.Rect(rect)
        picture = self.table.subsurface(rect)
        held = self._pieces.get(tuple(rect))
        if held is None:
            held = self._pieces[tuple(rect)] = picture.copy()
        else:
            held.blit(picture, (0, 0))
        return held

    def holds_table(self, owner: int) -> bool:
        """Whether `table` still holds the static layer board table `owner` laid."""
        return self._table_for == owner


_serials = count()


def next_serial() -> int:
    """A number for an owner of a kept picture that no other owner had (not id(): a later
    object could get the same id)."""
    return next(_serials)


class FadeIn:
    """An overlay's picture appearing over the screen under it: drawn once on a copy of that
    screen (the backdrop's layer), then blended each frame at the fade's alpha over the
    area the picture covers, the only pixels it changes. `draw(surface)` draws the picture
    and returns that area (or `parts`, drawn one after another, the first returning the
    area); the picture must not change while it fades."""

    def __init__(self, backdrop: Backdrop, draw, *parts):
        self._backdrop = backdrop
        self._parts = (draw, *parts)
        self._serial = next_serial()
        self._area: pygame.Rect | None = None    # what the picture covers, once drawn
        self._drawn = 0                          # parts on the layer

    def prepared(self) -> bool:
        """Whether the whole picture lies ready on the layer over the screen under it."""
        return self._drawn == len(self._parts) and self._backdrop.holds_layer(self._serial)

    def prepare(self, screen: pygame.Surface, parts: int | None = None) -> None:
        """Draw the next `parts` of the picture (all by default) on its layer, showing
        nothing yet: a frame that brings an overlay has no time to draw it as well, nor
        to blend a picture it also drew."""
        layer, held = self._backdrop.layer_of(self._serial, screen)
        if not held:
            self._drawn = 0
        end = len(self._parts) if parts is None else min(len(self._parts), self._drawn + parts)
        for part in self._parts[self._drawn:end]:
            area = part(layer)
            if self._drawn == 0:
                self._area = pygame.Rect(area).clip(screen.get_rect())
            self._drawn += 1

    def draw(self, screen: pygame.Surface, alpha: int) -> None:
        if alpha <= 0:
            return                      # nothing shows yet: the picture waits a frame
        self.prepare(screen)
        layer, area = self._backdrop.layer, self._area
        assert area is not None         # (prepare drew it)
        layer.set_alpha(alpha)
        screen.blit(layer, area.topleft, area)
