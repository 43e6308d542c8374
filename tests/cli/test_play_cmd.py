"""``harfiyen play``: whole games driven through the CLI with scripted input."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from harfiyen.cli import app
from harfiyen.cli.play_cmd import Session, start
from harfiyen.games.crossword.notation.gcg import EventKind, parse_gcg

runner = CliRunner()

HINT = re.compile(r"(?:Hint|İpucu): (\S+ \S+|pass|accept|challenge|exchange(?: \S+)?)")


def hint_follower(buffer: io.StringIO, limit: int = 400) -> Iterator[str]:
    """A scripted human who asks for a hint and types the suggested move."""
    for _ in range(limit):
        yield "hint"
        found = HINT.findall(buffer.getvalue())
        yield found[-1].split(" (+")[0] if found else "pass"


def play_out(rules: str, seed: int, level: str = "usta") -> tuple[Session, str]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, force_terminal=False)
    session = start(rules, level, seed, hint_follower(buffer), console)
    session.run()
    return session, buffer.getvalue()


def gcg_check(path: Path) -> str:
    result = runner.invoke(app, ["gcg", "check", str(path)])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("rules", "seed"), [("tr", 5), ("en", 2)])
def test_whole_game_following_hints_ends_and_saves_a_replayable_gcg(
    rules: str, seed: int, tmp_path: Path
) -> None:
    session, output = play_out(rules, seed)
    outcome = session.state.outcome
    assert outcome is not None and outcome.reason == "went_out"
    path = tmp_path / "game.gcg"
    session.save(path)
    text = path.read_text(encoding="utf-8")
    record = parse_gcg(text)
    assert record.lexicon == ("TR-1" if rules == "tr" else "ENABLE-1")
    if rules == "tr":
        assert record.rules == "tr@2" and record.bonus25 is not None
        assert "★" in output and "K3" in output and "H2" in output
        assert "Görülmeyen taşlar" in output and "Torbada" in output
    else:
        assert "TW" in output and "Unseen tiles" in output
    plays = [e for e in record.events if e.kind is EventKind.PLAY]
    assert len(plays) > 10
    assert "1 passed" in gcg_check(path)
    # The record's last totals are the engine's final scores.
    last = {e.nick: e.total for e in record.events}
    assert sorted(last.values()) == sorted(outcome.final_scores)


def test_cli_reads_stdin_and_saves_when_the_input_ends(tmp_path: Path) -> None:
    path = tmp_path / "tr.gcg"
    script = "help\nshuffle\n8H QQQ\n8H KALEMLİKLER\nexchange\npass\n"
    result = runner.invoke(
        app, ["play", "--rules", "tr", "--level", "orta", "--seed", "11", "--save", str(path)],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Komutlar" in out  # help
    # Refused moves are explained in Turkish and English, and the player tries again.
    assert "bu oyunun harflerinden biri değil" in out or "Istakanda" in out
    assert "Oyundan çıkıldı" in out and "Kaydedildi" in out
    record = parse_gcg(path.read_text(encoding="utf-8"))
    kinds = [e.kind for e in record.events if e.nick == "sen"]
    assert kinds[:2] == [EventKind.EXCHANGE, EventKind.PASS]
    assert "1 passed" in gcg_check(path)


def test_en_two_passes_end_the_game_with_rack_penalties(tmp_path: Path) -> None:
    path = tmp_path / "en.gcg"
    result = runner.invoke(
        app, ["play", "--rules", "en", "--level", "caylak", "--seed", "3", "--save", str(path)],
        input="pass\npass\npass\npass\n",
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    record = parse_gcg(path.read_text(encoding="utf-8"))
    assert [e.kind for e in record.events].count(EventKind.END_RACK_PENALTY) >= 1
    assert "1 passed" in gcg_check(path)


def test_resign_asks_for_confirmation() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100)
    session = start("tr", "usta", 8, iter(["resign", "hayır", "resign", "evet"]), console)
    state = session.run()
    assert state.outcome is not None and state.outcome.reason == "resigned"
    assert state.outcome.loser == 0
    assert buffer.getvalue().count("Çekilmek istiyor musun") == 2


def test_unknown_rules_are_refused() -> None:
    result = runner.invoke(app, ["play", "--rules", "xx"], input="")
    assert result.exit_code == 2


def test_whole_tr_game_through_the_cli_with_a_human_who_always_passes(tmp_path: Path) -> None:
    path = tmp_path / "passes.gcg"
    result = runner.invoke(
        app, ["play", "--rules", "tr", "--level", "orta", "--seed", "21", "--save", str(path)],
        input="pass\n" * 80,
    )
    assert result.exit_code == 0, result.output
    assert "Oyun bitti" in result.output and "Bot kazandı" in result.output
    assert "1 passed" in gcg_check(path)


def test_a_challenged_phony_comes_off_and_is_recorded_as_withdrawn(tmp_path: Path) -> None:
    from harfiyen.lexicon.lexicon import load

    lexicon = load("ENABLE-1")
    for seed in range(40):
        buffer = io.StringIO()
        session = start("en", "usta", seed, iter(()), Console(file=buffer, width=100))
        rack = [t for t in session.state.racks[0] if t != "?"]
        if session.state.to_move != 0 or len(set(rack)) < 2:
            continue
        phony = next(
            (a + b for a in rack for b in rack if a != b and a + b not in lexicon), None
        )
        if phony is None:
            continue
        session.lines = iter([f"8G {phony}", "pass", "quit"])
        session.run()
        break
    else:
        pytest.fail("no seed gave the human a phony to play first")
    assert "Challenge upheld" in buffer.getvalue()
    path = tmp_path / "phony.gcg"
    session.save(path)
    record = parse_gcg(path.read_text(encoding="utf-8"))
    assert [e.kind for e in record.events][:2] == [EventKind.PLAY, EventKind.WITHDRAWN]
    assert "1 passed" in gcg_check(path)


def _first_play(session: Session) -> str:
    """The best first move of the human's rack in GCG (upper case, no blank)."""
    from harfiyen.ai.crossword.movegen import MoveGenerator
    from harfiyen.lexicon.lexicon import load

    state = session.state
    gen = MoveGenerator(load(state.config.lexicon_id), state.rules)
    rack = "".join(t for t in state.racks[0] if t != "?")
    moves = gen.best(gen.scratch(state.board), rack, 1, state.active_bonus_square)
    return moves[0].gcg


def _human_first(rules: str) -> tuple[Session, io.StringIO]:
    """A session where the human moves first and holds no blank."""
    for seed in range(60):
        buffer = io.StringIO()
        session = start(rules, "orta", seed, iter(()), Console(file=buffer, width=100))
        if session.state.to_move == 0 and "?" not in session.state.racks[0]:
            return session, buffer
    raise AssertionError("no seed found")


def test_lower_case_letters_are_explained_as_blanks_and_refused_without_one() -> None:
    session, buffer = _human_first("tr")
    move = _first_play(session)
    position, word = move.split()
    lowered = f"{position} {word.lower()}"
    session.lines = iter([lowered, "quit"])
    session.run()
    out = " ".join(buffer.getvalue().split())
    assert "Küçük harf joker demektir" in out and f"büyük harfle yaz: {position}" in out
    assert session.state.move_number == 0  # nothing was played


def test_an_error_is_printed_once_in_the_games_language() -> None:
    for rules, words in (("tr", "ortadaki yıldızlı"), ("en", "centre")):
        session, buffer = _human_first(rules)
        session.lines = iter(["1A " + ("AL" if rules == "tr" else "AT"), "quit"])
        session.run()
        out = buffer.getvalue()
        flat = " ".join(out.split())
        assert flat.count("(H8)") == 1, out
        assert words in flat


def test_the_players_own_move_and_score_are_echoed() -> None:
    session, buffer = _human_first("tr")
    move = _first_play(session)
    session.lines = iter([move, "quit"])
    session.run()
    out = buffer.getvalue()
    echoed = [line for line in out.splitlines() if line.startswith("Oynadın:")]
    assert echoed and f"Puanın: {session.state.scores[0]}" in echoed[0]


def test_moves_help_explains_cgp_with_an_example() -> None:
    result = runner.invoke(app, ["moves", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "CGP (a position on one line)" in text and "CGP (tek satırda bir konum)" in text
    assert "Example / Örnek" in text and "rules tr@2; bonus25 C5;" in text
