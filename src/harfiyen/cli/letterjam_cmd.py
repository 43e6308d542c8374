"""``harfiyen letterjam selfplay | play``: Harf Takıl with AI teammates.

``selfplay`` plays seeded games with AI teammates at every seat and prints
the team win rate, each seat's success, clues used and the AI's decision
times. ``play`` seats a human at the terminal with AI teammates, speaking the
game's language (Turkish; English with ``--lang en``); the AI's choice for the
human's seat (from the human's view only) is shown as a suggestion, and Enter
is always the safe answer: stay, no offer (see :class:`TerminalTeammate`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Final

import typer
from rich.console import Console
from rich.table import Table

from harfiyen.ai.letterjam import GameStats, LetterJamAI, Timings, game_stats, play_game
from harfiyen.ai.letterjam.cluesearch import Candidate
from harfiyen.cli.console import console as _console
from harfiyen.cli.console import language as _language
from harfiyen.games.letterjam import (
    Arrange,
    BonusCard,
    CardRef,
    GameState,
    GiveClue,
    LetterJamConfig,
    LetterJamError,
    MoveOn,
    NameBonus,
    Offer,
    OwnCard,
    Phase,
    PileCard,
    Seat,
    SharedCard,
    Slot,
    StandCard,
    Vote,
    Wildcard,
    Withdraw,
    parse_refs,
    parse_slots,
    ref_label,
    view,
)
from harfiyen.games.letterjam import errors as letterjam_errors
from harfiyen.games.letterjam.clues import offer_for, offer_mismatch, shape
from harfiyen.games.letterjam.engine import load_lexicon
from harfiyen.games.letterjam.events import BonusNamed, ClueAbandoned
from harfiyen.games.letterjam.moves import Move
from harfiyen.games.letterjam.rules import MAX_WORD_LENGTH, MIN_WORD_LENGTH
from harfiyen.games.letterjam.views import LetterJamView, OfferView
from harfiyen.lexicon.fitness import fit, refused_always
from harfiyen.lexicon.normalize import ALPHABETS, Language, upper
from harfiyen.lexicon.vocabulary import MIN_ZIPF, zipf_table

app = typer.Typer(
    no_args_is_help=True,
    help="Harf Takıl with AI teammates. / Yapay zekâ takım arkadaşlarıyla Harf Takıl.",
)

View = LetterJamView
_DECISIONS: Final = ("offer", "clue", "move_on", "arrange")




def _check_players(players: int, lang: Language | None = None) -> None:
    """Exit with code 2 unless 2–6 players (the message in ``lang``, or in both)."""
    if not 2 <= players <= 6:
        tr = f"Oyuncu sayısı 2–6 olmalı: {players} olmaz."
        en = f"The players must be 2–6, not {players}."
        _console().print({"tr": tr, "en": en}.get(lang or "", f"{tr} / {en}"))
        raise typer.Exit(2)


# --- selfplay ---------------------------------------------------------------------------------


def play_seeds(
    lang: Language, players: int, length: int, seeds: Sequence[int]
) -> tuple[list[GameStats], dict[str, list[float]]]:
    """Play one selfplay game per seed; the statistics and the decision times."""
    ai = _Suggesting()
    timings = Timings()
    config = LetterJamConfig(lang, players=players, word_length=length)
    stats = []
    for seed in seeds:
        ai.suggested.clear()
        state = play_game(config, seed, [ai] * players, timings=timings)
        stats.append(game_stats(state, seed, ai.suggested))
    return stats, timings.samples


@dataclass
class _Suggesting(LetterJamAI):
    """The AI, writing down the word of each clue it suggests (its best clue at an
    offer: what a person's seat is shown as the suggestion)."""

    suggested: list[str] = field(default_factory=list)

    def best_clue(self, view: View) -> Candidate | None:
        best = super().best_clue(view)
        if best is not None:
            self.suggested.append(best.word)
        return best


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


@app.command()
def selfplay(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    players: int = typer.Option(4, "--players", help="2–6"),
    games: int = typer.Option(20, "--games", help="Games to play. / Oyun sayısı."),
    length: int = typer.Option(5, "--length", help="Secret word length (3–7). / Kelime boyu."),
    seed: int = typer.Option(0, "--seed", help="First seed. / İlk tohum."),
    workers: int = typer.Option(1, "--workers", help="Processes. / Süreç sayısı."),
) -> None:
    """AI teammates at every seat: team win rate, success per seat, clues, decision times.
    / Her koltukta yapay zekâ: takım başarısı, oyuncu başarısı, ipuçları, karar süreleri."""
    language = _language(lang)
    _check_players(players)
    if not 3 <= length <= 7:
        _console().print(f"Kelime boyu 3–7 olmalı / length must be 3–7: {length}")
        raise typer.Exit(2)
    seeds = list(range(seed, seed + games))
    stats: list[GameStats] = []
    samples: dict[str, list[float]] = {}
    if workers <= 1:
        stats, samples = play_seeds(language, players, length, seeds)
    else:
        chunks = [seeds[i::workers] for i in range(workers)]
        with ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(play_seeds, language, players, length, c) for c in chunks]
            for future in futures:
                part, times = future.result()
                stats.extend(part)
                for kind, values in times.items():
                    samples.setdefault(kind, []).extend(values)
    stats.sort(key=lambda s: s.seed)
    _report(language, players, length, stats, samples)


def _report(lang: Language, players: int, length: int, stats: Sequence[GameStats],
            samples: Mapping[str, Sequence[float]]) -> None:
    console = _console()
    zipf = zipf_table(lang)
    n = len(stats)
    if n == 0:
        console.print("Oyun oynanmadı / no games played")
        return
    table = Table(title=f"Harf Takıl selfplay: {lang}, {players} oyuncu / players, "
                        f"{length} harf / letters, {n} oyun / games", title_justify="left")
    table.add_column("ölçü / measure")
    table.add_column("değer / value", justify="right")
    team = sum(s.team_success for s in stats) / n
    table.add_row("takım başarısı / team win rate", f"{team:.1%}")
    for seat in range(players):
        rate = sum(s.success[seat] for s in stats) / n
        table.add_row(f"oyuncu / player {seat + 1} başarı / success", f"{rate:.1%}")
    every = sum(sum(s.success) for s in stats) / (n * players)
    table.add_row("oyuncu başarısı (tümü) / player success (all)", f"{every:.1%}")
    mean_clues = statistics.mean(s.clues for s in stats)
    table.add_row("ipucu (ort.) / clues used (mean)", f"{mean_clues:.2f}")
    table.add_row("ipucu (en çok) / clues used (max)", str(max(s.clues for s in stats)))
    right = sum(s.letters_right for s in stats) / max(1, sum(s.letters for s in stats))
    table.add_row("doğru tahmin edilen harf / letters guessed right", f"{right:.1%}")
    table.add_row("kullanılmayan yeşil (ort.) / unused greens (mean)",
                  f"{statistics.mean(s.unused_greens for s in stats):.2f}")
    own = [o for s in stats for o in s.own_words]
    table.add_row("kendi kelimesini kuran koltuk / seats making their own word",
                  f"{sum(own) / len(own):.1%} of {len(own)}")
    table.add_row("herkesin kendi kelimesi / games: every seat made its own word",
                  f"{sum(all(s.own_words) for s in stats) / n:.1%}")
    anagrams = sum(ok and not mine for s in stats
                   for ok, mine in zip(s.success, s.own_words, strict=True))
    table.add_row("başka kelime kuran koltuk / seats arranging an anagram", str(anagrams))
    shares = [max(s.clue_shares(players)) for s in stats if s.cluegivers]
    if shares:
        worst = max((s for s in stats if s.cluegivers),
                    key=lambda s: (max(s.clue_shares(players)), len(s.cluegivers)))
        most = max(worst.cluegivers.count(x) for x in range(players))
        table.add_row("bir koltuğun en büyük ipucu payı / max clue share of a seat "
                      "(mean / worst)",
                      f"{statistics.mean(shares):.1%} / {max(shares):.1%} "
                      f"({most} of {len(worst.cluegivers)}, seed {worst.seed})")
        givers = [g for s in stats for g in s.cluegivers]
        table.add_row("koltuk başına ipucu payı / share of all clues by seat",
                      " ".join(f"{givers.count(x) / len(givers):.0%}" for x in range(players)))
    unfit = refused_always(lang)
    kinds = (("dealt", [w for s in stats for w in s.secret_words]),
             ("said", [w for s in stats for w in s.clue_words]),
             ("suggested", [w for s in stats for w in s.suggested]),
             ("arranged", [w for s in stats for w in s.arranged]))
    table.add_row("uygunsuz kelime / unfit or slur words: " + ", ".join(k for k, _ in kinds),
                  " / ".join(str(sum(w in unfit for w in ws)) for _, ws in kinds))
    clue_words = kinds[1][1]
    if clue_words:
        passing = sum(fit(w, lang, "say") for w in clue_words)
        common = sum(zipf.get(w, 0.0) >= MIN_ZIPF[lang] for w in clue_words)
        table.add_row("kelime kuralına uyan ipucu / clue words passing the vocabulary rule",
                      f"{passing / len(clue_words):.1%} of {len(clue_words)}")
        table.add_row(f"Zipf ≥ {MIN_ZIPF[lang]} ipucu / clue words at Zipf ≥ {MIN_ZIPF[lang]}",
                      f"{common / len(clue_words):.1%}")
    suggested = kinds[2][1]
    if suggested:
        table.add_row("kelime kuralına uyan öneri / suggested words passing the rule",
                      f"{sum(fit(w, lang, 'say') for w in suggested) / len(suggested):.1%} "
                      f"of {len(suggested)}")
    secrets = kinds[0][1]
    table.add_row("kelime kuralına uyan gizli kelime / secret words passing the rule",
                  f"{sum(fit(w, lang, 'deal') for w in secrets) / len(secrets):.1%}")
    agreed = sum(s.reason == "agreed" for s in stats) / n
    table.add_row("anlaşmayla biten / ended by agreement", f"{agreed:.1%}")
    for kind in _DECISIONS:
        values = samples.get(kind, [])
        if values:
            p50, p95 = _percentile(values, 0.5) * 1000, _percentile(values, 0.95) * 1000
            table.add_row(f"karar süresi / decision time {kind} p50 / p95",
                          f"{p50:.1f} / {p95:.1f} ms")
    console.print(table)


# --- a human at the terminal ------------------------------------------------------------------



class TerminalTeammate:
    """A human seat at the terminal: shows the seat's view and asks for each decision,
    in the player's language (Turkish; English with ``--lang en``).

    What :class:`LetterJamAI` would do with the same view (this seat's view only) is
    shown as a suggestion. Enter never guesses one of the player's own letters: at the
    move-on prompt it stays, at the offer prompt it offers nothing, a cluegiver asked
    again gives up; the wildcard's letter and a bonus letter must be typed. Enter
    takes the suggestion only for a vote and for the final order of one's cards (shown
    spelled with one's own guesses), and every prompt says what Enter does. An answer
    that cannot be right is refused here, with the reason, and asked again.
    """

    def __init__(self, console: Console, ask: Callable[[str, str], str],
                 advisor: LetterJamAI, lang: Language = "tr") -> None:
        self.console = console
        self.ask = ask
        self.advisor = advisor
        self.lang = lang
        #: The clue behind this round's offer: its cards and the wildcard's letter.
        self.planned: tuple[tuple[CardRef, ...], str | None] | None = None
        self.planned_word = ""
        self._drawn: str | None = None

    # -- speaking --------------------------------------------------------------------------

    def _(self, tr: str, en: str) -> str:
        """The text in the player's language."""
        return tr if self.lang == "tr" else en

    def say(self, tr: str, en: str, *, style: str | None = None) -> None:
        self.console.print(self._(tr, en), markup=False, style=style)

    def refuse(self, tr: str, en: str) -> None:
        self.say(tr, en, style="red")

    def refuse_error(self, error: LetterJamError) -> None:
        self.say(error.message.tr, error.message.en, style="red")

    # -- the table -------------------------------------------------------------------------

    def table_lines(self, view: View) -> list[str]:
        """The table as this seat sees it (one's own card is ``?``)."""
        _ = self._
        me = view.seat
        tokens = view.tokens
        reds = " ".join(f"P{s}:{n}" for s, n in enumerate(tokens.red_left))
        greens = _(f"{tokens.green_open} açık", f"{tokens.green_open} open")
        if tokens.green_centre:
            greens += _(f", {tokens.green_centre} merkezde (kırmızılar bitince açılır)",
                        f", {tokens.green_centre} in the centre (open once the reds are gone)")
        lines = [_(f"Verilen ipucu: {view.clue_number} · kırmızı jeton {reds} · "
                   f"yeşil jeton {greens}",
                   f"Clues given: {view.clue_number} · red tokens {reds} · "
                   f"green tokens {greens}")]
        parts = []
        for stand in view.stands:
            seat = stand.seat
            if seat == me:
                if stand.position < stand.cards:
                    mine = _(f"? — kart {stand.position + 1}/{stand.cards}",
                             f"? — card {stand.position + 1}/{stand.cards}")
                else:
                    mine = _(f"kartların bitti ({stand.cards}/{stand.cards})",
                             f"all your cards done ({stand.cards}/{stand.cards})")
                if stand.has_bonus:
                    mine += _(" · bonus harfin: ?", " · your bonus letter: ?")
                parts.append(_(f"P{seat} (sen): {mine}", f"P{seat} (you): {mine}"))
            else:
                card = stand.card or _("kartları bitti", "cards done")
                bonus = f"  B{seat}: {stand.bonus}" if stand.bonus else ""
                parts.append(f"P{seat}: {card}{bonus}")
        for pile in view.piles:
            parts.append(f"N{pile.index}: {pile.top or '-'} ({self._cards(pile.cards)})")
        parts.append(_("*: joker", "*: wildcard"))
        parts += [f"S{i}: {x}" for i, x in enumerate(view.shared)]
        lines.append("   ".join(parts))
        for record in view.records or ():
            notes = []
            if record.own_position is not None:
                n = record.own_position + 1
                notes.append(_(f"{n}. kartın", f"your card {n}"))
            if f"B{me}" in record.cards:
                notes.append(_("bonus harfin", "your bonus letter"))
            own = f"   (? = {', '.join(notes)})" if notes else ""
            lines.append(f"  #{record.number} P{record.cluegiver}: {record.text}   "
                         f"({' '.join(record.cards)}){own}")
        if view.guesses:
            guesses = " ".join(f"{i + 1}:{g or '_'}" for i, g in enumerate(view.guesses))
            lines.append(_(f"  Tahmin kağıdın: {guesses}", f"  Your guess sheet: {guesses}"))
        return lines

    def _cards(self, n: int) -> str:
        return self._(f"{n} kart", _en_count(n, "card"))

    def _shape(self, offer: Offer | OfferView) -> str:
        """What an offer says: ``5 harf, 2 oyuncu, 1 oyuncu olmayan sehpa, jokerli,
        bonus harfsiz`` (a flag only when the offer says it)."""
        length, players, nonplayers = offer.length, offer.players, offer.nonplayers
        tr = [f"{length} harf, {players} oyuncu, {nonplayers} oyuncu olmayan sehpa"]
        en = [f"{_en_count(length, 'letter')}, {_en_count(players, 'player')}, "
              f"{_en_count(nonplayers, 'nonplayer stand')}"]
        if offer.wildcard is not None:
            tr.append("jokerli" if offer.wildcard else "jokersiz")
            en.append("with the wildcard" if offer.wildcard else "without the wildcard")
        if offer.bonus is not None:
            tr.append("ortak bonus harfli" if offer.bonus else "ortak bonus harfsiz")
            en.append("with a shared bonus letter" if offer.bonus
                      else "without a shared bonus letter")
        return self._(", ".join(tr), ", ".join(en))

    def show(self, view: View) -> None:
        """Draw the table, unless it is exactly what was drawn last."""
        text = "\n".join(self.table_lines(view))
        if text == self._drawn:
            return
        if self._drawn is None:
            self.say(
                "Kartların adları: P1 = 1 numaralı oyuncunun sehpası, N0 = oyuncu olmayan "
                "sehpa (parantezde yığındaki kart sayısı), B1 = 1 numaralı oyuncunun bonus "
                "harfi, * = joker, S0 = ortak bonus harf. Kendi harfini göremezsin: sehpanda "
                "? durur.",
                "Card names: P1 = player 1's stand, N0 = a nonplayer stand (in brackets, the "
                "cards in its pile), B1 = player 1's bonus letter, * = the wildcard, S0 = a "
                "shared bonus letter. You cannot see your own letter: your stand shows ?.")
        self._drawn = text
        self.console.rule(self._(f"Harf Takıl · sen: P{view.seat}",
                                 f"Harf Takıl · you: P{view.seat}"))
        self.console.print(text, markup=False)

    # -- reading answers -------------------------------------------------------------------

    def _letter(self, view: View, text: str) -> str | None:
        letter = upper(text.strip(), view.language)
        return letter if len(letter) == 1 and letter in ALPHABETS[view.language] else None

    def _card_letter(self, view: View, ref: CardRef) -> str | None:
        """The letter this seat sees at ``ref`` (``None``: no such visible card)."""
        if isinstance(ref, StandCard | BonusCard):
            if not 0 <= ref.seat < len(view.stands):
                return None
            stand = view.stands[ref.seat]
            return stand.card if isinstance(ref, StandCard) else stand.bonus
        if isinstance(ref, PileCard):
            return view.piles[ref.pile].top if 0 <= ref.pile < len(view.piles) else None
        if isinstance(ref, SharedCard):
            return view.shared[ref.index] if 0 <= ref.index < len(view.shared) else None
        return None

    def _refs(self, view: View, text: str) -> tuple[CardRef, ...] | None:
        """Clue cards typed as ``P1 N0 * P2``, or ``None`` after saying what is wrong."""
        refs: list[CardRef] = []
        for part in text.replace(",", " ").split():
            try:
                (ref,) = parse_refs([part])
            except ValueError:
                self.refuse(
                    f"'{part}' bir kart değil. Kartları masadaki adlarıyla yaz: P1, N0, B1, *, S0.",
                    f"'{part}' is not a card. Type the cards by their names on the table: "
                    "P1, N0, B1, *, S0.")
                return None
            if isinstance(ref, StandCard | BonusCard) and ref.seat == view.seat:
                self.refuse_error(letterjam_errors.fail(letterjam_errors.OWN_CARD_NOT_VISIBLE,
                                                        card=part.upper()))
                return None
            if not isinstance(ref, Wildcard) and self._card_letter(view, ref) is None:
                self.refuse_error(letterjam_errors.fail(letterjam_errors.NO_SUCH_CARD,
                                                        card=part.upper()))
                return None
            refs.append(ref)
        return tuple(refs)

    def _wildcard(self, view: View) -> str:
        """The letter the wildcard stands for: asked until one letter is typed."""
        while True:
            answer = self.ask(self._("Joker hangi harfin yerine geçsin? Bir harf yaz",
                                     "Which letter does the wildcard stand for? Type one letter"),
                              "")
            letter = self._letter(view, answer)
            if letter is not None:
                return letter
            self.refuse("Jokerin yerine geçeceği harfi yaz: tek bir harf (boş bırakılamaz).",
                        "Type the letter the wildcard stands for: one letter (it cannot be "
                        "left empty).")

    def _word(self, view: View, refs: Sequence[CardRef], wildcard: str | None) -> str:
        return "".join((wildcard or "") if isinstance(r, Wildcard) else
                       (self._card_letter(view, r) or "") for r in refs)

    def _clue(self, view: View, text: str, offered: Offer | None = None
              ) -> tuple[tuple[CardRef, ...], str | None] | None:
        """A clue typed as cards: checked as the engine will check it (visible cards,
        the wildcard's letter, a real word, the offer's shape), or ``None`` after
        saying what is wrong."""
        refs = self._refs(view, text)
        if refs is None:
            return None
        differs = () if offered is None else offer_mismatch(offered, refs)
        if offered is not None and differs:
            # The engine's own check, asked before sending so the clue can be typed again.
            self.refuse_error(letterjam_errors.fail(
                letterjam_errors.OFFER_MISMATCH,
                offer=[offered.length, offered.players, offered.nonplayers],
                clue=list(shape(refs)), parts=list(differs)))
            return None
        wildcard = self._wildcard(view) if any(isinstance(r, Wildcard) for r in refs) else None
        word = self._word(view, refs, wildcard)
        if word not in load_lexicon(view.lexicon):
            self.refuse_error(letterjam_errors.fail(letterjam_errors.NOT_A_WORD, word=word))
            return None
        return refs, wildcard

    def _suggest(self, refs: Sequence[CardRef], word: str) -> None:
        labels = " ".join(ref_label(r) for r in refs)
        self.say(f"  öneri: {labels} ({word})", f"  suggestion: {labels} ({word})")

    # -- the decisions ---------------------------------------------------------------------

    def move_on(self, view: View) -> MoveOn | None:
        self.show(view)
        hint = self.advisor.move_on(view)
        if hint is None:
            self.say("  öneri: kal (ipuçları bu harfi henüz çözmeye yetmiyor)",
                     "  suggestion: stay (the clues do not settle this letter yet)")
        elif hint.guess is None:
            self.say("  öneri: tahminsiz sonraki harfe geç",
                     "  suggestion: move on without a guess")
        else:
            self.say(f"  öneri: {hint.guess} tahminiyle sonraki harfe geç",
                     f"  suggestion: move on with the guess {hint.guess}")
        while True:
            answer = self.ask(self._(
                "Harfinden eminsen tahminini yaz ve sonraki harfe geç "
                "('-': tahminsiz geç); Enter: kal",
                "Sure of your letter? Type your guess to move on to the next one "
                "('-': move on without a guess); Enter: stay"), "").strip()
            if not answer:
                return None
            if answer == "-":
                return MoveOn(None)
            letter = self._letter(view, answer)
            if letter is not None:
                return MoveOn(letter)
            self.refuse(f"'{answer}' tek bir harf değil: bir harf, '-' ya da Enter (kal).",
                        f"'{answer}' is not one letter: type a letter, '-' or Enter (stay).")

    def offer(self, view: View) -> Offer | None:
        self.planned = None
        self.show(view)
        me = view.seat
        hint = self.advisor.best_clue(view)
        if hint is not None:
            self._suggest(hint.refs, hint.word)
        tokens = view.tokens
        if not tokens.green_open and not any(
                n for s, n in enumerate(tokens.red_left) if s != me):
            self.say("  Bu turda ipucu teklif edebilecek tek kişi sensin: teklif etmezsen "
                     "ipuçları biter.",
                     "  You are the only one who can offer a clue this round: if you do not, "
                     "the clues end.", style="bold")
        while True:
            answer = self.ask(self._(
                "İpucu teklifin: kelimeni yazan kartları sırayla yaz (ör. 'P1 N0 * P2'); "
                "Enter: teklif yok",
                "Your clue offer: the cards that spell your word, in order (e.g. 'P1 N0 * P2'); "
                "Enter: no offer"), "")
            if not answer.strip():
                return None
            clue = self._clue(view, answer)
            if clue is None:
                continue
            self.planned = clue
            # The offer says everything the seed allows, flags included, from the typed clue.
            offer = offer_for(clue[0])
            word = self.planned_word = self._word(view, *clue)
            said = self._shape(offer)
            self.say(f"  Teklifin: {said} (kelimen {word}; seçilirsen bu ipucunu verirsin).",
                     f"  Your offer: {said} (your word {word}; if chosen, you give this clue).")
            return offer

    def vote(self, view: View) -> Vote | None:
        me = view.seat
        assert me is not None
        offered = [s for s, o in enumerate(view.offers) if o is not None]
        if not offered:
            return None
        self.say("  İpucu teklifleri:", "  Clue offers:")
        for s in offered:
            o = view.offers[s]
            assert o is not None
            who = self._(f"P{s} (sen)", f"P{s} (you)") if s == me else f"P{s}"
            votes = view.votes.count(s)
            said = self._shape(o)
            self.say(f"    {who}: {said} — {votes} oy",
                     f"    {who}: {said} — {_en_count(votes, 'vote')}")
        hint = self.advisor.vote(view)
        default = "" if hint is None or hint.seat is None else str(hint.seat)
        enter = self._(f"Enter: öneri, P{default}", f"Enter: the suggestion, P{default}") \
            if default else self._("Enter: oy verme", "Enter: no vote")
        while True:
            answer = self.ask(self._(
                "Oy: kimin teklifi seçilsin? Numarasını yaz (ör. 1 ya da P1; '-': oy yok); "
                f"{enter}",
                f"Vote: whose offer should be chosen? Type the player's number (e.g. 1 or P1; "
                f"'-': no vote); {enter}"), default).strip()
            if not answer:
                return None
            if answer == "-":
                return Vote(None) if view.votes[me] is not None else None
            number = answer[1:] if answer[:1] in "Pp" else answer
            if number.isdigit() and int(number) in offered:
                return Vote(int(number))
            seats = ", ".join(f"P{s}" for s in offered)
            self.refuse(f"'{answer}' teklif edenlerden biri değil; teklif edenler: {seats}.",
                        f"'{answer}' is not one of the offers; the offers are: {seats}.")

    def clue(self, view: View) -> GiveClue | Withdraw:
        planned, self.planned = self.planned, None
        if planned is not None:
            refs, wildcard = planned
            word = self._word(view, refs, wildcard)
            if word == self.planned_word:
                labels = " ".join(ref_label(r) for r in refs)
                self.say(f"  İpucun: {labels} ({word})", f"  Your clue: {labels} ({word})")
                return GiveClue(refs, wildcard)
            self.say("Teklifinden sonra masa değişti.", "The table changed since your offer.")
        # Asked again (the clue planned with the offer was refused): type it anew.
        self.say("İpucunu yeniden yaz.", "Type your clue again.")
        self.show(view)
        me = view.seat
        assert me is not None
        offer = view.offers[me]
        assert offer is not None
        offered = Offer(offer.length, offer.players, offer.nonplayers, offer.wildcard,
                        offer.bonus)
        hint = self.advisor.clue(view)
        if isinstance(hint, GiveClue):
            self._suggest(hint.cards, self._word(view, hint.cards, hint.wildcard))
        while True:
            said = self._shape(offered)
            answer = self.ask(self._(
                f"İpucu kartları (teklifine uysun: {said}); Enter: vazgeç",
                f"Clue cards (matching your offer: {said}); Enter: give up the clue"), "")
            if not answer.strip():
                return Withdraw()
            clue = self._clue(view, answer, offered)
            if clue is not None:
                return GiveClue(*clue)

    def name_bonus(self, view: View) -> NameBonus:
        self.show(view)
        hint = self.advisor.name_bonus(view)
        self.say("Bonus harfin bir ipucunda kullanıldı: ne olduğunu söyle. Doğruysa ortaya "
                 "konur ve herkes ipuçlarında kullanabilir.",
                 "Your bonus letter was used in a clue: name it. If you are right, it joins "
                 "the wildcard for everyone's clues.")
        self.say(f"  öneri: {hint.letter}", f"  suggestion: {hint.letter}")
        while True:
            answer = self.ask(self._("Bonus harfin hangisi? Bir harf yaz",
                                     "Which is your bonus letter? Type one letter"), "")
            letter = self._letter(view, answer)
            if letter is not None:
                return NameBonus(letter)
            self.refuse("Bonus harfini söylemelisin: tek bir harf yaz.",
                        "You must name your bonus letter: type one letter.")

    def agrees_end(self, view: View) -> bool:
        # Asked only when nobody offered: the table cannot go on, so the clues end
        # whatever one answers; say so instead of asking a question that decides nothing.
        self.say("Kimse ipucu teklif etmedi: ipuçları burada biter. Şimdi kartlarını dizip "
                 "kelimeni kuracaksın.",
                 "Nobody offered a clue: the clues end here. Now you arrange your cards into "
                 "your word.")
        return True

    def arrange(self, view: View) -> Arrange:
        self.show(view)
        guesses = view.guesses or ()
        me = view.stands[view.seat or 0]
        own = [f"O{i} = " + self._(f"{i + 1}. kartın", f"your card {i + 1}") +
               f" ({(guesses[i] or '?') if i < len(guesses) else '?'})" for i in range(me.cards)]
        extras = [self._("* = joker", "* = wildcard")] + [f"S{i} = {x}"
                                                           for i, x in enumerate(view.shared)]
        self.say("Kartlarından kelimeni kur. " + "; ".join(own + extras),
                 "Arrange your cards into a word. " + "; ".join(own + extras))
        hint = self.advisor.arrange(view)
        default = " ".join(ref_label(s) for s in hint.slots)
        reading = self._spell(view, hint.slots)
        example = " ".join(f"O{i}" for i in (*range(1, me.cards), 0))
        extra = self._("joker (*) ve ortak harfler (S0...) de eklenebilir",
                       "the wildcard (*) and the shared letters (S0...) may be added") \
            if view.shared else self._("joker (*) de eklenebilir", "the wildcard (*) may be added")
        while True:
            answer = self.ask(self._(
                f"Kartlarının kelimedeki sırası (ör. '{example}'; {extra}); "
                f"Enter: öneri, {default} ({reading})",
                f"The order of your cards in the word (e.g. '{example}'; {extra}); "
                f"Enter: the suggestion, {default} ({reading})"), default)
            slots = self._slots(view, answer or default, me.cards)
            if slots is None:
                continue
            wildcard = self._wildcard(view) if any(isinstance(s, Wildcard) for s in slots) \
                else None
            return Arrange(slots, wildcard)

    def _spell(self, view: View, slots: Sequence[Slot]) -> str:
        """The arrangement read with one's own guesses (``?`` where there is none)."""
        guesses = view.guesses or ()
        out = []
        for slot in slots:
            if isinstance(slot, OwnCard):
                out.append((guesses[slot.index] or "?") if slot.index < len(guesses) else "?")
            elif isinstance(slot, SharedCard):
                out.append(view.shared[slot.index])
            else:
                out.append("*")
        return "".join(out)

    def _slots(self, view: View, text: str, cards: int) -> tuple[Slot, ...] | None:
        """An arrangement that uses each own card once, the wildcard and each shared letter
        at most once; ``None`` after saying what is wrong."""
        try:
            slots = parse_slots(text)
        except ValueError:
            slots = ()
        own = sorted(s.index for s in slots if isinstance(s, OwnCard))
        shared = [s.index for s in slots if isinstance(s, SharedCard)]
        wilds = sum(isinstance(s, Wildcard) for s in slots)
        every = " ".join(f"O{i}" for i in range(cards))
        if (own != list(range(cards)) or wilds > 1 or len(set(shared)) != len(shared)
                or any(not 0 <= i < len(view.shared) for i in shared)):
            self.refuse(f"Her kartını bir kez yaz ({every}); joker '*' ve ortak harfler (S0...) "
                        "en çok birer kez.",
                        f"Write each of your cards once ({every}); the wildcard '*' and the "
                        "shared letters (S0...) at most once each.")
            return None
        return slots


def _en_count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards`` (Turkish nouns stay singular after a number)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _prompt(text: str, default: str) -> str:
    # Every prompt says in words what Enter does, so the default is not shown again.
    answer: str = typer.prompt(text, default=default, show_default=False)
    return answer


def _show_outcome(console: Console, state: GameState, seat: int, lang: Language) -> None:
    def _(tr: str, en: str) -> str:
        return tr if lang == "tr" else en

    outcome = state.outcome
    assert outcome is not None
    table = Table(title=_("Sonuç", "Result"), title_justify="left")
    columns = [_("oyuncu", "player"), _("gizli kelime", "secret word"),
               _("tahminler", "guesses"), _("dizilen", "arranged"), _("başarı", "success")]
    if outcome.team_score is not None:
        columns.append(_("puan", "score"))
    for column in columns:
        table.add_column(column)
    for p in outcome.players:
        who = f"P{p.seat}" + (_(" (sen)", " (you)") if p.seat == seat else "")
        row = [who, p.secret, " ".join(g or "_" for g in p.guesses), p.arranged,
               "✓" if p.success else "✗"]
        if outcome.team_score is not None:
            row.append(str(p.score or 0))
        table.add_row(*row)
    console.print(table)
    won = _("Takım kazandı!", "The team wins!") if outcome.team_success else \
        _("Takım kaybetti.", "The team loses.")
    why = _("ipucu jetonları bitti", "the clue tokens ran out") if outcome.reason == "tokens" \
        else _("ipuçları anlaşmayla bitti", "the clues ended by agreement")
    console.print(_(f"{won} Verilen ipucu: {state.clue_number}; {why}.",
                    f"{won} Clues given: {state.clue_number}; {why}."), markup=False)
    if outcome.allowed_failures:
        console.print(_(f"Kelimesini kuramayan: {outcome.failures}; takım, en çok "
                        f"{outcome.allowed_failures} kişi kuramasa da kazanır.",
                        f"Players without a word: {outcome.failures}; the team still wins if "
                        f"at most {outcome.allowed_failures} cannot build one."), markup=False)
    if outcome.team_score is not None:
        console.print(_(f"Takım puanı: {outcome.team_score}", f"Team score: {outcome.team_score}"),
                      markup=False)


@app.command()
def play(
    lang: str = typer.Option("tr", "--lang", help="tr | en"),
    players: int = typer.Option(4, "--players", help="2–6"),
    seat: int = typer.Option(0, "--seat", help="Your seat: 0 is P0. / Sehpan: 0, P0 demek."),
    length: int = typer.Option(5, "--length", help="Secret word length. / Kelime boyu."),
    seed: int = typer.Option(0, "--seed", help="Game seed. / Oyun tohumu."),
    stands: int | None = typer.Option(
        None, "--stands", help="Nonplayer stands (fewer is harder). / Oyuncu olmayan sehpa."),
    scoring: bool = typer.Option(False, "--scoring", help="Optional scoring. / Puanlama."),
) -> None:
    """Play in the terminal with AI teammates. / Terminalde yapay zekâ arkadaşlarla oyna."""
    language = _language(lang)
    _check_players(players, language)

    def _(tr: str, en: str) -> str:
        return tr if language == "tr" else en

    if not 0 <= seat < players:
        _console().print(_(f"Sehpan P0–P{players - 1} olmalı (--seat 0–{players - 1}).",
                           f"Your seat must be P0–P{players - 1} (--seat 0–{players - 1})."))
        raise typer.Exit(2)
    if not MIN_WORD_LENGTH <= length <= MAX_WORD_LENGTH:
        _console().print(_(f"Kelime boyu {MIN_WORD_LENGTH}–{MAX_WORD_LENGTH} olmalı.",
                           f"The word length must be {MIN_WORD_LENGTH}–{MAX_WORD_LENGTH}."))
        raise typer.Exit(2)
    config = LetterJamConfig(language, players=players, word_length=length,
                             nonplayer_stands=stands, scoring=scoring)
    try:
        config.setup()
    except LetterJamError as error:
        _console().print(error.message.in_language(language))
        raise typer.Exit(2) from None
    console = _console()
    ai = LetterJamAI()
    human = TerminalTeammate(console, _prompt, ai, language)
    seats = [human if s == seat else ai for s in range(players)]
    others = ", ".join(f"P{s}" for s in range(players) if s != seat)
    mates = _("yapay zekâ takım arkadaşın", "is your AI teammate") if players == 2 else \
        _("yapay zekâ takım arkadaşların", "are your AI teammates")
    console.print(_(
        f"Harf Takıl: {players} kişilik masa, {length} harfli gizli kelimeler. Senin sehpan "
        f"P{seat}; {others}: {mates}. Kendi harflerini ipuçlarından çöz, oyun sonunda "
        "onlardan bir kelime kur.",
        f"Harf Takıl: a table of {players}, secret words of {length} letters. Your stand is "
        f"P{seat}; {others} {mates}. Work out your letters from the clues and build a word "
        "from them at the end."), markup=False)

    def say(tr: str, en: str) -> None:
        console.print(_(tr, en), markup=False)

    def told(state: GameState, who: int, move: Move) -> None:
        if isinstance(move, Vote) and state.phase is Phase.CLUE and state.cluegiver == move.seat:
            if move.seat == seat:
                say(f"İpucu veren seçildi: P{seat} (sen)", f"Cluegiver chosen: P{seat} (you)")
            else:
                say(f"İpucu veren seçildi: P{move.seat}", f"Cluegiver chosen: P{move.seat}")
        elif isinstance(move, NameBonus):
            named = next(e for e in reversed(state.events) if isinstance(e, BonusNamed))
            if who == seat:
                say(f"Bonus harfin {named.named}: " + ("doğru, ortaya kondu." if named.correct
                                                        else "yanlış; kart atıldı."),
                    f"Your bonus letter {named.named}: " + (
                        "right, it joins the wildcard." if named.correct
                        else "wrong; the card is discarded."))
            else:
                say(f"P{who} bonus harfini söyledi: {named.named} — "
                    + ("doğru, ortaya kondu." if named.correct else "yanlış; kart atıldı."),
                    f"P{who} named their bonus letter: {named.named} — "
                    + ("right, it joins the wildcard." if named.correct
                       else "wrong; the card is discarded."))
        elif who == seat:
            if isinstance(move, MoveOn):
                mine = view(state, Seat(seat)).stands[seat]
                if not mine.has_card:
                    say("Son kartını da geçtin." + (" Bir bonus harf çektin (onu göremezsin)."
                                                    if mine.has_bonus else ""),
                        "You moved past your last card." + (
                            " You drew a bonus letter (you cannot see it)."
                            if mine.has_bonus else ""))
        elif isinstance(move, GiveClue):
            say(f"P{who} ipucu verdi: {' '.join(ref_label(r) for r in move.cards)}",
                f"P{who} gave a clue: {' '.join(ref_label(r) for r in move.cards)}")
        elif isinstance(move, MoveOn):
            say(f"P{who} sonraki harfe geçti.", f"P{who} moved on to their next letter.")
        elif isinstance(move, Withdraw) and isinstance(state.events[-1], ClueAbandoned):
            say(f"P{who} ipucu veremedi; yeni tur.", f"P{who} gave up the clue; a new round.")

    def refused(who: int, move: Move, error: LetterJamError) -> None:
        if who == seat:
            human.refuse_error(error)

    state = play_game(config, seed, seats, on_move=told, on_refusal=refused)
    _show_outcome(console, state, seat, language)


__all__ = ["TerminalTeammate", "app", "play", "play_seeds", "selfplay"]
