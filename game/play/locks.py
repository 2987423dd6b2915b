"""Two windows of the game on one data folder: who keeps the match in progress, and the
lock around every read-modify-write of a shared file.

The first window takes the folder's instance lock and keeps it until it ends; it alone
writes and removes the saved match. A second window finds the lock taken: it plays, but
keeps no match in progress (see App.keeps_matches), so neither window can lose the
other's save. Statistics are shared: each update of them is read, changed and written
under their own short lock, so windows finishing matches at once keep every match.

The locks are `flock` locks (`msvcrt.locking` on Windows): the system drops them when
their process ends, however it ends, so a `kill -9` leaves no stale lock behind. Where
neither exists, every lock is granted (one window at a time is then the player's care).
A lock file is opened without following a link and must be a plain file: a link (which
could point anywhere, even outside the folder), a folder or a pipe in its place is
nobody's lock (LockRefused), so nobody believes they hold it.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from pathlib import Path

try:
    import fcntl
except ImportError:                   # Windows: None says the module is missing
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:                   # POSIX
    msvcrt = None  # type: ignore[assignment]

INSTANCE_LOCK = "instance.lock"
RETRY = 0.01                          # seconds between two tries of a held lock
# never through a link, never waiting on a pipe
OPEN_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class LockRefused(Exception):
    """Something other than a plain file is where a lock file goes: the message says what,
    in one line. Nothing is created or locked through it."""


def _refusal(path: Path) -> LockRefused:
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        mode = 0
    what = "a link" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode) else \
        "not a plain file"
    return LockRefused(f"{path.name} in {path.parent} is {what}, not a lock file")


def _open_lock_file(path: Path) -> int:
    """A descriptor of the plain file at `path` (created if need be); LockRefused for
    anything else there, OSError when the folder cannot be written."""
    if not getattr(os, "O_NOFOLLOW", 0) and os.path.islink(path):     # Windows
        raise _refusal(path)
    try:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | OPEN_FLAGS, 0o644)
        except PermissionError:
            fd = os.open(path, os.O_RDONLY | OPEN_FLAGS)     # a lock file made read-only
    except IsADirectoryError:
        raise _refusal(path) from None
    except OSError as error:
        if error.errno == errno.ELOOP:               # O_NOFOLLOW met a link
            raise _refusal(path) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise _refusal(path)
    return fd


def _try_lock(fd: int) -> bool:
    """Take the lock on `fd` without waiting; False if another process holds it."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as error:          # msvcrt says EACCES or EDEADLOCK when it is held
        if isinstance(error, BlockingIOError) or msvcrt is not None:
            return False
        raise
    return True


class FileLock:
    """A lock on the file at `path` (created if need be), held by one process at a time.

    `acquire(timeout)` is True once held, False if another process still holds it after
    `timeout` seconds, raises OSError when the lock file cannot be opened (a folder that
    cannot be written) and LockRefused when something else is in its place.
    `with FileLock(path, timeout):` raises TimeoutError instead of False."""

    def __init__(self, path, timeout: float = 0.0):
        self.path = Path(path)
        self.timeout = timeout
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, timeout: float | None = None) -> bool:
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = _open_lock_file(self.path)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        try:
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    os.close(fd)
                    return False
                time.sleep(RETRY)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)                  # closing the file drops the lock

    def __enter__(self) -> "FileLock":
        if not self.acquire():
            raise TimeoutError(f"{self.path.name} is held by another window")
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def update_lock(path, wait: float):
    """The lock around one read-modify-write of a shared file (`path` is the lock file):
    TimeoutError when another window holds it longer than `wait` seconds, LockRefused when
    something else is in its place; no lock where none can be made (the folder cannot be
    written, and the write will say so)."""
    lock = FileLock(path, wait)
    try:
        held = lock.acquire()
    except OSError:
        return contextlib.nullcontext()
    if not held:             # (raised out here: a TimeoutError is an OSError)
        raise TimeoutError(f"{lock.path.name} is held by another window")
    return lock


_instance_locks: dict[Path, FileLock] = {}     # the data folders this process owns


def claim_data_folder(folder) -> bool:
    """Take the instance lock of `folder` for the rest of this process: False when another
    running game holds it, LockRefused when something other than a lock file is in its
    place (a link, a folder: this window then keeps no match, as a second one). A folder
    where no lock can be made (it cannot be written) counts as claimed: nothing can be
    written there by anyone, and each failed write is said where it happens."""
    folder = Path(folder)
    lock = _instance_locks.get(folder)
    if lock is not None:
        return True
    lock = FileLock(folder / INSTANCE_LOCK)
    try:
        if not lock.acquire():
            return False
    except OSError:
        return True
    _instance_locks[folder] = lock
    return True


def release_data_folder(folder) -> None:
    """Give the instance lock of `folder` back (tests; a process ending drops it anyway)."""
    lock = _instance_locks.pop(Path(folder), None)
    if lock is not None:
        lock.release()
