"""The file behind the level being edited, with no pygame: what was on disk when it was
opened (or last saved), so that Save keeps what a person wrote by hand and notices a
change made meanwhile by another program or window; the levels deleted this session,
which the Levels screen can bring back; and the saved matches begun on a level.

Every write is atomic (game.play.storage); a write never replaces a file that changed
since it was read unless the player said so."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.i18n import _
from game.logic.core import DominoError
from game.logic.level_edits import edited_level_text
from game.logic.levels import read_level
from game.logic.textfiles import read_text
from game.play import storage


@dataclass(frozen=True)
class DeletedLevel:
    """A level deleted this session: enough to write it back where it was."""

    variant: str
    name: str
    title: str
    path: Path
    text: str


def disk_text(path: Path | None) -> str | None:
    """The text of the level file at `path` now, None when there is none (or it cannot
    be read: then nothing is compared with it)."""
    if path is None:
        return None
    try:
        return read_text(path, "level")
    except (DominoError, OSError):
        return None


def kept_text(variant: str, name: str, base: str | None, new: str) -> str:
    """What Save writes: `new` (the editor's level file) written into `base` (the file a
    person wrote, if there is one) so that comments, order and spacing stay."""
    if base is None:
        return new
    return edited_level_text(base, new, lambda toml: read_level(variant, toml, name))


class LevelFile:
    """The own level file the editor has open (`path`, None for a level not saved yet)
    and its text as last read or written (`text`)."""

    def __init__(self, path: Path | None):
        self.path = path
        self.text = disk_text(path)

    def changed_on_disk(self, path: Path) -> bool:
        """Whether `path` holds something this editor did not read or write: another
        program's change, or another level of that name."""
        now = disk_text(path) if path.exists() else None
        if path == self.path:
            return now != self.text
        return path.exists()

    def write(self, path: Path, text: str) -> None:
        """Write `text` at `path` atomically (OSError if it cannot be): it is now the file
        this editor has open."""
        storage.write_atomic(path, text)
        self.path, self.text = path, text

    def set_aside(self) -> str:
        """Rename the open file (one that did not load: what a person wrote) to
        `name.bad-<time>` before a save takes its place; the name it is kept under
        (OSError if it cannot be kept: then nothing is written over it)."""
        assert self.path is not None, "only a level on disk is set aside"
        said = storage.set_aside(self.path, "it did not load as a level")
        if "; kept as " not in said:
            raise OSError(_("{file} could not be kept aside, so it is left alone").format(
                file=self.path.name))
        self.text = None                    # nothing is there now: the save makes it anew
        return said.rsplit("; kept as ", 1)[1]

    def delete(self) -> str:
        """Remove the open file; its text, for Undo (DominoError or OSError if it cannot
        be read or removed)."""
        assert self.path is not None, "only a level on disk is deleted"
        text = read_text(self.path, "level")
        self.path.unlink()
        self.path, self.text = None, None
        return text


def restore(level: DeletedLevel, replace: bool = False) -> str | None:
    """Write a deleted level back; why not (in a few words) when a file of its name is
    there again and `replace` was not asked for. OSError if it cannot be written."""
    if level.path.exists() and not replace:
        return _("another {file} is there now").format(file=level.path.name)
    storage.write_atomic(level.path, level.text)
    return None


def matches_on(variant: str, name: str) -> int:
    """How many saved matches (the match in progress, hosted ones) were begun on the
    level `name` of `variant`."""
    folder = storage.data_dir()
    try:
        paths = [folder / "current.json", *sorted(folder.glob("hosted-*.json"))]
    except OSError:
        return 0
    count = 0
    for path in paths:
        try:
            record = json.loads(read_text(path, "save")) if path.is_file() else None
        except (DominoError, OSError, ValueError, RecursionError):
            continue
        if not isinstance(record, dict) or record.get("variant") != variant:
            continue
        options = record.get("options")
        if isinstance(options, dict) and name in (options.get("layout"), options.get("start")):
            count += 1
    return count


def deleted_levels(app) -> list[DeletedLevel]:
    """The levels deleted while this game runs, the last one last (kept by the app, so
    the Levels screen can bring one back after the editor is closed)."""
    return app.deleted_levels


def forget_deleted(app, level: DeletedLevel) -> None:
    """`level` is back (or gone for good): no longer offered."""
    if level in app.deleted_levels:
        app.deleted_levels.remove(level)
