"""The level editor's file actions (a part of EditorScene, kept apart for its size):
Save, Play this board, Delete and its undoing, and leaving."""
from __future__ import annotations

import os
import re
from typing import Any

from game.i18n import N_, _, ngettext
from game.logic.core import FileFormatError
from game.logic.levels import name_problem
from game.logic.records import new_seed
from game.play.config import MatchConfig, Seat
from game.shell.screens.dialogs import ConfirmScene, ask_before_replacing_save
from game.shell.screens.level_preview import shown_problem

from game.shell.editor.draft import ELEMENTS, Check, Draft
from game.shell.editor.level_file import (DeletedLevel, LevelFile, deleted_levels,
                                          forget_deleted, kept_text, matches_on, restore)


class FileActions:
    """Save, play, delete, leave: the methods of EditorScene that touch files."""

    app: Any
    menu: Any
    draft: Draft
    check: Check
    file: LevelFile
    opened_from: str | None
    saved_text: str | None
    broken: bool
    deleted: DeletedLevel | None
    leaving: bool
    opened_as: tuple

    @property
    def unsaved(self) -> bool:
        return self.draft.text() != self.saved_text

    def say(self, text: str, sound: str | None = None) -> None:
        self.message = text
        if sound:
            self.app.sounds.play(sound)

    def error_line(self) -> str:
        """The reader's error with the file named without its folder (as the menus do)."""
        return shown_problem(self.check.error or "", str(self.draft.path()))

    def save(self, replace_changed: bool = False, rename: bool | None = None,
             then=None) -> bool:
        """Write the level among the player's own, keeping what a person wrote by hand in
        the file it was opened from; a file changed meanwhile (another program, another
        window, another level of that name) is replaced only when the player says so (else
        this one is saved under a free name), and a level of yours saved under a new file
        name is renamed or copied as the player says. `then()` follows a save made once
        a question is answered (Play this board)."""
        draft = self.draft
        problem = draft.save_problem(self.check)
        if problem:
            self.say(_("Not saved: {why}").format(
                why=self.error_line() if self.check.error else problem), "invalid")
            return False
        path, old = draft.path(), self.file.path
        if rename is None and old is not None and path != old and old.exists():
            self.app.push(ConfirmScene(
                self.app, _("Rename {old} to {new}?").format(old=old.name, new=path.name),
                _("Rename it ({old} goes)").format(old=old.name),
                _("Keep {old} too (a copy)").format(old=old.name),
                lambda: self.save(replace_changed, True, then),
                _("{old} is the level you opened").format(old=old.name),
                on_no=lambda: self.save(replace_changed, False, then)))
            return False
        if not replace_changed and self.file.changed_on_disk(path):
            what = _("{file} is another of your levels") if path != old else \
                _("{file} changed on disk since you opened it") if path.exists() else \
                _("{file} was deleted since you opened it")
            there = path.exists()
            self.app.push(ConfirmScene(
                self.app, what.format(file=path.name),
                N_("Replace it with this one") if there else N_("Save it again"),
                N_("Keep it") if there else N_("Leave it deleted"),
                lambda: self.save(True, rename, then),
                _("Keep it, and save this one under another file name") if there else
                _("Leave it deleted: nothing is saved"),
                on_no=(lambda: self.save_as_free_name(then)) if there else None))
            return False
        base = self.file.text if path == old and self.file.text is not None \
            else self.opened_from
        text = kept_text(draft.variant, draft.name, base, draft.text())
        if self.broken and old is not None and (path == old or rename) and old.exists() \
                and not os.access(old, os.R_OK):     # unread, so never set aside or removed
            self.say(_("Not saved: {file} cannot be read, so it is left alone: give this "
                       "level another file name, or mend that file's permissions").format(
                file=old.name), "invalid")
            return False
        kept, aside = "", None
        old_changed = rename and old is not None and old.exists() and \
            self.file.changed_on_disk(old)         # read before this editor's write
        try:
            if self.broken and old is not None and old.exists() and (path == old or rename):
                aside = old.with_name(self.file.set_aside())
                kept = _("; the file as it was is kept as {file}").format(file=aside.name)
            self.file.write(path, text)
        except OSError as error:
            if aside is not None and old is not None and not old.exists():   # put it back
                os.replace(aside, old)
            self.say(_("Not saved: {why}").format(why=error.strerror or error), "invalid")
            return False
        if rename and old is not None and old.exists():     # (a broken one: set aside)
            if old_changed:        # another program's or window's work: never removed
                kept = _("; {file} changed on disk since you opened it, so it is kept").format(
                    file=old.name)
            else:
                try:
                    old.unlink()
                    kept = _(" (renamed from {file})").format(file=old.name)
                except OSError as error:
                    kept = _("; {file} could not be removed ({why})").format(
                        file=old.name, why=error.strerror or error)
        self.saved_text, self.deleted, self.broken = draft.text(), None, False
        self.say(_("Saved as {name}{kept}: it is in every list of your levels of "
                   "{game}{matches}").format(name=draft.name, kept=kept,
                                             game=_(draft.cls.title),
                                             matches=self.matches_note()), "place")
        if then is not None:
            then()
        return True

    def save_as_free_name(self, then=None) -> None:
        """Save under the first free file name `<name>-2`, `-3`... (the file of this name
        changed meanwhile and is kept as it is)."""
        draft, taken = self.draft, self.draft.path().name
        base = re.sub(r"-\d+$", "", draft.name)[:60]
        free = next((name for n in range(2, 1000) if not (
            draft.path().parent / (name := f"{base}-{n}.toml")).exists()
            and name_problem(name[:-5], draft.variant) is None), None)
        if free is None:
            self.say(_("{file} is kept as it is, and no free file name was found: type one "
                       "in File name and save").format(file=taken), "invalid")
            return
        draft.name = free[:-5]
        for widget in self.menu.widgets:
            if widget.label == "File name":
                widget.text = draft.name
        if self.save(rename=False, then=then):
            self.say(_("{file} is kept as it is; this one is saved as {name}").format(
                file=taken, name=draft.name), "place")

    def matches_note(self) -> str:
        count = matches_on(self.draft.variant, self.draft.name)
        if not count:
            return ""
        return ngettext(" (a saved match was begun on it: each keeps the board it began on)",
                        " ({count} saved matches were begun on it: each keeps the board it "
                        "began on)", count).format(count=count)

    def play(self) -> None:
        """Save the board if it changed, then start a match on it (asking first when a
        saved match would be replaced)."""
        if self.unsaved:               # played once saved (at once, or once asked)
            self.save(then=self.play)
            return
        draft, names = self.draft, self.app.settings.player_names
        options: dict[str, object] = {"layout": draft.name}
        if draft.kind == ELEMENTS:
            options = {"start": draft.name, **({"stacks": draft.stacks} if draft.shift
                                                else {"set": draft.set_name})}
        seats = (Seat(names[0]),) + tuple(Seat(names[i], "computer", "greedy")
                                          for i in range(1, draft.cls.min_players))
        config = MatchConfig(draft.variant, seats, options, new_seed())
        ask_before_replacing_save(self.app, lambda: self.app.start_match(config))

    def delete(self) -> None:
        """Delete the level that is open (one of yours on disk), after asking; U, or the
        Levels screen while the game runs, brings it back."""
        if self.deleted is not None:
            self.undo_delete()
            return
        path = self.file.path
        if path is None:
            self.say(_("Nothing deleted: this level is not one of your saved levels (Save "
                       "makes it one)"), "invalid")
            return
        title = self.draft.title or path.stem
        detail = _("{name}, one of your levels of {game}{matches}").format(
            name=title, game=_(self.draft.cls.title), matches=self.matches_note())
        if path.exists() and self.file.changed_on_disk(path):
            detail = _("It changed on disk since you opened it: what it holds now goes with it")
        self.app.push(ConfirmScene(
            self.app, _("Delete {file}?").format(file=path.name), N_("Delete it"),
            N_("Keep it"), self.delete_now, detail))

    def delete_now(self) -> None:
        path, title = self.file.path, self.draft.title
        if path is None:
            return
        try:
            text = self.file.delete()
        except (FileFormatError, OSError) as error:
            self.say(_("Nothing deleted: {why}").format(
                why=getattr(error, "message", None) or error), "invalid")
            return
        self.deleted = DeletedLevel(self.draft.variant, path.stem, title, path, text)
        deleted_levels(self.app).append(self.deleted)
        self.saved_text = None
        self.say(_("Deleted {file}: U or Undo delete brings it back (so does the Levels "
                   "screen while the game runs){matches}").format(
            file=path.name, matches=self.matches_note()), "capture")

    def undo_delete(self, replace_there: bool = False) -> None:
        """Write back the level just deleted, never over a file of its name made since
        (another window's) unless the player says so."""
        level = self.deleted
        if level is None:
            return
        try:
            refusal = restore(level, replace_there)
        except OSError as error:
            self.say(_("Not brought back: {error}").format(error=error.strerror or error),
                     "invalid")
            return
        if refusal:
            self.app.push(ConfirmScene(
                self.app, _("{file} is there again").format(file=level.path.name),
                N_("Replace it"), N_("Keep it"), lambda: self.undo_delete(True),
                _("Not brought back: {error}").format(error=refusal)))
            return
        forget_deleted(self.app, level)
        self.deleted = None
        self.file = LevelFile(level.path)
        # what is on disk now is the level as deleted, not the draft (edits since stay
        # unsaved)
        self.saved_text = self.draft.text_of(level.text) if self.draft.name == level.name \
            else None
        self.say(_("{file} is back").format(file=level.path.name), "place")

    def go_back(self) -> None:
        """Leave, asking first (Back again) when an edit would be lost: a level opened
        and left as it was leaves at once, saved or not."""
        untouched = self.draft.snapshot() == self.opened_as
        if self.unsaved and not untouched and not self.leaving:
            self.leaving = True
            self.say(_("Not saved yet: Back (or Esc) again leaves without saving"), "invalid")
            return
        self.app.pop()
