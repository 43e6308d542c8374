"""Words fit for the table: the one rule every word an AI chooses passes."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

from harfiyen.lexicon import fitness
from harfiyen.lexicon.fitness import (
    CONTEXTS,
    SPANS,
    UNFIT_CATEGORIES,
    fit,
    play_words,
    refusal,
    unfit,
)
from harfiyen.lexicon.lexicon import load
from harfiyen.lexicon.normalize import Language
from harfiyen.lexicon.vocabulary import manifest
from harfiyen.lexicon.wordlists import blocklist, read_words

ROOT = Path(__file__).resolve().parents[2]
LANGS: list[Language] = ["tr", "en"]
LEXICON = {"tr": "TR-1", "en": "ENABLE-1"}


def _make_vocabulary() -> ModuleType:
    path = ROOT / "scripts" / "make_vocabulary.py"
    spec = importlib.util.spec_from_file_location("make_vocabulary_for_tests", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module


# The words the issue found AI players choosing, and slurs.
ISSUE_WORDS = {
    "tr": {"EROTİK": "unfit:sexual", "SEKS": "unfit:sexual", "SAPIK": "unfit:sexual",
           "KÜRTAJ": "unfit:sensitive", "ÖZÜRLÜ": "unfit:insult", "İBNE": "slur"},
    "en": {"SEX": "unfit:sexual", "COCAINE": "unfit:drug", "CORPSE": "unfit:gore",
           "RETARD": "unfit:insult", "FART": "unfit:crude", "SUICIDE": "unfit:sensitive",
           "FUCK": "slur"},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("context", CONTEXTS)
def test_unfit_words_and_slurs_are_refused_in_every_context(lang: Language, context: str) -> None:
    for word, reason in ISSUE_WORDS[lang].items():
        for span in SPANS:
            assert refusal(word, lang, context, span) == reason, (word, span)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
def test_a_person_may_still_play_them(lang: Language) -> None:
    lexicon = load(LEXICON[lang])
    for word in ISSUE_WORDS[lang]:
        assert word in lexicon, word


def test_innocent_look_alikes_are_admitted() -> None:
    for word in ("SEKSEN", "SEKSEK", "SIÇAN", "BOKS", "KALÇA", "GÖTÜRMEK", "ESRARENGİZ"):
        assert fit(word, "tr", "play"), word
    for word in ("SEXTET", "SEXTANT", "SCREW", "STRIP", "TART", "ARSENAL", "PASS"):
        assert fit(word, "en", "play"), word
    for word in ("KELEBEK", "DENİZ", "ELMA"):
        assert fit(word, "tr", "say") and fit(word, "tr", "deal"), word
    assert fit("BUTTERFLY", "en", "say")


def test_say_and_deal_keep_the_vocabulary_rule() -> None:
    assert refusal("KELEBEKLER", "tr", "say") == fitness.NOT_VOCABULARY
    assert refusal("YILMAZ", "tr", "deal") == fitness.NOT_VOCABULARY
    assert refusal("KÜNH", "tr", "say") == fitness.NOT_VOCABULARY
    assert refusal("MAKING", "en", "deal") == fitness.NOT_VOCABULARY


def test_play_spans_by_frequency() -> None:
    # the obscure words the issue saw Şampiyon play: only the whole lexicon has them
    for word in ("JANR", "ASPUR", "İAŞE", "KÜNH", "İMLEÇ"):
        assert refusal(word, "tr", "play", "everyday") == fitness.RARE, word
        assert fit(word, "tr", "play", "whole"), word
    for word in ("KENE", "OJE", "KLAS", "KALEM"):
        assert fit(word, "tr", "play", "everyday"), word
    assert fit("ÖKE", "tr", "play", "wide")  # a short word: the wide span has it
    assert not fit("ÖKE", "tr", "play", "everyday")
    assert fit("ADZ", "en", "play", "wide") and not fit("ADZ", "en", "play", "everyday")


@pytest.mark.parametrize(("lang", "common", "known", "obscure"), [
    ("tr", ("ÜÇ", "GÖL", "ŞU", "AT", "KOÇ"), ("ÖÇ", "ZAN", "NEY"), ("Fİ", "TE", "AĞI", "İLA")),
    ("en", ("CAT", "ZOO", "GO", "OX", "SKY"), (), ("XU", "OBI", "AA", "ZEE", "QI")),
])
def test_short_words_are_played_as_a_reader_judged_them(
    lang: Language, common: tuple[str, ...], known: tuple[str, ...], obscure: tuple[str, ...]
) -> None:
    # frequency cannot tell them apart (Fİ has a higher Zipf than GÖL): a reader did
    for word in common:
        assert fit(word, lang, "play", "common"), word
    for word in known:
        assert fit(word, lang, "play", "everyday") and not fit(word, lang, "play", "common")
    for word in obscure:
        assert not fit(word, lang, "play", "everyday"), word
        assert fit(word, lang, "play", "wide"), word


def test_the_common_span_keeps_daily_words() -> None:
    # Çaylak's span: words a reader judged known rather than daily are left to Orta
    for word in ("YAZIT", "PELTEK", "YAVER"):
        assert fit(word, "tr", "play", "everyday") and not fit(word, "tr", "play", "common")
    for word in ("IRMAK", "PİLOT", "KARGO", "ZARAR"):
        assert fit(word, "tr", "play", "common"), word


@pytest.mark.parametrize("lang", LANGS)
def test_every_shipped_short_word_is_reviewed(lang: Language) -> None:
    script = _make_vocabulary()
    refused = blocklist(lang) | frozenset(unfit(lang))
    assert dict(script.read_short(lang, refused)) == fitness.short_words(lang)
    entry = manifest()["languages"][lang]["short"]
    assert sum(entry["words"].values()) == len(fitness.short_words(lang)) >= 400


@pytest.mark.parametrize("lang", LANGS)
def test_play_sets_are_nested_and_never_hold_refused_words(lang: Language) -> None:
    sets = [play_words(LEXICON[lang], span) for span in SPANS]
    assert sets[0] <= sets[1] <= sets[2] <= sets[3]
    lexicon = frozenset(read_words(LEXICON[lang]))
    assert sets[-1] == lexicon - blocklist(lang) - frozenset(unfit(lang))
    for span, words in zip(SPANS, sets, strict=True):
        sample = sorted(words)[::997]
        assert all(fit(w, lang, "play", span) for w in sample)


@pytest.mark.parametrize("lang", LANGS)
def test_every_shipped_unfit_word_is_reviewed_with_a_reason(lang: Language) -> None:
    script = _make_vocabulary()
    reviewed = script.read_unfit(lang)
    assert len(reviewed) >= 200
    assert {w: c for w, c, _ in reviewed} == dict(unfit(lang))
    for word, category, note in reviewed:
        assert category in UNFIT_CATEGORIES and note, word
        assert word not in blocklist(lang), word
    entry = manifest()["languages"][lang]["unfit"]
    data = resources.files("harfiyen.lexicon").joinpath("vocabulary_data", entry["file"])
    assert hashlib.sha256(data.read_bytes()).hexdigest() == entry["sha256"]
    assert entry["words"] == len(reviewed)


def test_the_review_script_refuses_a_bad_line(tmp_path: Path) -> None:
    script = _make_vocabulary()
    (tmp_path / "tr_unfit.tsv").write_text("# comment\nKELEBEK\tcute\tnot a category\n")
    script.REVIEW_DIR = tmp_path
    with pytest.raises(ValueError, match="unknown category"):
        script.read_unfit("tr")
    (tmp_path / "tr_unfit.tsv").write_text("İBNE\tinsult\tslur\n")
    with pytest.raises(ValueError, match="block list"):
        script.read_unfit("tr")
    (tmp_path / "tr_unfit.tsv").write_text("SEKS\tsexual\n")
    with pytest.raises(ValueError, match="note"):
        script.read_unfit("tr")
    (tmp_path / "tr_short.tsv").write_text("ÜÇ\tcommon\t\nFİ\tobscure\t\n")
    with pytest.raises(ValueError, match="with a note"):
        script.read_short("tr", frozenset())
    (tmp_path / "tr_short.tsv").write_text("ÜÇ\tcommon\t\n")
    with pytest.raises(ValueError, match=r"not reviewed yet: .*GÖL"):
        script.read_short("tr", frozenset())


def test_zipf_matches_wordfreq() -> None:
    from wordfreq import zipf_frequency

    for word, key in (("KALEM", "kalem"), ("IŞIK", "ışık"), ("İNSAN", "insan")):
        assert fitness.zipf(word, "tr") == round(zipf_frequency(key, "tr"), 2)
    assert fitness.zipf("HOUSE", "en") == round(zipf_frequency("house", "en"), 2)
