"""Atomic writes and the campaign lock: a crash leaves the old file or the new one, never half.

Everything a campaign holds is the GM's alone: tokens in welcome letters, nonces in orders, hidden
state in rounds. So every file is written 0600 and every folder made 0700, whatever the umask.
"""
from __future__ import annotations

import errno
import fcntl
import os
import stat
import tempfile
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from pbem.errors import CampaignDamaged, CampaignLocked
from pbem.faults import charge_disk

# Files written atomically but not yet made durable, inside `synced_together`.
_deferred: ContextVar[list[Path] | None] = ContextVar("deferred", default=None)


PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
PUBLISHED_FILE = 0o644     # the public site (pbem site), outside the campaign: meant to be read by all
PUBLISHED_FOLDER = 0o755


def make_folder(path: Path, mode: int = PRIVATE_FOLDER) -> None:
    """A folder and any missing parents, each the GM's alone (mkdir -p would leave the parents to the umask),
    or each readable by all for the public site (PUBLISHED_FOLDER)."""
    path = Path(path)
    missing = []
    while not path.is_dir():
        missing.append(path)
        path = path.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=mode)
        except FileExistsError:
            if not folder.is_dir():
                raise
            continue
        os.chmod(folder, mode)   # the umask may have taken bits away; it never adds any


def write_private(path: Path, data: bytes) -> None:
    """A new file, the GM's alone, written plainly (for a folder that is renamed into place whole)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, PRIVATE_FILE)
    os.fchmod(fd, PRIVATE_FILE)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def append_private(path: Path, text: str) -> None:
    """Add to the end of a log file that is the GM's alone."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, PRIVATE_FILE)
    with os.fdopen(fd, "a", encoding="utf-8") as handle:
        handle.write(text)


def read_record(path: Path):
    """A JSON file pbem wrote, or CampaignDamaged naming the file when it is not (truncated, edited by hand)."""
    import json

    try:
        return json.loads(Path(path).read_bytes())
    except (UnicodeDecodeError, ValueError) as exc:
        raise CampaignDamaged(f"{path}: damaged, not the JSON pbem wrote ({exc}); restore it from a backup, "
                              "or see `pbem verify`") from None


def matching(folder: Path, pattern: str) -> list[Path]:
    """The entries of `folder` whose names match `pattern`, as `folder.glob(pattern)` gives them for a pattern
    of one level (dotfiles too; none when the folder is missing or unreadable), in no order: one listdir and
    fnmatch, several times cheaper than Path.glob, which an idle tick called a dozen times for each campaign."""
    import fnmatch

    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError, PermissionError):
        return []
    return [Path(folder, name) for name in fnmatch.filter(names, pattern)]


def write_atomic(path: Path, data: bytes | str, mode: int = PRIVATE_FILE) -> None:
    """Write to a temporary file beside `path`, fsync it, rename it over `path`, fsync the folder. The file is
    the GM's alone unless `mode` says otherwise (the public site's).

    For several files at once, write_batch_atomic makes them durable together;
    inside `synced_together` the syncing waits for the end of the block.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    deferred = _deferred.get()
    path = Path(path)
    make_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            charge_disk(path, len(data))
            handle.write(data)
            handle.flush()
            if deferred is None:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if deferred is None:
        sync_folder(path.parent)
    else:
        deferred.append(path)


@contextmanager
def synced_together(folder: Path):
    """Atomic writes in this block become durable together, at its end, with one syncfs.

    For work that writes many small files and then tells the world it is done
    (a batch of mail taken in, then moved aside on the server): a crash inside
    the block may lose some of the files, never half of one, and nothing
    outside was told yet. Leaving the block by an exception syncs too.
    """
    if _deferred.get() is not None:   # nested: the outer block syncs
        yield
        return
    written: list[Path] = []
    marker = _deferred.set(written)
    try:
        yield
    finally:
        _deferred.reset(marker)
        present = [path for path in written if path.exists()]
        if present:
            sync_filesystem(Path(folder), present)


@cache
def _syncfs():
    """Linux's syncfs(2): one journal commit for everything written on a file system; None where there is
    none. Looked up when first needed: ctypes costs a command that writes nothing (`pbem status`) 4 ms."""
    try:
        import ctypes

        function = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int]
    return function


def sync_filesystem(folder: Path, files: list[Path]) -> None:
    """Make these new files and their folders durable.

    One syncfs of the folder's file system where Linux offers it (several times
    cheaper than an fsync per file on ext4, and at least as strong); otherwise
    an fsync of each file and each folder.
    """
    syncfs = _syncfs()
    if syncfs is not None:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            if syncfs(fd) == 0:
                return
        finally:
            os.close(fd)
    for path in files:
        with open(path, "rb") as handle:
            os.fsync(handle.fileno())
    for parent in sorted({Path(path).parent for path in files} | {Path(folder)}):
        sync_folder(parent)


def write_batch_atomic(folder: Path, files: dict[str, bytes]) -> None:
    """Several new files in one folder, each appearing whole or not at all, made durable together."""
    folder = Path(folder)
    make_folder(folder)
    temporary = {}
    try:
        for name, data in files.items():
            fd, written = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
            temporary[name] = Path(written)
            with os.fdopen(fd, "wb") as handle:
                charge_disk(folder / name, len(data))
                handle.write(data)
        sync_filesystem(folder, list(temporary.values()))   # the contents, before any name points at them
        for name, tmp in temporary.items():
            os.replace(tmp, folder / name)
        sync_filesystem(folder, [folder / name for name in temporary])   # the names
    except BaseException:
        for tmp in temporary.values():
            tmp.unlink(missing_ok=True)
        raise


def sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def move_atomic(source: Path, target: Path) -> None:
    """Rename within one file system, then make both folders durable."""
    make_folder(target.parent)
    os.replace(source, target)
    sync_folder(target.parent)
    if source.parent != target.parent:
        sync_folder(source.parent)


@contextmanager
def campaign_lock(folder: Path):
    """Hold the campaign's lock for the duration; refuse at once if another process holds it."""
    path = Path(folder) / ".lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
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


MiB = 1 << 20
GM_FILE_LIMIT = MiB                 # a components or results file: a few KiB; the GM may allow more
GM_FILE_VARIABLE = "PBEM_GM_FILE_MIB"   # 1 to 64: how many MiB the GM's own data files may hold
GM_FILE_MOST_MIB = 64


def gm_file_limit() -> int:
    """The most bytes a GM's data file (components, results) may hold: 1 MiB, or PBEM_GM_FILE_MIB (1-64)."""
    from pbem.errors import UserError

    given = os.environ.get(GM_FILE_VARIABLE, "").strip()
    if not given:
        return GM_FILE_LIMIT
    if not given.isdigit() or not 1 <= int(given) <= GM_FILE_MOST_MIB:
        raise UserError(f"{GM_FILE_VARIABLE}={given!r}: give a whole number of MiB from 1 to {GM_FILE_MOST_MIB}")
    return int(given) * MiB


def read_gm_bytes(path: Path, limit: int, what: str = "file", follow_links: bool = True) -> bytes:
    """The bytes of a file the GM names, or a UserError naming it: a regular file only (a FIFO would hang the
    command, /dev/zero fill the memory), never more than `limit` bytes, judged by fstat before reading and held
    to by a bounded read (a file that grows meanwhile). Opened without blocking; through a symbolic link only if
    `follow_links` (a path typed on the command line may be one; a file in the campaign folder may not)."""
    from pbem.errors import UserError

    flags = os.O_RDONLY | os.O_NONBLOCK | (0 if follow_links else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_links:
            raise UserError(f"{path}: a symbolic link; the {what} is read only as a regular file") from None
        raise UserError(f"{path}: cannot read the {what} ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UserError(f"{path}: not a regular file ({_kind(info.st_mode)}); the {what} is read only from one")
        if info.st_size > limit:
            raise UserError(f"{path}: {info.st_size:,} bytes; the {what} may hold at most {limit:,}"
                            + (f" (set {GM_FILE_VARIABLE} to allow more)" if limit >= GM_FILE_LIMIT else ""))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, MiB))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise UserError(f"{path}: cannot read the {what} ({exc.strerror})") from None
    finally:
        os.close(fd)
    if size > limit:   # it grew while it was read
        raise UserError(f"{path}: more than {limit:,} bytes; the {what} may hold at most {limit:,}")
    return b"".join(chunks)


def read_gm_text(path: Path, limit: int, what: str = "file", follow_links: bool = True) -> str:
    """A GM's file as UTF-8 text (a byte-order mark dropped), bounded as read_gm_bytes bounds it."""
    from pbem.errors import UserError

    data = read_gm_bytes(path, limit, what, follow_links)
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: the {what} is not UTF-8 text (byte {exc.start}); save it as UTF-8") from None


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "not a file")
