"""A game's AI registration (``GameSpec.ai``): typed levels with names and budgets, the
only place the platform reads them from."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harfiyen.core.ai_seat import AiLevel, AiSeat, load_function, plain_ai_level
from harfiyen.core.errors import Message
from harfiyen.core.registry import registered_ai_level, temporarily_registered
from harfiyen.games import game

EASY = AiLevel("kolay", Message("Kolay", "Easy"), budget_seconds=2.5)


def test_a_level_plays_under_its_name_with_bot_unless_it_names_itself() -> None:
    assert EASY.player_name == Message("Kolay (bot)", "Easy (bot)")
    assert plain_ai_level().player_name == Message("Yapay zekâ", "AI")
    assert plain_ai_level(45.0).budget_seconds == 45.0


@pytest.mark.parametrize("key", ["Kolay", "kolay_2", "", "2kolay", "k" * 25])
def test_a_level_key_stays_part_of_a_username(key: str) -> None:
    with pytest.raises(ValueError):
        AiLevel(key, Message("Kolay", "Easy"))


def test_a_seat_offers_a_level_names_each_once_and_its_functions_by_path() -> None:
    hidden = replace(EASY, key="gizli", offered=False)
    with pytest.raises(ValueError):
        AiSeat("m:choose", (hidden,))
    with pytest.raises(ValueError):
        AiSeat("m:choose", (EASY, EASY))
    with pytest.raises(ValueError):
        AiSeat("m.choose", (EASY,))
    seat = AiSeat("m:choose", (hidden, EASY, plain_ai_level()))
    assert seat.offered == ("kolay", "ai") and seat.level("gizli") is hidden
    assert seat.level("orta") is None


def test_every_shipped_game_registers_its_levels_with_names_and_budgets() -> None:
    crossword = game("crossword").ai
    assert crossword is not None
    assert [(level.key, level.name.tr, level.name.en, level.offered)
            for level in crossword.levels] == [
        ("caylak", "Çaylak", "Beginner", True), ("orta", "Orta", "Intermediate", True),
        ("usta", "Usta", "Expert", True), ("sampiyon", "Şampiyon", "Champion", True),
        ("greedy", "Açgözlü", "Greedy", False), ("random", "Rastgele", "Random", False),
    ]
    for name, budget in (("codenames", 45.0), ("letterjam", 60.0)):
        ai = game(name).ai
        assert ai is not None and ai.levels == (plain_ai_level(budget),), name
    assert game("letterjam").ai.paces_itself and game("letterjam").ai.stand_in  # type: ignore[union-attr]
    for spec in map(game, ("crossword", "codenames", "letterjam")):
        assert spec.ai is not None, spec.name
        for path in (spec.ai.choose, spec.ai.fallback, spec.ai.warm, spec.ai.stand_in):
            assert path is None or callable(load_function(path)), path
        assert spec.ai.stand_in is None or spec.timeout is None, spec.name


def test_a_level_key_two_games_register_plays_under_one_name() -> None:
    from conformance.fourth_game import SECRET_LETTER

    ai = SECRET_LETTER.ai
    assert ai is not None
    other_names = replace(SECRET_LETTER, name="gizli-harf-2", ai=replace(
        ai, levels=(AiLevel("ai", Message("Robot", "Robot")),)))
    with pytest.raises(ValueError), temporarily_registered(other_names):
        pass
    assert registered_ai_level("kolay") is None
    easy = replace(SECRET_LETTER, name="gizli-harf-kolay", ai=replace(ai, levels=(EASY,)))
    with temporarily_registered(easy):
        assert registered_ai_level("kolay") is EASY
    assert registered_ai_level("kolay") is None
    assert registered_ai_level("usta") is game("crossword").ai_level("usta")
