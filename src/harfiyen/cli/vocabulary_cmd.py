"""``harfiyen vocabulary report``: what the rule for AI words admits and refuses, for review."""

from __future__ import annotations

from pathlib import Path

import typer

from harfiyen.cli.console import language as _language
from harfiyen.lexicon import fitness
from harfiyen.lexicon.normalize import Language
from harfiyen.lexicon.wordlists import DEFAULT_LEXICON

app = typer.Typer(
    no_args_is_help=True,
    help="The words AI players may choose. / Yapay zekânın seçebileceği kelimeler.",
)

_CONTEXT_TEXT = {
    "play": "bot plays / botların oynadığı kelimeler",
    "say": "AI clue words, suggestions / yapay zekânın ipucu kelimeleri, önerileri",
    "deal": "secret and pack words / gizli kelimeler, paket kelimeleri",
}
_SPAN_TEXT = {
    "common": "Çaylak",
    "everyday": "Orta",
    "wide": "Usta",
    "whole": "Şampiyon",
}


def _pct(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def _short_counts(lang: Language) -> str:
    verdicts = list(fitness.short_words(lang).values())
    return ", ".join(f"{verdicts.count(v)} {v}" for v in fitness.SHORT_VERDICTS[:2])


def render(lang: Language, samples: int, seed: int) -> str:
    """The report of ``lang`` as Markdown."""
    lines = [
        f"# Words fit for the table — {lang} ({DEFAULT_LEXICON[lang]})",
        "",
        "Every word an AI chooses passes `harfiyen.lexicon.fitness`; a person may play or write "
        "any valid word. / Yapay zekânın seçtiği her kelime bu kuraldan geçer; oyuncular "
        "geçerli her kelimeyi oynayabilir.",
        "",
        f"Thresholds (wordfreq Zipf): common ≥ {fitness.COMMON_ZIPF[lang]}, everyday ≥ "
        f"{fitness.EVERYDAY_ZIPF[lang]}, and words of at most {fitness.SHORT_LENGTH} letters "
        f"only as a reader judged them ({_short_counts(lang)}, "
        f"`scripts/vocabulary/{lang}_short.tsv`); wide ≥ {fitness.WIDE_ZIPF[lang]} or at most "
        f"{fitness.SHORT_LENGTH} letters; "
        "whole: the lexicon. Samples seeded with "
        f"{seed}.",
        "",
        "## The unfit list / Uygunsuz kelimeler",
        "",
        "| category | words |",
        "|---|---|",
    ]
    unfit = fitness.unfit(lang)
    for category in fitness.UNFIT_CATEGORIES:
        lines.append(f"| {category} | {sum(1 for c in unfit.values() if c == category)} |")
    lines.append(f"| **all** | {len(unfit)} |")
    for row in fitness.report(lang, samples=samples, seed=seed):
        title = row.context + (f" / {row.span} ({_SPAN_TEXT[row.span]})" if row.span else "")
        lines += [
            "", f"## {title} — {_CONTEXT_TEXT[row.context]}", "",
            f"Admitted / kabul: **{row.admitted:,}** of {row.words:,} lexicon words "
            f"({_pct(row.admitted, row.words)}).", "",
            "| refused because / ret nedeni | words | sample |",
            "|---|---|---|",
        ]
        for reason, count in row.refused.items():
            sample = " ".join(row.refused_samples[reason])
            lines.append(f"| {reason} | {count:,} | {sample} |")
        lines += ["", f"Admitted sample / kabul örneği: {' '.join(row.admitted_sample)}"]
        if row.refused_vocabulary:
            lines += ["", f"Refused although in the people's vocabulary "
                          f"({len(row.refused_vocabulary)}): {' '.join(row.refused_vocabulary)}"]
    return "\n".join(lines) + "\n"


@app.command()
def report(
    lang: str = typer.Option("tr", "--lang", "-l", help="tr or en / tr ya da en"),
    samples: int = typer.Option(12, "--samples", help="Words shown per row. / Satır başına örnek."),
    seed: int = typer.Option(0, "--seed", help="Sample seed. / Örnek tohumu."),
    out: Path | None = typer.Option(  # noqa: B008 - Typer's declaration style
        None, "--out", help="Write the Markdown here. / Markdown'u bu dosyaya yaz."
    ),
) -> None:
    """Counts and samples of what each context admits and refuses. / Her bağlamın kabul
    ve ret sayıları, örnekleriyle."""
    text = render(_language(lang), samples, seed)
    if out is not None:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"{out}")
    else:
        typer.echo(text, nl=False)
