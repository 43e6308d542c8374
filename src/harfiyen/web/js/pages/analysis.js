// Analysis and replay: a finished match (#/analysis/match/ID) or an uploaded GCG record
// (#/analysis/gcg/KEY) stepped through move by move on the board, with the engine's best
// move, its score, equity and win chance, and the equity and win chance lost by the move
// played, per turn and per player (mistakes counted by class). The server computes it in
// a worker process; this page shows its progress.
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { get, post } from "../api.js";
import { go } from "../router.js";
import { loadRules } from "../crossword/rules.js";
import { renderBoard } from "../crossword/board.js";
import { toast } from "../ui.js";

const POLL_MS = 1000;

/** A stand-in for the rack model: the board shows these tiles as not yet played. */
class Ghost {
  constructor(tiles = []) {
    this.tiles = new Map(tiles.map((tile) => [tile.square, tile]));
  }

  placementAt(square) {
    return this.tiles.get(square) || null;
  }
}

/** A number in the page's language: "16,1" in Turkish, "16.1" in English (at most 2 decimals). */
const fmt = (value) => (value === null || value === undefined ? "—"
  : new Intl.NumberFormat(language() === "tr" ? "tr-TR" : "en-GB", { maximumFractionDigits: 2 }).format(value));

/** A probability (0..1) as a percentage in the page's language: "%67,9" in Turkish, "67.9%" in English. */
const pct = (value) => (value === null || value === undefined ? "—"
  : new Intl.NumberFormat(language() === "tr" ? "tr-TR" : "en-GB", { style: "percent", maximumFractionDigits: 1 }).format(value));

/** The mistake classes, worst first (the server sends their lower bounds). */
const MISTAKES = ["blunder", "large", "small"];

/** Whether `text` (the analysis' GCG move text) is a pass or an exchange, not a play. */
const scoreless = (text) => text === "pass" || /^exchange\b/.test(text || "");

/** A move of the analysis in words. Plays stay in GCG notation ("8H KALEM"); "pass" and
 * "exchange ABC" ("exchange" for a whole rack, "exchange 7" for a count) become the
 * catalogue's pass and exchange texts, in the past tense for the move played and as advice
 * for the best move. The tiles are named only where a part of the rack may be exchanged. */
function moveText(text, { rack = "", played = true, wholeRack = false } = {}) {
  if (text === null || text === undefined) return "—";
  if (text === "pass") return t("analysis.move_pass");
  const exchange = text.match(/^exchange(?: (\S+))?$/);
  if (!exchange) return text;
  const given = exchange[1] || "";
  const counted = /^\d+$/.test(given);
  const n = counted ? Number(given) : [...(given || rack || "")].length;
  const tiles = counted || wholeRack ? "" : given;
  return t(`analysis.move_${played ? "exchanged" : "exchange"}${tiles ? "_tiles" : ""}`, { n, tiles });
}

/** The upload form: a GCG file (or pasted text) to analyse. */
export async function renderAnalysisUpload(root) {
  const error = h("p", { class: "form-error", role: "alert", id: "upload-error" });
  const file = h("input", { type: "file", id: "gcg-file", accept: ".gcg,text/plain" });
  const text = h("textarea", { id: "gcg-text", rows: 8, spellcheck: "false",
    placeholder: t("analysis.paste_placeholder"), "aria-label": t("analysis.paste") });
  const submit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    let gcg = text.value;
    if (file.files.length) gcg = await file.files[0].text();
    if (!gcg.trim()) {
      error.textContent = t("analysis.nothing");
      return;
    }
    try {
      const { analysis } = await post("/analyses", { gcg });
      go(`/analysis/${analysis.key.replace(":", "/")}`);
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  mount(root, h("section", { class: "card page-narrow analysis-upload", id: "analysis-upload" },
    h("h1", {}, t("analysis.upload_title")),
    h("p", { class: "muted" }, t("analysis.upload_text")),
    h("form", { class: "form", onsubmit: submit },
      h("label", { for: "gcg-file" }, t("analysis.file")), file,
      h("label", { for: "gcg-text" }, t("analysis.paste")), text,
      error,
      h("button", { type: "submit", class: "btn btn-primary", id: "gcg-submit" }, t("analysis.start"))),
  ));
}

export async function renderAnalysis(root, kind, ref) {
  await loadRules();
  const state = { analysis: null, step: 0, showBest: false, error: "" };
  const page = h("div", { class: "page analysis", id: "analysis" });
  mount(root, page);
  let timer = null;
  const isMatch = kind === "match";
  const key = isMatch ? `match:${ref}` : `${kind}:${ref}`;

  async function fetchAnalysis(start) {
    try {
      if (isMatch) {
        state.analysis = start
          ? (await post(`/matches/${ref}/analysis`)).analysis
          : (await get(`/matches/${ref}/analysis`)).analysis;
      } else {
        state.analysis = (await get(`/analyses/${encodeURIComponent(key)}`)).analysis;
      }
      state.error = "";
    } catch (problem) {
      state.error = problem.message;
    }
    if (state.analysis?.status !== "running") {
      clearInterval(timer);
      timer = null;
      const steps = state.analysis?.result?.replay || [];
      if (state.step === 0 && steps.length) state.step = firstTurn(steps);
    }
    render();
  }

  const steps = () => state.analysis?.result?.replay || [];
  const firstTurn = (list) => Math.max(1, list.findIndex((step) => step.turn) + 1);

  function go_(step) {
    state.step = Math.max(0, Math.min(steps().length, step));
    render();
  }

  const onKey = (event) => {
    if (event.target.closest?.("input, textarea, select") || document.querySelector("dialog[open]")) return;
    if (event.key === "ArrowRight") go_(state.step + 1);
    else if (event.key === "ArrowLeft") go_(state.step - 1);
    else if (event.key === "Home") go_(0);
    else if (event.key === "End") go_(steps().length);
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  /** The board after `count` steps (plays put on, challenged plays taken off). */
  function boardAfter(count) {
    const tiles = new Map();
    for (const step of steps().slice(0, count)) {
      for (const tile of step.placements) tiles.set(tile.square, tile);
      for (const tile of step.removed) tiles.delete(tile.square);
    }
    return [...tiles.values()];
  }

  function nameOf(seat, nick) {
    const player = (state.analysis.result.players || []).find((p) => p.seat === seat || p.nick === nick);
    return player ? player.name : nick;
  }

  function stepText(step) {
    const name = nameOf(step.seat, step.nick);
    switch (step.kind) {
      case "play": return t("analysis.step_play", { name, move: `${step.position} ${step.word}`, score: step.score });
      case "pass": return t("analysis.step_pass", { name });
      case "exchange": return t("analysis.step_exchange", { name, tiles: step.exchanged });
      case "withdrawn": return t("analysis.step_withdrawn", { name, score: step.score });
      case "end-gain": return t("analysis.step_end_gain", { name, score: step.score, tiles: step.end_rack });
      case "end-penalty": return t("analysis.step_end_penalty", { name, score: step.score, tiles: step.end_rack });
      default: return t("analysis.step_other", { name, score: step.score });
    }
  }

  function render() {
    const a = state.analysis;
    page.dataset.status = a?.status || "none";
    page.dataset.step = String(state.step);
    if (!a) {
      mount(page, h("section", { class: "card page-narrow" },
        h("h1", {}, t("analysis.title")),
        h("p", { class: "form-error", role: "alert" }, state.error || t("analysis.none")),
        h("a", { class: "btn", href: "#/matches" }, t("nav.matches"))));
      return;
    }
    if (a.status === "running") {
      const total = a.total || 0;
      mount(page, h("section", { class: "card page-narrow", id: "analysis-running" },
        h("h1", {}, t("analysis.title")),
        h("p", {}, t("analysis.running", { done: a.progress, total: total || "…" })),
        h("progress", { id: "analysis-progress", max: total || 1, value: a.progress,
          "aria-label": t("analysis.progress") })));
      return;
    }
    if (a.status === "failed") {
      mount(page, h("section", { class: "card page-narrow" }, h("h1", {}, t("analysis.title")),
        h("p", { class: "form-error", role: "alert" }, t("analysis.failed", { error: a.error || "" })),
        isMatch && h("button", { type: "button", class: "btn", onclick: () => fetchAnalysis(true).then(poll) }, t("analysis.retry"))));
      return;
    }
    const result = a.result;
    const all = steps();
    const index = state.step;
    const step = index > 0 ? all[index - 1] : null;
    const turn = step?.turn ? result.analysis.turns.find((x) => x.number === step.turn) : null;
    const rules = result.analysis.rules;
    const showBest = state.showBest && step?.best_placements;
    const board = boardAfter(showBest ? index - 1 : index);
    const view = {
      rules, board, bonus_square: result.bonus25 || null,
      bonus_square_used: Boolean(result.bonus25) && board.some((tile) => tile.square === result.bonus25),
      last_move: showBest ? null : { placements: step?.placements || [] },
    };
    const lang = rules.split("@")[0] === "tr" ? "tr" : "en";
    const download = isMatch ? `/api/matches/${ref}/gcg` : `/api/analyses/${encodeURIComponent(key)}/gcg`;
    mount(page,
      h("h1", { class: "page-title" }, t("analysis.title"), " ",
        h("span", { class: "muted small" }, result.title || "")),
      h("div", { class: "analysis-layout" },
        h("div", { class: "analysis-main" },
          h("div", { class: "board-wrap" }, renderBoard(view, new Ghost(showBest ? step.best_placements : []), null, lang)),
          h("div", { class: "stepper", role: "group", "aria-label": t("analysis.steps") },
            h("button", { type: "button", class: "btn", id: "step-first", "aria-label": t("analysis.first"), onclick: () => go_(0) }, "«"),
            h("button", { type: "button", class: "btn", id: "step-prev", "aria-label": t("analysis.prev"), onclick: () => go_(index - 1) }, "◀"),
            h("span", { class: "step-label", id: "step-label" }, t("analysis.step_n", { n: index, total: all.length })),
            h("button", { type: "button", class: "btn", id: "step-next", "aria-label": t("analysis.next"), onclick: () => go_(index + 1) }, "▶"),
            h("button", { type: "button", class: "btn", id: "step-last", "aria-label": t("analysis.last"), onclick: () => go_(all.length) }, "»")),
          h("input", { type: "range", min: 0, max: all.length, value: index, id: "step-range", "aria-label": t("analysis.steps"),
            oninput: (e) => go_(Number(e.target.value)) }),
          h("section", { class: "card step-card", id: "step-card", "aria-live": "polite" },
            h("p", { class: "step-what", id: "step-what" }, step ? stepText(step) : t("analysis.start_position")),
            step?.rack && h("p", { class: "muted" }, t("analysis.rack", { rack: step.rack })),
            turn && renderTurn(turn),
            step?.best_placements && h("label", { class: "check" },
              h("input", { type: "checkbox", id: "show-best", checked: state.showBest,
                onchange: (e) => { state.showBest = e.target.checked; render(); } }), t("analysis.show_best"))),
        ),
        h("div", { class: "analysis-side" },
          renderTotals(result.analysis),
          result.analysis.win_chances && renderMistakes(result.analysis),
          h("div", { class: "row" },
            h("a", { class: "btn", href: download, download: "", id: "analysis-gcg" }, t("analysis.download")),
            isMatch && h("a", { class: "btn", href: `#/match/${ref}` }, t("analysis.back_to_match")),
            h("a", { class: "btn", href: "#/analysis" }, t("analysis.upload_other"))),
          renderTurns(result.analysis, all),
        ),
      ),
    );
  }

  /** The move played or the best move of `turn`, in words, with its score if it is a play. */
  function turnMove(turn, played, scoreOf = (score) => ` (${score})`) {
    const text = played ? turn.played : turn.best;
    const score = played ? turn.played_score : turn.best_score;
    const wholeRack = state.analysis.result.analysis.rules.split("@")[0] === "tr";
    const words = moveText(text, { rack: turn.rack, played, wholeRack });
    return text && !scoreless(text) ? `${words}${scoreOf(fmt(score))}` : words;
  }

  /** " · win chance 67.9%" when the analysis has win chances and the move one. */
  const winOf = (value) => (value === null || value === undefined ? "" : ` · ${t("analysis.win_chance")} ${pct(value)}`);

  /** A mistake's class as a badge ("Blunder"), or nothing. */
  const mistakeBadge = (name) => (name ? h("span", { class: `mistake-badge mistake-${name}`, "data-mistake": name }, t(`analysis.mistake_${name}`)) : null);

  function renderTurn(turn) {
    const best = turn.loss !== null && turn.loss <= 0;
    const wins = state.analysis.result.analysis.win_chances && turn.win_lost !== null && turn.win_lost !== undefined;
    return h("dl", { class: "turn-analysis", id: "turn-analysis" },
      h("dt", {}, t("analysis.played")), h("dd", { "data-field": "played" }, `${turnMove(turn, true)} · ${t("analysis.equity")} ${fmt(turn.played_equity)}${winOf(turn.played_win)}`),
      h("dt", {}, t("analysis.best")), h("dd", { "data-field": "best" }, turn.best ? `${turnMove(turn, false)} · ${t("analysis.equity")} ${fmt(turn.best_equity)}${winOf(turn.best_win)}` : "—"),
      h("dt", {}, t("analysis.loss")), h("dd", { "data-field": "loss", class: best ? "best" : "" },
        turn.loss === null ? t("analysis.not_analysed", { note: turn.note || "" }) : best ? t("analysis.was_best") : fmt(turn.loss)),
      wins && !best && h("dt", {}, t("analysis.win_lost_short")),
      wins && !best && h("dd", { "data-field": "win-lost" }, turn.mistake
        ? [pct(turn.win_lost), " ", mistakeBadge(turn.mistake)]
        : t("analysis.not_a_mistake", { lost: pct(turn.win_lost) })),
    );
  }

  /** Per player: mistakes by class and the average win chance lost, and how they are classed. */
  function renderMistakes(analysis) {
    const bounds = analysis.mistake_classes || {};
    return h("section", { class: "card", id: "analysis-mistakes" },
      h("h2", {}, t("analysis.mistakes_title")),
      h("div", { class: "table-scroll" }, h("table", { class: "stats-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("end.player")),
          ...MISTAKES.slice().reverse().map((name) => h("th", { scope: "col", title: t(`analysis.mistake_${name}`) }, t(`analysis.col_${name}`))),
          h("th", { scope: "col" }, t("analysis.average_win_lost")))),
        h("tbody", {}, analysis.totals.map((p) => h("tr", { "data-nick": p.nick },
          h("th", { scope: "row" }, nameOf(null, p.nick)),
          ...MISTAKES.slice().reverse().map((name) => h("td", { "data-mistakes": name }, String(p.mistakes?.[name] ?? 0))),
          h("td", { "data-total": "win-lost" }, pct(p.average_win_lost))))))),
      h("p", { class: "muted small", id: "mistake-classes" }, t("analysis.by_win", {
        small: pct(bounds.small), large: pct(bounds.large), blunder: pct(bounds.blunder) })));
  }

  function renderTotals(analysis) {
    return h("section", { class: "card", id: "analysis-totals" },
      h("h2", {}, t("analysis.totals")),
      h("div", { class: "table-scroll" }, h("table", { class: "stats-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("end.player")), h("th", { scope: "col" }, t("analysis.turns")),
          h("th", { scope: "col" }, t("analysis.equity_lost")), h("th", { scope: "col" }, t("analysis.average_loss")),
          h("th", { scope: "col" }, t("analysis.best_moves")))),
        h("tbody", {}, analysis.totals.map((p) => h("tr", { "data-nick": p.nick },
          h("th", { scope: "row" }, nameOf(null, p.nick)), h("td", {}, `${p.analysed}/${p.turns}`),
          h("td", { "data-total": "loss" }, fmt(p.equity_lost)), h("td", {}, fmt(p.average_loss)),
          h("td", {}, String(p.best_moves))))))),
      h("p", { class: "muted small" }, t(analysis.valuation === "equity" ? "analysis.by_equity" : "analysis.by_score", { lexicon: analysis.lexicon })));
  }

  function renderTurns(analysis, all) {
    const stepOf = new Map(all.map((step, i) => [step.turn, i + 1]).filter(([turn]) => turn));
    const wins = Boolean(analysis.win_chances);
    // Without win chances (an analysis stored before them) a large equity loss stands out.
    const marked = (turn) => (wins ? (turn.mistake ? `mistake-${turn.mistake}` : "") : turn.loss >= 10 ? "costly" : "");
    return h("section", { class: "card", id: "analysis-turns" },
      h("h2", {}, t("analysis.turns_title")),
      h("div", { class: "table-scroll" }, h("table", { class: "move-table analysis-table" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("moves.col_player")),
          h("th", { scope: "col" }, t("analysis.played")), h("th", { scope: "col" }, t("analysis.best")),
          h("th", { scope: "col" }, t("analysis.loss")),
          wins && h("th", { scope: "col" }, t("analysis.win_lost_short")))),
        h("tbody", {}, analysis.turns.map((turn) => h("tr", {
          class: `turn-row ${stepOf.get(turn.number) === state.step ? "current" : ""} ${marked(turn)}`,
          "data-turn": turn.number, tabindex: "0", onclick: () => go_(stepOf.get(turn.number) || 0),
          onkeydown: (e) => { if (e.key === "Enter") go_(stepOf.get(turn.number) || 0); },
        },
        h("td", {}, String(turn.number)), h("td", { class: "move-player", title: nameOf(turn.seat, turn.nick) }, nameOf(turn.seat, turn.nick)),
        h("td", { class: "move-what" }, turnMove(turn, true, (score) => ` ${score}`)),
        h("td", { class: "move-what" }, turn.best ? turnMove(turn, false, (score) => ` ${score}`) : "—"),
        h("td", { class: "move-score" }, fmt(turn.loss)),
        wins && h("td", { class: "move-score win-lost", title: turn.mistake ? t(`analysis.mistake_${turn.mistake}`) : null },
          pct(turn.win_lost), turn.mistake && h("span", { class: "visually-hidden" }, ` ${t(`analysis.mistake_${turn.mistake}`)}`))))))));
  }

  function poll() {
    if (state.analysis?.status === "running" && !timer) timer = setInterval(() => fetchAnalysis(false), POLL_MS);
  }

  // A finished match's analysis is started on first visit; an upload exists already.
  await fetchAnalysis(isMatch);
  poll();
  if (state.error && !state.analysis) toast(state.error, "error");
  return () => {
    clearInterval(timer);
    document.removeEventListener("keydown", onKey);
  };
}
