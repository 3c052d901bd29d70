# SPDX-License-Identifier: GPL-2.0-only
"""Reading a JSON file the user named: its object, or one line saying what is wrong."""

from __future__ import annotations

import json
from pathlib import Path


def read_object(path: str | Path, error: type[Exception], what: str) -> dict:
    """The JSON object in @p path; a folder, an unreadable file, text that is not UTF-8 or
    not JSON, and JSON that is not an object raise @p error with one line naming the file
    and @p what it should have been ("a result file", "a host profile")."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise error(f"{path}: a folder, not {what}") from None
    except UnicodeDecodeError as e:
        raise error(f"{path}: not {what} (not UTF-8 text, byte {e.start})") from None
    except OSError as e:
        raise error(f"{path}: cannot be read ({e.strerror})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise error(
            f"{path}: not {what} (not JSON: {e.msg} at line {e.lineno}, column {e.colno})"
        ) from None
    if not isinstance(doc, dict):
        raise error(f"{path}: not {what} (not a JSON object)")
    return doc
