"""Small lexicons and state builders shared by the crossword tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from harfiyen.games.crossword.board import Board, Placement
from harfiyen.games.crossword.engine import new_game
from harfiyen.games.crossword.rules import parse_square
from harfiyen.games.crossword.state import CrosswordConfig, GameState
from harfiyen.lexicon.normalize import Language, upper


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# A few hundred everyday words, chosen for these tests (short words keep random games going).
TR_WORDS = _words("""
AL AT AY AV AŞ AK AN AR AZ EL EN ET EV EK ER ES İL İN İP İT İŞ OK OL ON OT OY ÖN ÖZ ÖÇ SU
UN US UÇ ÜÇ ÜN DE NE YE BU ŞU HA HE Mİ NA BE DA KE TA YA FA LA RE Sİ KAR KAL KALE KAZ KAN
KAT KOL KUM KİM KİL KİR ELMA ARI ALA ANA ATA ADA ARA BAL BAŞ BAY BEL BEN BİR BİN BUZ CAN
CAM ÇAY ÇOK DAL DAM DİL DİZ DÜŞ EKİN ELE EMEK ERİK EVET GÖL GÜL GÜN HAL HAN ILIK İNEK İLK
İKİ KEDİ KİTAP KÖY KUŞ LALE MAL MASA MAVİ NAR NANE OKUL ORMAN ÖRDEK PARA PUL RAF SAAT SAL
SAZ SEL SOL SON ŞAL ŞEKER TAŞ TEK TEL TUZ UZAK ÜZÜM VAR YAĞ YAZ YOL ZİL ZOR AMA ANNE BABA
DERE DEVE KAYA KÖPEK TAVUK YILAN YELE ARABA ELEK ETEK DAĞ ÇİĞ JEL JİP FİL FAL FEN HEP ŞİŞ
ÖTE ÖLÇÜ GÖZ GEÇ ÇİT ÇÖL ÇAM FİN VE İLE ESE ONA ONU ALE ELA ILI KIR KIZ KIŞ SIR TIR YIL
MUM SÜT SÜS TÜL TÜY ÜTÜ ÖDE ÖTÜ UYU UYAN ALAN ALIN ETEN
""")

EN_WORDS = _words("""
AT TO IN IT IS ON NO AN AS BE HE WE ME DO GO SO UP US OR OX AX QI ZA EX XI JO KA AE AI AR
ER ES ID IF OD OE OF OH OI OM OP OS OW OY PA PE PI RE SH SI TA TI UH UM UN UT WO YA YE YO
AB AD AG AH AL AM AW AY BA BI BO BY DE ED EF EH EL EM EN ET FA GI HA HI HM HO KI LA LI LO
MA MI MO MU MY NA NE NU OB PO TE CAT DOG RAT TEA EAT ATE TEN NET SET SAT SIT TIN TAN RAN
RUN SUN NUT OUT ART TAR STAR RATE TEAR TONE NOTE STONE ZOO ZAP JAM JOB QUIZ FOX BOX WAX
VAN VET YES YAK KEY HAT HIT HOT LIT LOT LET LEG BEG BAG BIG DIG FIG FOG LOG MUG RUG TUG
WIG PEN PIN PAN PUN SIN DIN RED BED FED LED WED AID AIR EAR ERA ORE OAR ROE TOE TIE LIE
DIE PIE SEA SEE TEE BEE FEE NEE
""")

SMALL_TR = frozenset({"AL", "LA", "EL", "KAL", "ALE", "LAL", "ORMANLI"})


def tr_game(
    seed: int = 1, lexicon: Iterable[str] = TR_WORDS, version: int | None = None
) -> GameState:
    return new_game(CrosswordConfig("tr", version=version), seed, lexicon=frozenset(lexicon))


def en_game(
    seed: int = 1,
    lexicon: Iterable[str] = EN_WORDS,
    *,
    players: int = 2,
    challenge: str | None = None,
    variant: str = "standard",
    finish_level: str = "intermediate",
    version: int | None = None,
) -> GameState:
    config = CrosswordConfig(
        "en", version=version, players=players, challenge=challenge,  # type: ignore[arg-type]
        variant=variant, finish_level=finish_level,  # type: ignore[arg-type]
    )
    return new_game(config, seed, lexicon=frozenset(lexicon))


def place(spec: str, lang: Language = "tr") -> tuple[Placement, ...]:
    """``"H8=A I8=L G7=e"``: square=letter, a lower-case letter is a blank.

    Case follows ``lang``: in Turkish write ``i`` for a blank ``İ`` and ``ı``
    for a blank ``I``.
    """
    out: list[Placement] = []
    for item in spec.split():
        name, letter = item.split("=")
        capital = upper(letter, lang)
        out.append(Placement(parse_square(name), capital, blank=letter != capital))
    return tuple(out)


def with_board(state: GameState, spec: str) -> GameState:
    """``state`` with tiles already on the board (``place`` syntax)."""
    return replace(state, board=state.board.with_tiles(place(spec, state.rules.language)))


def setup(
    state: GameState,
    *,
    racks: Iterable[str] | None = None,
    bag: str | None = None,
    board: str | None = None,
    to_move: int | None = None,
    **fields: object,
) -> GameState:
    """A state with chosen racks, bag and board (for rule tests; ignores tile conservation)."""
    changes: dict[str, object] = dict(fields)
    if racks is not None:
        changes["racks"] = tuple(tuple(r) for r in racks)
    if bag is not None:
        changes["bag"] = tuple(bag)
    if to_move is not None:
        changes["to_move"] = to_move
    new = replace(state, **changes)  # type: ignore[arg-type]
    if board is not None:
        new = with_board(new, board)
    return new


def counts(state: GameState) -> Mapping[str, int]:
    """Every tile of a state by kind: bag, racks and board (blanks on the board as ``?``)."""
    from collections import Counter

    total: Counter[str] = Counter(state.bag)
    for rack in state.racks:
        total.update(rack)
    total.update("?" if t.blank else t.letter for _, t in state.board.occupied())
    return total


__all__ = ["EN_WORDS", "SMALL_TR", "TR_WORDS", "Board", "en_game", "place", "setup", "tr_game"]
