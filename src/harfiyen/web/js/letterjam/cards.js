// Harf Takıl pieces shared by the table, the clue builder, the arrangement and the sheet:
// card references as the engine writes them (P1 stand, B1 bonus, N0 pile, * wildcard, S0
// shared letter, O2 own card), the letter picker, and small renderers.
import { h } from "../dom.js";
import { t, upper } from "../i18n.js";

export const WILDCARD = "*";
export const OWN = "?";

/** The letters of the game's deck, in alphabet order (the server sends them in order). */
export function alphabet(view) {
  return Object.keys(view?.deck_letters || {});
}

/** A letter as the game writes it: upper case with the game language's rules. */
export function letterText(view, letter) {
  if (letter === null || letter === undefined || letter === "") return "";
  return upper(String(letter), view.language);
}

/** The seats that may act now, as the engine's to_act says (every seat in a round and at the
 * end; the cluegiver and the seats naming a bonus letter during a clue). */
export function actingSeats(view) {
  const seats = view.stands.map((s) => s.seat);
  if (view.phase === "round" || view.phase === "final") return seats;
  if (view.phase === "clue") return seats.filter((s) => s === view.cluegiver || view.stands[s].bonus_used);
  return [];
}

/** What a clue being built says: its letters, other players used and nonplayer stands used. */
export function shapeOf(refs) {
  const seats = new Set();
  const piles = new Set();
  for (const ref of refs) {
    if (ref[0] === "P" || ref[0] === "B") seats.add(ref.slice(1));
    if (ref[0] === "N") piles.add(ref.slice(1));
  }
  return { length: refs.length, players: seats.size, nonplayers: piles.size };
}

/** The letter `ref` shows to the viewer now (`wild`: the wildcard's chosen letter). */
export function refLetter(view, ref, wild = null) {
  const n = Number(ref.slice(1));
  if (ref === WILDCARD) return wild || WILDCARD;
  if (ref[0] === "P") return view.stands[n]?.card ?? OWN;
  if (ref[0] === "B") return view.stands[n]?.bonus ?? OWN;
  if (ref[0] === "N") return view.piles[n]?.top ?? "";
  if (ref[0] === "S") return view.shared[n] ?? "";
  return "";
}

/** Whether the seat could take a clue token now (red first, then an open green). */
export function hasToken(view, seat) {
  return (view.tokens.red_left[seat] || 0) > 0 || view.tokens.green_open > 0;
}

/** Votes needed to choose the cluegiver: more than half of the players. */
export function majority(view) {
  return Math.floor(view.players / 2) + 1;
}

/** "2/5" for a stand; past the last card the count stops at the end (never "6/5"). */
export function progressText(stand) {
  if (!stand.has_card) return t("lj.progress_done", { n: stand.cards });
  return t("lj.progress", { n: Math.min(stand.position + 1, stand.cards), total: stand.cards });
}

/**
 * A grid of letter buttons (a radio group): tap, or type the letter while the group has the
 * focus. `selected`: the chosen letter; `onPick(letter)`; `id`: the group's id; `label`:
 * its accessible name; `blank`: a label for the "no letter" choice, or null for none.
 */
export function letterPicker(view, { id, label, selected = null, onPick, blank = null, disabled = false }) {
  const letters = alphabet(view);
  const group = h("div", { class: "lj-picker", id, role: "radiogroup", "aria-label": label },
    blank && h("button", {
      type: "button", class: `lj-pick lj-pick-blank ${selected === null ? "chosen" : ""}`, role: "radio",
      "aria-checked": selected === null ? "true" : "false", "data-letter": "", disabled,
      onclick: () => onPick(null),
    }, blank),
    letters.map((letter) => h("button", {
      type: "button", class: `lj-pick ${selected === letter ? "chosen" : ""}`, role: "radio",
      "aria-checked": selected === letter ? "true" : "false", "data-letter": letter, disabled,
      onclick: () => onPick(letter),
    }, letter)));
  group.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    const letter = upper(event.key, view.language);
    if (!letters.includes(letter) || disabled) return;
    event.preventDefault();
    onPick(letter);
  });
  return group;
}

/** A row of numbered tiles: a clue as a seat wrote it down (`?` at its own positions). */
export function clueTiles(view, letters, { cards = [] } = {}) {
  return h("ol", { class: "lj-clue-tiles" }, letters.map((letter, i) => {
    const own = letter === OWN;
    const wild = letter === WILDCARD;
    const name = own ? t("lj.tile_own") : wild ? t("lj.tile_wild") : letterText(view, letter);
    return h("li", {
      class: `lj-tile ${own ? "own" : ""} ${wild ? "wild" : ""}`, "data-ref": cards[i] || null,
      "aria-label": t("lj.tile_label", { n: i + 1, letter: name }),
    },
    h("span", { class: "lj-token-number", "aria-hidden": "true" }, String(i + 1)),
    h("span", { class: "lj-tile-letter", "aria-hidden": "true" }, own ? OWN : letterText(view, letter)));
  }));
}

/** Coloured token dots: `n` of `kind` (red, green, locked), with the count in words. */
/** `n` tokens as dots (at most 12) and, unless `count` is false, their number. */
export function tokenDots(kind, n, label, { count = true } = {}) {
  return h("span", { class: `lj-tokens lj-tokens-${kind}`, "data-tokens": kind, "data-count": n, "aria-label": label,
    role: "img" },
  Array.from({ length: Math.min(n, 12) }, () => h("span", { class: `lj-dot lj-dot-${kind}`, "aria-hidden": "true" })),
  count && h("span", { class: "lj-tokens-n", "aria-hidden": "true" }, String(n)));
}
