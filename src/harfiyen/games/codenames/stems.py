"""The strict clue option's test for "shares a root with a board word".

A real stemmer is out of scope; the rule is simple, deterministic and
documented so players can predict it. Two normalised words share a root when
the shorter one, at least 4 letters long, begins the longer one::

    GÖLGE / GÖLGELİK, STAR / STARFISH            -> share a root
    EV / EVLİ (shorter than 4)                   -> do not

Turkish is suffixing, and a final voiceless stop softens before a vowel
(KİTAP → KİTABI, AĞAÇ → AĞACI, KÖPEK → KÖPEĞİ, RENK → RENGİ), so in Turkish the
shorter word also counts with its last letter softened (P→B, Ç→C, T→D, K→Ğ,
and K→G after N). Other sound changes (vowel dropping as in BURUN → BURNU)
are not detected.
"""

from __future__ import annotations

from typing import Final

from harfiyen.lexicon.normalize import Language

MIN_ROOT: Final = 4
_SOFTENED: Final = {"P": "B", "Ç": "C", "T": "D", "K": "Ğ"}


def root_forms(word: str, lang: Language) -> tuple[str, ...]:
    """The forms of ``word`` that count as its root when it begins a longer word.

    >>> root_forms("KİTAP", "tr"), root_forms("RENK", "tr"), root_forms("STAR", "en")
    (('KİTAP', 'KİTAB'), ('RENK', 'RENG'), ('STAR',))
    """
    forms = [word]
    if lang == "tr" and word and word[-1] in _SOFTENED:
        soft = "G" if word.endswith("NK") else _SOFTENED[word[-1]]
        forms.append(word[:-1] + soft)
    return tuple(forms)


def shares_root(a: str, b: str, lang: Language) -> bool:
    """True when normalised words ``a`` and ``b`` share a root by the rule above.

    >>> shares_root("GÖLGELİK", "GÖLGE", "tr"), shares_root("AĞACI", "AĞAÇ", "tr")
    (True, True)
    >>> shares_root("EVLİ", "EV", "tr"), shares_root("GÖL", "GÖLGE", "tr")
    (False, False)
    """
    short, long = sorted((a, b), key=len)
    if len(short) < MIN_ROOT:
        return False
    return any(long.startswith(form) for form in root_forms(short, lang))


__all__ = ["MIN_ROOT", "root_forms", "shares_root"]
