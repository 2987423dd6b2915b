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
"""
from __future__ import annotations

import os
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
    `timeout` seconds, and raises OSError when the lock file cannot be opened (a folder
    that cannot be written). `with FileLock(path, timeout):` raises TimeoutError instead
    of False."""

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
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:
            fd = os.open(self.path, os.O_RDONLY)       # a lock file made read-only
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


_instance_locks: dict[Path, FileLock] = {}     # the data folders this process owns


def claim_data_folder(folder) -> bool:
    """Take the instance lock of `folder` for the rest of this process: False when another
    running game holds it. A folder where no lock can be made (it cannot be written)
    counts as claimed: nothing can be written there by anyone, and each failed write is
    said where it happens."""
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
