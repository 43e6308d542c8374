"""The web app's catalogues, checked without a browser: every text the code asks for is in
both catalogues (Turkish and English). The board and rules data come from the server
(``GET /api/rules/crossword``, built from the engine; tested in tests/server)."""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path

from harfiyen.games.crossword import rules as R
from harfiyen.games.crossword.ending import EndReason

WEB = Path(R.__file__).resolve().parents[2] / "web"


def load(name: str) -> dict[str, typing.Any]:
    data: dict[str, typing.Any] = json.loads((WEB / name).read_text(encoding="utf-8"))
    return data


def test_catalogues_have_the_same_keys_and_every_key_the_code_uses() -> None:
    tr, en = load("i18n/tr.json"), load("i18n/en.json")
    assert set(tr) == set(en)
    assert all(value.strip() for value in [*tr.values(), *en.values()])
    code = "\n".join(p.read_text(encoding="utf-8") for p in (WEB / "js").rglob("*.js"))
    prefixes = {key.split(".")[0] for key in tr}
    used = {
        key for key in re.findall(r"[\"`]([a-z_]+\.[a-z_.]+)[\"`]", code)
        if key.split(".")[0] in prefixes and not key.endswith(".")
    }
    # Keys built at run time from engine or server values.
    used |= {f"{kind}.{p.value}" for p in R.Premium for kind in ("premium", "premium_long")}
    used |= {f"end.reason.{reason}" for reason in typing.get_args(EndReason)}
    # The move list's last row says what each end did to the scores.
    used |= {f"moves.end_{reason}" for reason in typing.get_args(EndReason)}
    # Second-person forms of the templates about a seat (match.js `about`): "Teslim oldun".
    used |= {"end.reason.resigned_you", "end.reason.timeout_you", "draw.starts_you"}
    used |= {f"last.{kind}_you" for kind in ("play", "pass", "exchange", "resign", "timeout",
                                              "skipped", "challenge_upheld", "challenge_failed",
                                              "other")}
    used |= {f"result.{r}" for r in ("won", "lost", "draw")}
    used |= {"dictionary.invalid_letters", "dictionary.invalid_length"}
    used |= {f"status.{s}" for s in ("waiting", "active", "finished", "cancelled")}
    used |= {f"invite.status_{s}" for s in ("accepted", "declined", "expired", "cancelled")}
    used |= {"lobby.opponent_invite", "lobby.opponent_bot", "auth.login", "auth.register",
             "language.tr", "language.en"}
    # Kelime Casusu texts chosen by the view's team, role, colour and end reason.
    used |= {f"cn.team_{team}" for team in ("red", "blue")}
    used |= {f"cn.role_{role}" for role in ("spymaster", "guesser")}
    used |= {f"cn.colour_{c}" for c in ("red", "blue", "neutral", "black")}
    used |= {f"cn.end_{reason}" for reason in ("black_word", "resigned")}
    used |= {f"cn.end_all_words_{whose}" for whose in ("yours", "red", "blue")}
    used |= {f"room.solo_{kind}{hint}" for kind in ("find9", "guesser", "spymaster", "watch")
             for hint in ("", "_hint")}
    assert sorted(used - set(tr)) == []


def test_no_user_text_in_code() -> None:
    """Turkish letters in a script mean a text outside the catalogues."""
    for path in (WEB / "js").rglob("*.js"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            assert not re.search(r"[çğıöşüÇĞİÖŞÜ]", line), f"{path.name}:{number}: {line.strip()}"
