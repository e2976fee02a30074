"""Atomic writes and the campaign lock: a crash leaves the old file or the new one, never half."""
from __future__ import annotations

import errno
import fcntl
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from pbem.errors import CampaignLocked


def write_atomic(path: Path, data: bytes | str, mode: int = 0o644, *, durable_folder: bool = True) -> None:
    """Write to a temporary file beside `path`, fsync it, rename it over `path`, fsync the folder.

    A caller writing several files into one folder may pass durable_folder=False and
    call sync_folder once after the last.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if durable_folder:
        sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def move_atomic(source: Path, target: Path) -> None:
    """Rename within one file system, then make both folders durable."""
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(source, target)
    sync_folder(target.parent)
    if source.parent != target.parent:
        sync_folder(source.parent)


@contextmanager
def campaign_lock(folder: Path):
    """Hold the campaign's lock for the duration; refuse at once if another process holds it."""
    path = Path(folder) / ".lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                raise CampaignLocked(
                    f"{folder}: another pbem process is working on this campaign; try again when it has finished"
                ) from None
            raise
        yield
    finally:
        os.close(fd)
