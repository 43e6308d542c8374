"""Shared by the data scripts: write generated files, or check that they are unchanged."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
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


def main(
    argv: Sequence[str] | None, *, description: str, data_dir: Path,
    build: Callable[[], Mapping[str, bytes]], report: Callable[[Mapping[str, bytes]], None],
) -> int:
    """A data script's command line: build, then write and ``report`` or, with ``--check``,
    fail if a committed file would change."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="fail if a file would change")
    args = parser.parse_args(argv)
    files = build()
    if args.check:
        return sync(files, data_dir, check=True)
    sync(files, data_dir, check=False)
    report(files)
    return 0
