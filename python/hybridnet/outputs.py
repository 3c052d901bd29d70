# SPDX-License-Identifier: GPL-2.0-only
"""Output paths checked before any work is done.

A result, an export or a figure that cannot be written must stop the command before it
simulates or computes anything, with one line naming the flag (exit 2), never after an
hour of simulation with a traceback.  ``check(path, flag)`` tries the path the way the
write will: it may not be a folder, its name must fit the file system, and the nearest
existing folder on its way must take a new file - tried by creating and removing an
empty temporary file there (permission bits alone say nothing for root, nor for /proc or
/sys).  Nothing is left behind: no folder is created, no file kept.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: How much of a user's value a message repeats.
SHOWN_CHARACTERS = 80


class OutputError(ValueError):
    """An output path that cannot be written; one line naming the flag."""


def show(text: str) -> str:
    """``text`` quoted for a one-line message: control characters escaped, cut to
    SHOWN_CHARACTERS."""
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(escaped) > SHOWN_CHARACTERS:
        escaped = escaped[: SHOWN_CHARACTERS - 3] + "..."
    return f"'{escaped}'"


def check(path: str | Path, flag: str) -> Path:
    """``path`` if a file can be written there; OutputError (one line) if not."""
    text = str(path)
    if text == "":
        raise OutputError(f"{flag}: empty; give the path of a file")
    target = Path(text)
    _check_lengths(target, flag, text)
    if text.endswith("/") or target.is_dir():
        raise OutputError(f"{flag}: {show(text)} is a folder; give the path of a file")
    folder = target.absolute().parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        raise OutputError(f"{flag}: {show(text)}: {show(str(folder))} is a file, not a folder")
    if target.exists() and not target.is_file():
        raise OutputError(f"{flag}: {show(text)} exists and is not a regular file")
    _try_write(folder, flag, text)
    return target


def _check_lengths(target: Path, flag: str, text: str) -> None:
    name_max = 255  # POSIX NAME_MAX of Linux file systems; PATH_MAX is 4096
    if len(os.fsencode(text)) >= 4096:
        raise OutputError(f"{flag}: {show(text)} is longer than a path may be (4096 bytes)")
    for part in target.parts:
        if len(os.fsencode(part)) > name_max:
            raise OutputError(f"{flag}: {show(text)}: a name in it is longer than {name_max} bytes")


def _try_write(folder: Path, flag: str, text: str) -> None:
    try:
        fd, probe = tempfile.mkstemp(prefix=".hybridnet-probe-", dir=folder)
    except OSError as e:
        raise OutputError(
            f"{flag}: {show(text)}: cannot write in {show(str(folder))} ({e.strerror})"
        ) from None
    os.close(fd)
    os.unlink(probe)
