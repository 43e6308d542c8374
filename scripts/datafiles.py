"""Shared by the data scripts: write generated files, or check that they are unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def sync(files: Mapping[str, bytes], data_dir: Path, *, check: bool) -> int:
    """Write ``files`` into ``data_dir``; with ``check`` write nothing and list the
    files that would change instead. The exit code: 1 if a check finds changes."""
    changed = [
        name for name, data in files.items()
        if not (data_dir / name).exists() or (data_dir / name).read_bytes() != data
    ]
    if check:
        for name in changed:
            print(f"would change: {name}")
        return 1 if changed else 0
    data_dir.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (data_dir / name).write_bytes(data)
    return 0
