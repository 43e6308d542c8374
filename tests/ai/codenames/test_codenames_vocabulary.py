"""Clue candidates and the built-in word packs: made for people, dealt without near-synonyms."""

from __future__ import annotations

import hashlib
import json
from importlib import resources

import pytest

from harfiyen.ai.codenames.vocabulary import clue_vocabulary
from harfiyen.core.rng import Rng
from harfiyen.games.codenames import CodenamesConfig, new_game
from harfiyen.games.codenames.key import draw_board
from harfiyen.games.codenames.packs import load_pack, pack_pairs, validate_pack
from harfiyen.lexicon.vocabulary import in_vocabulary
from harfiyen.lexicon.wordlists import is_blocked


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_clue_vocabulary(lang: str) -> None:
    words = clue_vocabulary(lang)  # type: ignore[arg-type]
    assert len(words) > 5000 and len(set(words)) == len(words)
    assert all(in_vocabulary(w, lang) for w in words)  # type: ignore[arg-type]
    assert not any(is_blocked(w, lang) for w in words)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_built_in_packs(lang: str) -> None:
    pack = load_pack(lang)  # type: ignore[arg-type]
    assert len(pack) == 400 and validate_pack(pack, lang) == pack  # type: ignore[arg-type]
    # Every pack word passes the people's vocabulary rule (names, inflections, archaic out).
    assert all(in_vocabulary(w, lang) for w in pack)  # type: ignore[arg-type]


def test_turkish_pack_leaves_out_news_names_and_english() -> None:
    pack = set(load_pack("tr"))
    for word in ("BELEDİYE", "BAŞBAKAN", "ANAYASA", "CEMAAT", "ŞEYH", "HACI", "BOZKURT",
                 "ERKAN", "STAR", "SERVER"):
        assert word not in pack
    # Words of two everyday meanings, the game's best cards.
    assert {"YÜZ", "GÜL", "ÇAY", "KURT", "DİL", "YAY"} <= pack


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_no_deal_holds_a_pair_kept_apart(lang: str) -> None:
    pack, pairs = load_pack(lang), pack_pairs(lang)  # type: ignore[arg-type]
    assert len(pairs) >= 10
    for seed in range(2000):
        words = set(draw_board(pack, Rng(seed), pairs)[0])
        assert not any(a in words and b in words for a, b in pairs)


def test_the_engine_deals_with_the_pairs_and_records_them() -> None:
    config = CodenamesConfig(load_pack("tr"), "tr")
    assert set(config.apart or ()) == set(pack_pairs("tr"))
    assert CodenamesConfig.from_dict(config.to_dict()) == config
    # An old record without the key replays as it was dealt: no pairs.
    old = config.to_dict()
    del old["apart"]
    assert CodenamesConfig.from_dict(old).apart == ()
    state = new_game(config, 11)
    assert not any(a in state.words and b in state.words for a, b in pack_pairs("tr"))


def test_pack_manifest_matches_the_files() -> None:
    data = resources.files("harfiyen.games.codenames").joinpath("data")
    manifest = json.loads(data.joinpath("packs.json").read_text(encoding="utf-8"))
    for lang, entry in manifest["packs"].items():
        text = data.joinpath(entry["file"]).read_bytes()
        assert hashlib.sha256(text).hexdigest() == entry["sha256"], lang
        assert sum(entry["categories"].values()) == entry["words"]


def test_the_spymaster_never_considers_an_unfit_clue() -> None:
    from harfiyen.ai.codenames.spymaster import FormRule
    from harfiyen.lexicon.fitness import fit

    rule = FormRule(["DENİZ", "SEKS", "KÜRTAJ", "KELEBEK"], "tr")
    assert rule.allowed([]).tolist() == [True, False, False, True]
    assert rule.allowed(["DENİZCİ"]).tolist() == [False, False, False, True]
    words = clue_vocabulary("tr")
    unfit_clues = [w for w in words if not fit(w, "tr", "say")]
    assert "EROTİK" in unfit_clues or "SEKS" in unfit_clues  # the vocabulary holds them
    mask = FormRule(words, "tr").allowed([])
    assert not any(mask[words.index(w)] for w in unfit_clues)
