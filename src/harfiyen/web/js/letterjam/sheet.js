// The guess sheet (tahmin kağıdı): the letters a player thinks they have, one per position,
// and every clue with `?` at their own places. Kept on the server per seat
// (GET/PUT /api/matches/{id}/sheet), so it survives a reload or another device; while a
// server has no sheets yet, the notes stay in this browser and the clue rows come from the
// seat's view. After the end everyone's sheet is shown.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { api } from "../api.js";
import { clueTiles, letterText } from "./cards.js";

/** The sheet in an answer, whatever wrapping the server uses: `{sheet}`, `{sheets}` or bare. */
function sheetsOf(out) {
  if (!out || typeof out !== "object") return [];
  if (Array.isArray(out.sheets)) return out.sheets;
  if (out.sheet && typeof out.sheet === "object") return [out.sheet];
  return Array.isArray(out.guesses) ? [out] : [];
}

/** Guesses as letters by position, from `[{position, letter}]` or a plain list. */
function lettersOf(guesses, length) {
  const out = Array.from({ length }, () => null);
  for (const [i, item] of (guesses || []).entries()) {
    const position = item && typeof item === "object" ? item.position : i;
    const letter = item && typeof item === "object" ? item.letter : item;
    if (Number.isInteger(position) && position >= 0 && position < length) out[position] = letter || null;
  }
  return out;
}

export class GuessSheet {
  constructor(matchId) {
    this.matchId = matchId;
    this.remote = null; // null: not known yet; true: the server keeps sheets; false: it does not
    this.notes = [];
    this.all = []; // every seat's sheet after the end (when the server sends them)
    this.storageKey = `harfiyen.lj_sheet.${matchId}`;
    this.version = 0;
  }

  /** Take a sheet the server sent (an answer, or a `sheet` frame from another device). */
  adopt(view, out) {
    const length = view.stands[view.seat ?? 0]?.cards || view.word_length;
    const sheets = sheetsOf(out);
    const mine = sheets.find((sheet) => sheet.seat === view.seat) || (sheets.length === 1 ? sheets[0] : null);
    if (mine && Number.isInteger(mine.version) && mine.version < this.version) return false;
    this.version = mine?.version ?? this.version;
    this.notes = lettersOf(mine?.guesses, length);
    if (Array.isArray(out?.sheets)) this.all = out.sheets;
    return true;
  }

  /** Read the sheet: from the server, else from this browser. */
  async load(view) {
    const length = view.stands[view.seat ?? 0]?.cards || view.word_length;
    try {
      const out = await api("GET", `/matches/${this.matchId}/sheet`);
      if (!out || typeof out !== "object") throw new Error("no sheet");
      this.remote = true;
      this.adopt(view, out);
    } catch {
      this.remote = false;
      let saved = [];
      try {
        saved = JSON.parse(localStorage.getItem(this.storageKey) || "[]");
      } catch {
        saved = [];
      }
      this.notes = lettersOf(saved, length);
    }
    return this.notes;
  }

  note(position) {
    return this.notes[position] ?? null;
  }

  /** Write a note for `position` (null rubs it out). A refusal of the server is thrown
   * (its message is in the user's language) and the note is as it was. */
  async set(view, position, letter) {
    if (this.remote) {
      const out = await api("PUT", `/matches/${this.matchId}/sheet`, { guesses: [{ position, letter: letter || null }] });
      this.adopt(view, out);
      return;
    }
    this.notes[position] = letter || null;
    const guesses = this.notes.map((value, i) => ({ position: i, letter: value || null }));
    localStorage.setItem(this.storageKey, JSON.stringify(guesses));
  }
}

/**
 * The sheet panel for a seat's view: the positions with the recorded guesses (moved past)
 * and notes (still on the stand), then the clue rows. `onNote(position)` opens the note
 * editor of a position; `nameOf(seat)` names a cluegiver.
 */
export function renderSheet(view, sheet, { nameOf, onNote = null, editing = null }) {
  const me = view.seat;
  const stand = view.stands[me];
  const records = view.records || [];
  const positions = Array.from({ length: stand.cards }, (_, i) => i);
  return h("section", { class: "card lj-sheet", id: "lj-sheet", "aria-labelledby": "lj-sheet-title",
    "data-source": sheet.remote ? "server" : "local" },
  h("h2", { id: "lj-sheet-title" }, t("lj.sheet")),
  h("ol", { class: "lj-sheet-positions" }, positions.map((i) => {
    const passed = i < stand.position;
    const current = i === stand.position && stand.has_card;
    const guess = passed ? view.guesses?.[i] ?? null : sheet.note(i);
    const clued = records.filter((r) => r.own_position === i).length;
    const text = guess ? letterText(view, guess) : "?";
    const state = passed ? t("lj.sheet_recorded") : current ? t("lj.sheet_current") : t("lj.sheet_later");
    const label = t("lj.sheet_position", { n: i + 1, letter: guess ? text : t("lj.sheet_unknown"), state, clues: clued });
    return h("li", { class: `lj-sheet-pos ${passed ? "passed" : ""} ${current ? "current" : ""} ${editing === i ? "editing" : ""}`,
      "data-position": i },
    passed || !onNote
      ? h("span", { class: "lj-sheet-letter", "aria-label": label, role: "img" }, text)
      : h("button", { type: "button", class: "lj-sheet-letter", id: `lj-note-${i}`, "aria-label": label,
        "aria-expanded": editing === i ? "true" : "false", onclick: () => onNote(i) }, text),
    clued > 0 && h("span", { class: "lj-sheet-clued", "aria-hidden": "true", title: t("lj.sheet_clued", { n: clued }) }, String(clued)),
    h("span", { class: "lj-sheet-meta small muted", "aria-hidden": "true" }, `${i + 1}`));
  })),
  !sheet.remote && h("p", { class: "hint", id: "lj-sheet-local" }, t("lj.sheet_local")),
  h("h3", {}, t("lj.sheet_clues")),
  records.length === 0 ? h("p", { class: "muted", id: "lj-sheet-empty" }, t("lj.no_clues"))
    : h("ol", { class: "lj-sheet-clues", id: "lj-sheet-clues" }, records.map((record) => h("li", {
      class: "lj-sheet-clue", "data-number": record.number,
    },
    h("span", { class: "lj-sheet-clue-head small" }, t("lj.clue_by", { n: record.number, name: nameOf(record.cluegiver) }),
      record.own_position !== null && record.own_position !== undefined
        && h("span", { class: "lj-own-at" }, " · ", t("lj.own_at", { n: record.own_position + 1 }))),
    clueTiles(view, record.letters, { cards: record.cards })))),
  );
}

/** After the end: each seat's sheet beside the real letters (the outcome has them all). */
export function renderAllSheets(view, sheet, nameOf) {
  const sheets = sheet.all.filter((s) => s && typeof s === "object" && Number.isInteger(s.seat));
  if (sheets.length < 2) return null;
  return h("section", { class: "card lj-all-sheets", id: "lj-all-sheets" },
    h("h2", {}, t("lj.all_sheets")),
    h("ul", { class: "list" }, sheets.map((s) => {
      const length = view.stands[s.seat]?.cards || view.word_length;
      const notes = lettersOf(s.guesses, length);
      const moved = Array.isArray(s.moved_on) ? s.moved_on : [];
      const shown = notes.map((l, i) => moved[i] || l);
      return h("li", { class: "list-item", "data-seat": s.seat },
        h("span", {}, h("strong", {}, nameOf(s.seat))),
        h("span", { class: "lj-mono", "aria-label": t("lj.sheet_of", { letters: shown.map((l) => (l ? letterText(view, l) : "?")).join(" ") }) },
          shown.map((l) => (l ? letterText(view, l) : "?")).join(" ")),
        s.word && h("span", { class: "small muted" }, t("lj.secret"), " ", h("span", { class: "lj-mono" }, letterText(view, s.word))));
    })));
}
