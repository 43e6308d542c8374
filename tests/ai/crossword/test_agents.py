"""The crossword bots: levels, the agent interface, hidden information, challenges."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from harfiyen.ai.crossword import endgame
from harfiyen.ai.crossword.agent import (
    Agent,
    BotAgent,
    ChampionAgent,
    PlayWords,
    generator_for,
    main_word,
    make_agent,
    situation,
)
from harfiyen.ai.crossword.levels import Level
from harfiyen.games.crossword import (
    Accept,
    Board,
    Challenge,
    CrosswordConfig,
    GameState,
    Pass,
    Placement,
    Play,
    Resign,
    Seat,
    apply,
    new_game,
    view,
)
from harfiyen.games.crossword.board import words_formed
from harfiyen.games.crossword.moves import Exchange, Move
from harfiyen.games.crossword.notation.cgp import parse_cgp
from harfiyen.games.crossword.rules import BLANK
from harfiyen.games.crossword.views import CrosswordView
from harfiyen.lexicon.fitness import play_words, refused_always
from harfiyen.lexicon.wordlists import is_blocked

LEVELS = [level.value for level in Level]


def bot(level: str, lang: str, seed: int, budget: float = 120.0) -> Agent:
    """A bot whose Champion simulates briefly: tests stay quick, choices stay exact."""
    agent = make_agent(level, lang=lang, seed=seed, time_budget=budget)
    if isinstance(agent, ChampionAgent):
        agent.iterations = 3
        agent.candidates = 3
    return agent


def midgame(lang: str, seed: int, moves: int = 6) -> GameState:
    """A position after ``moves`` Expert moves (challenge windows closed by playing on)."""
    state = new_game(CrosswordConfig(lang), seed)
    bots = [make_agent("usta", lang=lang, seed=k) for k in range(2)]
    for _ in range(moves):
        seat = state.to_move
        state, _ = apply(state, seat, bots[seat].choose(view(state, Seat(seat))))
    return state


# -- levels ----------------------------------------------------------------------------------


def test_levels_parse_turkish_and_english_names() -> None:
    assert Level.parse("usta") is Level.parse("Expert") is Level.EXPERT
    assert Level.parse("ŞAMPİYON") is Level.parse("sampiyon") is Level.CHAMPION
    assert Level.parse("Çaylak") is Level.parse("beginner") is Level.BEGINNER
    assert [lv.display("tr") for lv in Level] == ["Çaylak", "Orta", "Usta", "Şampiyon"]
    assert [lv.display("en") for lv in Level] == ["Beginner", "Intermediate", "Expert", "Champion"]
    with pytest.raises(ValueError):
        Level.parse("grandmaster")


def test_every_level_thinks_well_within_the_budget_the_server_waits_for() -> None:
    """A level's thinking time is the AI's own; the registration's budget is how long the
    server's bot runner waits before the fallback moves (a first move may load a lexicon)."""
    for level in Level:
        assert level.registered.key == level.value and level.registered.offered
        assert level.time_budget * 10 <= level.registered.budget_seconds, level


def test_make_agent_sets_level_and_budget() -> None:
    for level in Level:
        agent = make_agent(level.en_name, lang="tr", seed=1)
        assert agent.level is level
        assert agent.time_budget == level.time_budget
    assert make_agent("usta", lang="en", seed=1, time_budget=0.25).time_budget == 0.25
    with pytest.raises(ValueError):
        make_agent("usta", lang="de", seed=1)


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_makes_legal_moves(lang: str, level: str) -> None:
    state = midgame(lang, 3, moves=2)
    player = bot(level, lang, 9)
    for _ in range(2):
        seat = state.to_move
        move = player.choose(view(state, Seat(seat)))
        assert not isinstance(move, Pass)  # plenty of plays exist this early
        state, _ = apply(state, seat, move)  # the engine accepts it


# -- hidden information -----------------------------------------------------------------------


def scramble(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with the tiles ``seat`` cannot see dealt differently."""
    other = 1 - seat
    pool = list(state.racks[other]) + list(state.bag)
    rng.shuffle(pool)
    n = len(state.racks[other])
    racks = list(state.racks)
    racks[other] = tuple(pool[:n])
    return replace(state, racks=tuple(racks), bag=tuple(pool[n:]))


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_choice_depends_only_on_the_bots_view(lang: str) -> None:
    """The hidden tiles dealt differently, or only the wire form of the view: same choice.

    Each choice is made from a view built anew (from the scrambled state, or
    parsed from JSON text), so a bot that reached past its view (a view that
    kept a link to the state, say) would choose differently: the Champion
    samples the opponent's rack and would see the real one.
    """
    state = midgame(lang, 11)
    seat = state.to_move
    rng = random.Random(5)
    # A budget the Champion's simulation never reaches: its iteration cap decides.
    for level in LEVELS:
        choice = bot(level, lang, 4).choose(view(state, Seat(seat)))
        wire = json.loads(json.dumps(view(state, Seat(seat)).to_json()))
        assert bot(level, lang, 4).choose(CrosswordView.from_json(wire)) == choice, level
        for _ in range(2):
            other = scramble(state, seat, rng)
            assert other.racks[1 - seat] != state.racks[1 - seat]
            assert bot(level, lang, 4).choose(view(other, Seat(seat))) == choice, level


def test_the_champion_reads_the_unseen_tiles_of_its_view() -> None:
    """The control for the test above: the choice does depend on what the view shows."""
    differs = 0
    for seed in (11, 12, 13):  # positions where the simulation has candidates to weigh
        state = midgame("en", seed)
        seat = state.to_move
        seen = view(state, Seat(seat))
        assert seen.unseen is not None
        # The same position, but the view claims the unseen tiles are all blanks and S's.
        lure = replace(seen, unseen={"?": 2, "S": sum(seen.unseen.values()) - 2})
        champion = bot("sampiyon", "en", 4)
        champion.iterations, champion.candidates = 12, 6  # type: ignore[attr-defined]
        differs += champion.choose(seen) != champion.choose(lure)
    assert differs


# -- the beginner -----------------------------------------------------------------------------


def first_move_view(lang: str, rack: str) -> CrosswordView:
    state = new_game(CrosswordConfig(lang, challenge="void" if lang == "en" else None), 1)
    racks = list(state.racks)
    racks[state.to_move] = tuple(rack)
    return view(replace(state, racks=tuple(racks)), Seat(state.to_move))


def test_beginner_never_plays_block_listed_words() -> None:
    seen = first_move_view("en", "CDIKQQV")
    sit = situation(seen)
    generator = generator_for(sit.lexicon_id, sit.rules)
    records = BotAgent.legal_records(sit, generator)
    assert any(is_blocked(main_word(generator, sit.board, r), "en") for r in records)
    for seed in range(15):
        move = make_agent("caylak", lang="en", seed=seed).choose(seen)
        assert isinstance(move, Play)
        for word in words_formed(Board(), move.placements):
            assert not is_blocked(word.text, "en"), word.text


def test_beginner_plays_common_words_and_not_always_the_best() -> None:
    seen = first_move_view("tr", "KALEMİN")
    chosen = {make_agent("caylak", lang="tr", seed=s).choose(seen) for s in range(12)}
    assert len(chosen) > 1
    best = make_agent("usta", lang="tr", seed=0).choose(seen)
    sit = situation(seen)
    for move in chosen:
        assert isinstance(move, Play)
        word = words_formed(sit.board, move.placements)[0].text
        assert word in play_words(sit.lexicon_id, "everyday")
    assert chosen != {best}


def test_beginner_does_not_pass_when_it_can_play() -> None:
    # Only rare words fit this rack; the beginner still plays instead of passing.
    seen = first_move_view("en", "QIZJXVW")
    move = make_agent("caylak", lang="en", seed=1).choose(seen)
    assert isinstance(move, Play)


# -- challenges (en, double) ----------------------------------------------------------------


def pending_state(word: str, ends_game: bool = False) -> GameState:
    state = new_game(CrosswordConfig("en"), 2)
    seat = state.to_move
    racks = list(state.racks)
    racks[seat] = tuple(word) + tuple("E" * (7 - len(word)))
    bag = () if ends_game else state.bag
    if ends_game:
        racks[seat] = tuple(word)
    state = replace(state, racks=tuple(racks), bag=bag)
    play = Play(tuple(Placement((7, 7 + k), ch) for k, ch in enumerate(word)))
    state, _ = apply(state, seat, play)
    assert state.pending is not None
    return state


def test_bot_challenges_a_phony_and_lets_a_word_stand() -> None:
    phony = pending_state("ZQXV")
    expert = make_agent("usta", lang="en", seed=1)
    assert isinstance(expert.choose(view(phony, Seat(phony.to_move))), Challenge)
    valid = pending_state("QUIZ")
    move = expert.choose(view(valid, Seat(valid.to_move)))
    assert isinstance(move, Play | Pass)
    apply(valid, valid.to_move, move)
    ending = pending_state("QUIZ", ends_game=True)
    assert isinstance(expert.choose(view(ending, Seat(ending.to_move))), Accept)


def test_same_view_same_choice() -> None:
    state = midgame("en", 21, moves=3)
    seen = view(state, Seat(state.to_move))
    for level in LEVELS:
        assert bot(level, "en", 3).choose(seen) == bot(level, "en", 3).choose(seen)


def test_a_finished_game_is_refused() -> None:
    state = new_game(CrosswordConfig("tr"), 1)
    seat = state.to_move
    state, _ = apply(state, 1 - seat, Resign())
    with pytest.raises(ValueError):
        make_agent("usta", lang="tr", seed=1).choose(view(state, Seat(seat)))


# -- the champion's endgame --------------------------------------------------------------------


def bag_empty_state(lang: str, seed: int) -> GameState:
    """Play Expert moves until the bag is empty (the game still on)."""
    state = new_game(CrosswordConfig(lang, challenge="void" if lang == "en" else None), seed)
    bots = [make_agent("usta", lang=lang, seed=k) for k in range(2)]
    while state.bag and state.outcome is None:
        seat = state.to_move
        state, _ = apply(state, seat, bots[seat].choose(view(state, Seat(seat))))
    assert state.outcome is None
    return state


def test_champion_solves_the_endgame_and_does_not_hide_solver_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = bag_empty_state("tr", 4)
    seat = state.to_move
    calls: list[dict[str, object]] = []
    solve = endgame.solve

    def spy(*args: object, **kwargs: object) -> object:
        calls.append(kwargs)
        return solve(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(endgame, "solve", spy)
    champion = bot("sampiyon", "tr", 1, budget=1.0)
    move = champion.choose(view(state, Seat(seat)))
    assert calls, "the solver was not asked"
    assert calls[0]["passes"] == state.passes and calls[0]["scoreless_turns"] == (
        state.scoreless_turns
    )
    apply(state, seat, move)

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("solver bug")

    monkeypatch.setattr(endgame, "solve", broken)
    with pytest.raises(RuntimeError, match="solver bug"):
        champion.choose(view(state, Seat(seat)))


# -- words fit for the table -------------------------------------------------------------------

#: Four Usta moves of seed 3 (``harfiyen moves --cgp`` reads it): with this rack the
#: highest-scoring play, and the one of highest equity, is İBNE down from 1G, crossing
#: into İDAM and BAĞA (27 points).
IBNE_CGP = "15/6DA7/6AĞ7/6MAŞ6/8U6/8R6/7TA6/7Ö7/7R7/7E7/7N7/15/15/15/15 İBNEÜÖÖ/ 47/69 0"


def state_from_cgp(cgp: str, lang: str, seed: int) -> GameState:
    """A game of ``seed`` whose board, scores and mover's rack are the CGP's; the bag
    and the other rack hold the remaining tiles (the seed's ★25 square stays)."""
    position = parse_cgp(cgp, default_language="tr" if lang == "tr" else "en")
    state = new_game(CrosswordConfig(lang, challenge="void" if lang == "en" else None), seed)
    tiles = [*state.bag, *(t for rack in state.racks for t in rack)]
    on_board = [BLANK if tile.blank else tile.letter for _, tile in position.board.occupied()]
    for tile in [*on_board, *position.racks[0]]:
        if tile in tiles:  # a test rack may hold more of a letter than the set has
            tiles.remove(tile)
    seat = state.to_move
    racks = [tuple(tiles[:7]), tuple(tiles[:7])]
    racks[seat] = tuple(position.racks[0])
    scores = [0, 0]
    scores[seat], scores[1 - seat] = position.scores[0], position.scores[1]
    return replace(
        state, board=position.board, racks=tuple(racks), bag=tuple(tiles[7:]),
        scores=tuple(scores), move_number=5,
    )


def formed(state: GameState, move: Move) -> list[str]:
    assert isinstance(move, Play)
    return [w.text for w in words_formed(state.board, move.placements)]


def top_plays(seen: CrosswordView) -> tuple[list[str], list[str]]:
    """The words of the highest-scoring legal play and of the play of highest equity."""
    sit = situation(seen)
    generator = generator_for(sit.lexicon_id, sit.rules)
    records = BotAgent.legal_records(sit, generator)
    ctx = make_agent("usta", lang=sit.language, seed=0).context(sit)
    reader = PlayWords(generator, sit.board)
    by_score = max(records, key=lambda r: (r[0], repr(r)))
    by_equity = max(records, key=lambda r: (ctx.record_equity(r), r[0], repr(r)))
    return reader.words(by_score), reader.words(by_equity)


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_plays_ibne_although_it_is_the_best_play(level: str) -> None:
    state = state_from_cgp(IBNE_CGP, "tr", 3)
    seen = view(state, Seat(state.to_move))
    best_score, best_equity = top_plays(seen)
    assert "İBNE" in best_score and "İBNE" in best_equity  # the position is what it claims
    refused = refused_always("tr")
    for seed in range(3):
        move = bot(level, "tr", seed).choose(seen)
        assert isinstance(move, Play), move  # it has fit plays: it plays one of them
        words = formed(state, move)
        assert not any(w in refused for w in words), words
        apply(state, state.to_move, move)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("lang", "rack", "word"), [("tr", "SEKSĞĞZ", "SEKS"),
                                                    ("en", "SEXQQJZ", "SEX")])
def test_no_level_plays_sex_although_it_is_the_best_play(
    level: str, lang: str, rack: str, word: str
) -> None:
    seen = first_move_view(lang, rack)
    best_score, best_equity = top_plays(seen)
    assert best_score == [word] and best_equity == [word]
    move = bot(level, lang, 0).choose(seen)
    assert isinstance(move, Play), move
    assert not any(w in refused_always(lang) for w in words_formed(Board(), move.placements))  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_with_only_unfit_plays_exchanges_or_passes(level: str) -> None:
    seen = first_move_view("tr", "GÖT")  # every play it has forms a slur
    sit = situation(seen)
    generator = generator_for(sit.lexicon_id, sit.rules)
    legal = BotAgent.legal_records(sit, generator)
    reader = PlayWords(generator, sit.board)
    assert legal and all(any(w in refused_always("tr") for w in reader.words(r)) for r in legal)
    move = bot(level, "tr", 0).choose(seen)
    assert isinstance(move, Exchange | Pass), move


def test_the_endgame_solver_chooses_only_among_the_plays_its_root_filter_admits() -> None:
    state = bag_empty_state("en", 2)
    seat = state.to_move
    sit = situation(view(state, Seat(seat)))
    generator = generator_for(sit.lexicon_id, sit.rules)
    racks = ["", ""]
    racks[seat], racks[1 - seat] = "".join(state.racks[seat]), "".join(state.racks[1 - seat])

    def solve(**kwargs: object) -> endgame.EndgameResult:
        return endgame.solve(
            state.board, racks, state.scores, seat, state.rules, generator.lexicon, 2.0,
            scoreless_turns=state.scoreless_turns, passes=state.passes,
            bonus_square=state.bonus_square, generator=generator, **kwargs,  # type: ignore[arg-type]
        )

    free = solve()
    assert free.best_move is not None
    barred = free.best_move.placements
    other = solve(root_filter=lambda m: m.placements != barred)
    assert other.best_move is None or other.best_move.placements != barred
    nothing = solve(root_filter=lambda m: False)  # no fit play: the seat passes
    assert nothing.best_move is None
    assert isinstance(endgame.to_engine_move(nothing.best_move), Pass)


def test_the_champions_endgame_never_chooses_an_unfit_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = bag_empty_state("tr", 4)
    seat = state.to_move
    seen = view(state, Seat(seat))
    calls: list[dict[str, object]] = []
    solve = endgame.solve

    def spy(*args: object, **kwargs: object) -> object:
        calls.append(kwargs)
        return solve(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(endgame, "solve", spy)
    move = bot("sampiyon", "tr", 1, budget=1.0).choose(seen)
    assert calls and callable(calls[0]["root_filter"])
    if isinstance(move, Play):
        assert not any(w in refused_always("tr") for w in formed(state, move))


def test_a_persons_play_of_an_unfit_word_is_accepted() -> None:
    # The rule binds only the AI: the engine takes İBNE and SEKS from a person.
    state = state_from_cgp(IBNE_CGP, "tr", 3)
    seat = state.to_move
    sit = situation(view(state, Seat(seat)))
    generator = generator_for(sit.lexicon_id, sit.rules)
    reader = PlayWords(generator, sit.board)
    ibne = next(r for r in BotAgent.legal_records(sit, generator) if "İBNE" in reader.words(r))
    after, events = apply(state, seat, Play(generator.to_move(ibne).placements))
    assert after.scores[seat] > state.scores[seat] and events
    seen = first_move_view("tr", "SEKSĞĞZ")
    sit = situation(seen)
    generator = generator_for(sit.lexicon_id, sit.rules)
    seks = next(r for r in BotAgent.legal_records(sit, generator)
                if main_word(generator, sit.board, r) == "SEKS")
    state = new_game(CrosswordConfig("tr"), 1)
    racks = list(state.racks)
    racks[state.to_move] = tuple("SEKSĞĞZ")
    state = replace(state, racks=tuple(racks))
    after, _ = apply(state, state.to_move, Play(generator.to_move(seks).placements))
    assert after.scores[state.to_move] > 0


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_play_words_reads_what_the_engine_forms(lang: str) -> None:
    state = midgame(lang, 5, moves=8)
    sit = situation(view(state, Seat(state.to_move)))
    generator = generator_for(sit.lexicon_id, sit.rules)
    reader = PlayWords(generator, sit.board)
    for record in BotAgent.legal_records(sit, generator)[::7]:
        expected = [w.text for w in words_formed(sit.board, generator.to_move(record).placements)]
        assert sorted(reader.words(record)) == sorted(expected)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_every_level_plays_within_its_span_where_it_can(lang: str) -> None:
    state = midgame(lang, 7, moves=4)
    seen = view(state, Seat(state.to_move))
    sit = situation(seen)
    for level in Level:
        agent = make_agent(level, lang=lang, seed=0)
        generator = generator_for(sit.lexicon_id, sit.rules)
        chosen = agent.records(sit, generator)
        reader = PlayWords(generator, sit.board)
        span = play_words(sit.lexicon_id, level.span)
        assert chosen and all(all(w in span for w in reader.words(r)) for r in chosen), level
