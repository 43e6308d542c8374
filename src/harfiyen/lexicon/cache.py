"""Where Harfiyen keeps files it can always rebuild (compiled lexicons, meaning indexes)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

#: Environment variable that overrides the cache directory (tests, servers, CI).
CACHE_ENV = "HARFIYEN_CACHE_DIR"


def cache_dir() -> Path:
    """The cache directory: ``$HARFIYEN_CACHE_DIR`` or the platform's user cache dir.

    The directory is not created here; writers create it when they first write.
    """
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("harfiyen"))


def write_atomically(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` via a temporary file and a rename.

    Readers in other processes therefore see either the old file or the complete
    new one, never a half-written file. Returns False (and writes nothing) when the
    cache is not writable: a cache is an optimisation, never a requirement.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True
