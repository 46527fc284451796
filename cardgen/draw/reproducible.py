"""One build date for every file, so the same input gives byte-identical output.

SOURCE_DATE_EPOCH (the reproducible-builds convention) wins when it is set;
otherwise a fixed date stands in for "now".
"""
from __future__ import annotations

import os
from datetime import datetime, timezone

DEFAULT_EPOCH = 1767225600  # 2026-01-01T00:00:00Z


def build_datetime() -> datetime:
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    epoch = int(raw) if raw.isdigit() else DEFAULT_EPOCH
    return datetime.fromtimestamp(epoch, tz=timezone.utc)


def iso_date() -> str:
    return build_datetime().strftime("%Y-%m-%dT%H:%M:%SZ")
