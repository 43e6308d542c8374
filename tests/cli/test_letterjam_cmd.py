"""``harfiyen letterjam selfplay | play``: statistics, the terminal seat, and whole games.

The terminal seat (:class:`TerminalTeammate`) is tested with real game states
and a scripted ``ask`` that answers like ``typer.prompt``: an empty answer
("Enter") returns the prompt's default.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from rich.console import Console
from typer.testing import CliRunner

from harfiyen.ai.letterjam import LetterJamAI, Teammate, play_game
from harfiyen.cli import app
from harfiyen.cli.letterjam_cmd import TerminalTeammate
from harfiyen.games.letterjam import (
    Arrange,
    BonusCard,
    GameState,
    GiveClue,
    LetterJamConfig,
    MoveOn,
    NameBonus,
    Offer,
    Seat,
    Vote,
    Wildcard,
    Withdraw,
    apply,
    new_game,
    parse_refs,
    parse_slots,
    ref_label,
    view,
)
from harfiyen.games.letterjam.moves import Move
from harfiyen.games.letterjam.views import LetterJamView
from harfiyen.lexicon.normalize import Language

runner = CliRunner()
AI = LetterJamAI()


class AnyWord:
    """A lexicon that accepts every word (a clue made of one bonus card)."""

    def __contains__(self, word: object) -> bool:
        return True


@dataclass
class Script:
    """Answers in order; ``""`` is Enter (the default, as ``typer.prompt`` gives it).
    Records each question and what the console showed before it was asked."""

    out: io.StringIO
    answers: list[str]
    asked: list[tuple[str, str, str]] = field(default_factory=list)

    def __call__(self, question: str, default: str) -> str:
        self.asked.append((question, default, self.out.getvalue()))
        if not self.answers:
            raise AssertionError(f"no scripted answer left for {question!r}")
        answer = self.answers.pop(0)
        return answer if answer else default

    def shown_before(self, n: int) -> str:
        """What the console printed between question ``n - 1`` and question ``n``."""
        before = self.asked[n - 1][2] if n else ""
        return self.asked[n][2][len(before):]


def human(answers: Sequence[str], lang: Language = "tr") -> tuple[TerminalTeammate, Script]:
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, color_system=None)
    script = Script(out, list(answers))
    return TerminalTeammate(console, script, AI, lang), script


class _Found(Exception):
    pass


def find(players: int, seed: int, kind: str,
         wanted: Callable[[LetterJamView], bool]) -> GameState:
    """The state of an all-AI game when seat 0 is first asked ``kind`` with a view
    for which ``wanted`` holds (seat 0 is the AI otherwise)."""
    config = LetterJamConfig("tr", players=players)
    latest = [new_game(config, seed)]

    class Spy:
        def __getattr__(self, name: str) -> Callable[[LetterJamView], object]:
            def ask(seen: LetterJamView) -> object:
                if name == kind and wanted(seen):
                    raise _Found
                return getattr(AI, name)(seen)
            return ask

    def heard(state: GameState, seat: int, move: Move) -> None:
        latest[0] = state

    try:
        seats = [cast(Teammate, Spy()), *[AI] * (players - 1)]
        play_game(config, seed, seats, on_move=heard)
    except _Found:
        return latest[0]
    raise AssertionError(f"seat 0 was never asked {kind} with such a view")


# --- defect 1: the table is redrawn before the offer ---------------------------------------


def test_the_table_is_redrawn_before_the_offer_after_a_teammate_moved_on() -> None:
    config = LetterJamConfig("tr", players=3)
    for seed in range(20):
        before = new_game(config, seed)
        after, _ = apply(before, 1, MoveOn("A"))
        old, new = view(before, Seat(0)).stands[1].card, view(after, Seat(0)).stands[1].card
        if old != new:
            break
    seat, script = human(["", ""])
    assert seat.move_on(view(before, Seat(0))) is None
    seat.offer(view(after, Seat(0)))
    assert f"P1: {old}" in script.shown_before(0)
    offer_question = 1
    redrawn = script.shown_before(offer_question)
    assert f"P1: {new}" in redrawn, redrawn
    assert "İpucu teklifin" in script.asked[offer_question][0]


# --- defect 2: Enter at the move-on prompt stays -------------------------------------------


def test_enter_at_the_move_on_prompt_stays_even_when_the_ai_would_move_on() -> None:
    state = find(3, 4, "move_on", lambda v: AI.move_on(v) is not None)
    seen = view(state, Seat(0))
    hint = AI.move_on(seen)
    assert hint is not None and hint.guess is not None
    seat, script = human([""])
    assert seat.move_on(seen) is None
    question, default, _ = script.asked[0]
    assert default == ""
    assert "Enter: kal" in question
    # The suggestion is shown, but only as a suggestion.
    assert hint.guess in script.out.getvalue()
    # Typing the letter moves on with it.
    seat, _ = human([hint.guess.lower()])
    assert seat.move_on(seen) == MoveOn(hint.guess)


def test_a_typed_guess_is_upper_cased_the_turkish_way() -> None:
    seen = view(new_game(LetterJamConfig("tr", players=2), 1), Seat(0))
    seat, _ = human(["i", "ı", "ş"])
    assert [seat.move_on(seen) for _ in range(3)] == [MoveOn("İ"), MoveOn("I"), MoveOn("Ş")]


# --- defect 3: the vote prompt says "Oy:" --------------------------------------------------


def test_the_vote_prompt_says_oy_and_names_the_offers() -> None:
    state = new_game(LetterJamConfig("tr", players=3), 1)
    state, _ = apply(state, 1, Offer(3, 1, 1))
    seat, script = human(["1"])
    assert seat.vote(view(state, Seat(0))) == Vote(1)
    question = script.asked[0][0]
    assert question.startswith("Oy:"), question
    assert "Oyun" not in question
    seat, script = human(["P1"], "en")
    assert seat.vote(view(state, Seat(0))) == Vote(1)
    assert script.asked[0][0].startswith("Vote:")


# --- defect 4: the wildcard letter is asked, never defaulted -------------------------------


def test_the_wildcard_letter_must_be_typed() -> None:
    state = find(3, 4, "offer", lambda v: any(
        isinstance(r, Wildcard) for r in (AI.best_clue(v) or _NO_CLUE).refs))
    hint = AI.best_clue(view(state, Seat(0)))
    assert hint is not None and hint.wildcard is not None
    cards = " ".join(ref_label(r) for r in hint.refs)
    seat, script = human([cards, "", "7", "ab", hint.wildcard.lower(), ""])
    offer = seat.offer(view(state, Seat(0)))
    assert offer is not None
    state, _ = apply(state, 0, offer)
    state, _ = apply(state, 0, Vote(0))
    state, _ = apply(state, 1, Vote(0))
    clue = seat.clue(view(state, Seat(0)))
    assert isinstance(clue, GiveClue)
    assert clue.wildcard == hint.wildcard
    joker = [q for q, _, _ in script.asked if "Joker" in q]
    assert len(joker) == 4, script.asked
    assert all(default == "" for q, default, _ in script.asked if "Joker" in q)
    text = script.out.getvalue()
    assert text.count("Jokerin yerine geçeceği harfi yaz") >= 3, text
    apply(state, 0, clue)  # the engine accepts it


@dataclass
class _Empty:
    refs: tuple[object, ...] = ()


_NO_CLUE = _Empty()


# --- defect 5: the counter never passes the word length ------------------------------------


def test_the_counter_shows_the_last_card_done_not_six_of_five() -> None:
    state = new_game(LetterJamConfig("tr", players=2), 3)
    for _ in range(5):
        state, _ = apply(state, 0, MoveOn(None))
    seat, script = human([])
    seat.show(view(state, Seat(0)))
    text = script.out.getvalue()
    assert "6/5" not in text
    assert "5/5" in text and "kartların bitti" in text


# --- other answers that are refused and asked again -------------------------------------


def test_an_unchanged_table_is_not_drawn_twice() -> None:
    seen = view(new_game(LetterJamConfig("tr", players=3), 1), Seat(0))
    seat, script = human([])
    seat.show(seen)
    seat.show(seen)
    assert script.out.getvalue().count("Verilen ipucu: 0") == 1


def test_a_vote_for_a_seat_without_an_offer_is_refused_and_asked_again() -> None:
    state = new_game(LetterJamConfig("tr", players=3), 1)
    state, _ = apply(state, 1, Offer(3, 1, 1))
    seat, script = human(["2", "x", "P1"])
    assert seat.vote(view(state, Seat(0))) == Vote(1)
    assert script.out.getvalue().count("teklif edenlerden biri değil; teklif edenler: P1.") == 2
    assert "P1: 3 harf, 1 oyuncu, 1 oyuncu olmayan sehpa — 0 oy" in script.out.getvalue()


def test_the_bonus_letter_must_be_typed() -> None:
    state = new_game(LetterJamConfig("tr", players=2), 2, lexicon=AnyWord())
    for _ in range(5):
        state, _ = apply(state, 0, MoveOn(None))
    assert state.players[0].bonus is not None
    state, _ = apply(state, 1, Offer(1, 1, 0))
    state, _ = apply(state, 0, Vote(1))
    state, _ = apply(state, 1, Vote(1))
    state, _ = apply(state, 1, GiveClue((BonusCard(0),)))
    seat, script = human(["", "xy", "ş"])
    assert seat.name_bonus(view(state, Seat(0))) == NameBonus("Ş")
    assert all(default == "" for _, default, _ in script.asked)
    assert script.out.getvalue().count("Bonus harfini söylemelisin: tek bir harf yaz.") == 2
    assert "? = bonus harfin" in script.out.getvalue()


def test_an_arrangement_must_use_each_card_once_and_asks_the_wildcard() -> None:
    seen = view(new_game(LetterJamConfig("en", players=2), 1), Seat(0))
    seat, script = human(["O0 O0 O1 O2 O3", "O9", "O4 O3 * O2 O1 O0", "", "e"], "en")
    arrangement = seat.arrange(seen)
    assert arrangement == Arrange(parse_slots("O4 O3 * O2 O1 O0"), "E")
    text = script.out.getvalue()
    assert text.count("Write each of your cards once (O0 O1 O2 O3 O4)") == 2
    assert "Type the letter the wildcard stands for" in text
    # Enter takes the suggestion, which the prompt spells out.
    seat, script = human([""], "en")
    hint = AI.arrange(seen)
    assert seat.arrange(seen) == hint
    assert "Enter: the suggestion, " + " ".join(ref_label(s) for s in hint.slots) in \
        script.asked[0][0]


def test_the_english_seat_speaks_english_only() -> None:
    seen = view(new_game(LetterJamConfig("en", players=2), 1), Seat(0))
    seat, script = human(["", "q1", "-"], "en")
    assert seat.move_on(seen) is None
    assert seat.move_on(seen) == MoveOn(None)
    text = script.out.getvalue() + " ".join(q for q, _, _ in script.asked)
    assert "Enter: stay" in text and "all your cards" not in text
    assert "'q1' is not one letter" in text
    for turkish in ("kart", "öneri", "sen)", "Oy:"):
        assert turkish not in text


def test_a_cluegiver_whose_planned_clue_no_longer_fits_types_it_again_or_gives_up() -> None:
    state = new_game(LetterJamConfig("tr", players=3), 1)
    state, _ = apply(state, 0, Offer(3, 1, 1))
    state, _ = apply(state, 0, Vote(0))
    state, _ = apply(state, 1, Vote(0))
    seat, script = human(["P0 N0 N1", "P1 N0", ""])
    seat.planned, seat.planned_word = (parse_refs("P1 N0 N1"), None), "not what the table spells"
    assert seat.clue(view(state, Seat(0))) == Withdraw()
    text = script.out.getvalue()
    assert "Teklifinden sonra masa değişti." in text
    assert "Kendi kartını göremezsin; ipucunda kullanamazsın (P0)." in text
    assert "İpucu teklifine uymuyor" in text
    assert "Enter: vazgeç" in script.asked[-1][0]


# --- the commands --------------------------------------------------------------------------


def test_selfplay_prints_team_and_player_rates() -> None:
    result = runner.invoke(
        app, ["letterjam", "selfplay", "--lang", "tr", "--players", "2", "--games", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "team win rate" in result.output
    assert "player 1" in result.output and "player 2" in result.output
    assert "clues used" in result.output
    assert "decision time offer" in result.output
    for measure in ("seats making their own word", "every seat made its own word",
                    "max clue share of a seat", "share of all clues by seat",
                    "unfit or slur words: dealt, said, suggested, arranged",
                    "suggested words passing the rule"):
        assert measure in result.output


def test_selfplay_refuses_bad_options() -> None:
    result = runner.invoke(app, ["letterjam", "selfplay", "--players", "7", "--games", "1"])
    assert result.exit_code == 2
    assert "2–6" in result.output
    result = runner.invoke(app, ["letterjam", "selfplay", "--lang", "fr", "--games", "1"])
    assert result.exit_code == 2


def test_play_a_whole_game_pressing_enter() -> None:
    # Enter is the safe answer everywhere: stay, no offer, the suggested vote and order.
    result = runner.invoke(
        app, ["letterjam", "play", "--lang", "tr", "--players", "2", "--seed", "4"],
        input="\n" * 400,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Sonuç" in out and ("Takım kazandı!" in out or "Takım kaybetti." in out)
    assert "öneri" in out and "Enter: kal" in out
    # Turkish only, and the player never moved on by pressing Enter.
    assert "suggestion" not in out and " / " not in out
    assert "Tahmin kağıdın" not in out


def test_play_with_typed_answers_and_refusals() -> None:
    # Stay on the card, then an offer using one's own card (refused at once, with
    # the reason, and asked again), then no offer; the rest are Enter.
    script = "\n" + "P0 N0\n" + "\n" * 400
    result = runner.invoke(
        app, ["letterjam", "play", "--lang", "en", "--players", "2", "--seed", "1"],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You cannot see your own card, so you cannot use it in a clue (P0)." in out
    assert out.count("Your clue offer:") >= 2
    assert "Result" in out and ("The team wins!" in out or "The team loses." in out)
    assert "Sonuç" not in out and "öneri" not in out


def test_play_refuses_a_bad_seat_or_length() -> None:
    result = runner.invoke(app, ["letterjam", "play", "--players", "3", "--seat", "3"])
    assert result.exit_code == 2
    assert "Sehpan P0–P2 olmalı (--seat 0–2)." in result.output
    result = runner.invoke(app, ["letterjam", "play", "--lang", "en", "--players", "7"])
    assert result.exit_code == 2
    assert "The players must be 2–6, not 7." in result.output
    result = runner.invoke(app, ["letterjam", "play", "--lang", "en", "--length", "9"])
    assert result.exit_code == 2
    assert "The word length must be 3–7." in result.output
    result = runner.invoke(app, ["letterjam", "play", "--players", "4", "--stands", "3"])
    assert result.exit_code == 2
    assert "4 oyuncuyla 0–2 oyuncu olmayan sehpa kullanılır; 3 olmaz." in result.output


def test_play_with_scoring_and_fewer_stands() -> None:
    result = runner.invoke(
        app, ["letterjam", "play", "--players", "2", "--seed", "2", "--stands", "2",
              "--scoring"], input="\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "N1:" in result.output and "N2:" not in result.output
    assert "puan" in result.output and "Takım puanı:" in result.output


# --- the offer's flags: the wildcard and a shared bonus letter -----------------------------


def test_the_offer_says_the_flags_of_the_typed_clue() -> None:
    state = find(3, 4, "offer", lambda v: any(
        isinstance(r, Wildcard) for r in (AI.best_clue(v) or _NO_CLUE).refs))
    hint = AI.best_clue(view(state, Seat(0)))
    assert hint is not None and hint.wildcard is not None
    seat, script = human([" ".join(ref_label(r) for r in hint.refs), hint.wildcard])
    offer = seat.offer(view(state, Seat(0)))
    assert offer is not None and offer.wildcard is True and offer.bonus is False
    assert "jokerli, ortak bonus harfsiz (kelimen" in script.out.getvalue()
    apply(state, 0, offer)  # the engine accepts it


def test_the_offers_list_shows_the_flags_each_offer_said() -> None:
    state = new_game(LetterJamConfig("tr", players=3), 1)
    state, _ = apply(state, 1, Offer(3, 1, 1, wildcard=True, bonus=False))
    state, _ = apply(state, 2, Offer(2, 1, 0))
    seat, script = human(["1"])
    assert seat.vote(view(state, Seat(0))) == Vote(1)
    text = script.out.getvalue()
    assert "P1: 3 harf, 1 oyuncu, 1 oyuncu olmayan sehpa, jokerli, ortak bonus harfsiz — 0 oy" \
        in text
    assert "P2: 2 harf, 1 oyuncu, 0 oyuncu olmayan sehpa — 0 oy" in text
    seat, script = human(["1"], "en")
    seat.vote(view(state, Seat(0)))
    assert "with the wildcard, without a shared bonus letter" in script.out.getvalue()


def test_a_retyped_clue_that_breaks_a_said_flag_is_refused_and_asked_again() -> None:
    state = new_game(LetterJamConfig("tr", players=3), 1)
    state, _ = apply(state, 0, Offer(3, 1, 1, wildcard=False))
    state, _ = apply(state, 0, Vote(0))
    state, _ = apply(state, 1, Vote(0))
    seat, script = human(["P1 N0 *", ""])
    seat.planned, seat.planned_word = (parse_refs("P1 N0 N1"), None), "not what the table spells"
    assert seat.clue(view(state, Seat(0))) == Withdraw()
    text = script.out.getvalue()
    assert "İpucu teklifine uymuyor (farklı olan: joker)" in text, text
    assert [q for q, _, _ in script.asked if "Joker" in q] == []  # refused before asking
    assert "jokersiz" in script.asked[0][0] and len(script.asked) == 2
