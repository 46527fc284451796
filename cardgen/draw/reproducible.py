"""One build date for every file, so the same input gives byte-identical output.

SOURCE_DATE_EPOCH (the reproducible-builds convention) wins when it is set;
otherwise a fixed date stands in for "now".
"""
from __future__ import annotations

import os
import re
from datetime import datetime, timezone

from ..errors import CardgenError

DEFAULT_EPOCH = 1767225600  # 2026-01-01T00:00:00Z
MAX_EPOCH = 253402300799  # 9999-12-31T23:59:59Z: a PDF date has four digits for the year


def build_datetime() -> datetime:
    """The build date. A SOURCE_DATE_EPOCH that is not a whole number of seconds from 0 to
    MAX_EPOCH is an error (as the convention asks), not a silent fallback: reportlab
    reads the variable too, and would fail on it or write another date."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "")
    if raw == "":
        return datetime.fromtimestamp(DEFAULT_EPOCH, tz=timezone.utc)
    if not re.fullmatch(r"\s*[0-9]{1,12}\s*", raw) or int(raw) > MAX_EPOCH:
        shown = raw if len(raw) <= 24 else raw[:21] + "..."
        raise CardgenError(f"SOURCE_DATE_EPOCH={shown!r} is not a date: set it to whole seconds since 1970 "
                           f"(0 to {MAX_EPOCH}), or unset it")
    return datetime.fromtimestamp(int(raw), tz=timezone.utc)


def iso_date() -> str:
    return build_datetime().strftime("%Y-%m-%dT%H:%M:%SZ")
