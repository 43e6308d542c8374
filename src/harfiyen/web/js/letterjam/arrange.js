// The end arrangement: put one's own cards (known by one's guesses) in the order of a word,
// optionally with the wildcard and the shared bonus letters. Three ways, the same result:
// drag a tile to its place (pointer events: mouse, pen and touch); tap a tile, then tap the
// place; or with the keyboard, focus a tile and move it with the arrow keys (Delete takes an
// extra letter out again).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { WILDCARD, letterText } from "./cards.js";

let lastDrop = 0;

/** The arrangement being made: `word` (slot labels in order) and the chosen tile. */
export class Arrangement {
  constructor(view) {
    this.reset(view);
  }

  reset(view) {
    const stand = view.stands[view.seat];
    const submitted = view.arrangement?.slots;
    this.word = submitted ? [...submitted] : Array.from({ length: stand.cards }, (_, i) => `O${i}`);
    this.wildcard = view.arrangement?.wildcard ?? null;
    this.selected = null;
    this.focusLabel = null;
  }

  /** The optional tiles not in the word: the wildcard and the shared letters. */
  pool(view) {
    return [WILDCARD, ...view.shared.map((_, i) => `S${i}`)].filter((label) => !this.word.includes(label));
  }

  move(label, to) {
    const from = this.word.indexOf(label);
    if (from < 0) this.word.splice(Math.max(0, Math.min(to, this.word.length)), 0, label);
    else {
      this.word.splice(from, 1);
      this.word.splice(Math.max(0, Math.min(to, this.word.length)), 0, label);
    }
  }

  remove(label) {
    if (label.startsWith("O")) return false;
    this.word = this.word.filter((x) => x !== label);
    if (label === WILDCARD) this.wildcard = null;
    if (this.selected === label) this.selected = null;
    return true;
  }

  moveJson() {
    return { kind: "arrange", slots: [...this.word], wildcard: this.word.includes(WILDCARD) ? this.wildcard : null };
  }
}

/** What a tile shows: one's guess for an own card (`?` unknown), the wildcard, a shared letter. */
function tileFace(view, label, arrangement, noteOf) {
  const n = Number(label.slice(1));
  if (label === WILDCARD) return { letter: arrangement.wildcard ? letterText(view, arrangement.wildcard) : WILDCARD, kind: "wild" };
  if (label[0] === "S") return { letter: letterText(view, view.shared[n]), kind: "shared" };
  const stand = view.stands[view.seat];
  const guess = n < stand.position ? view.guesses?.[n] : noteOf(n);
  return { letter: guess ? letterText(view, guess) : "?", kind: "own", index: n };
}

function tileLabel(face, position) {
  const where = position === null ? "" : t("lj.arrange_at", { n: position + 1 });
  if (face.kind === "wild") return `${t("lj.wildcard")} ${face.letter === WILDCARD ? "" : face.letter} ${where}`.trim();
  if (face.kind === "shared") return `${t("lj.shared_letter", { letter: face.letter })} ${where}`.trim();
  return `${t("lj.own_card", { n: face.index + 1, letter: face.letter })} ${where}`.trim();
}

/**
 * The arrangement panel. `onChange()` re-renders; the panel keeps no state of its own.
 */
export function renderArrangement(view, arrangement, { noteOf, onChange, disabled = false }) {
  const changed = (focusLabel = null) => {
    arrangement.focusLabel = focusLabel;
    onChange();
  };
  const tile = (label, position) => {
    const face = tileFace(view, label, arrangement, noteOf);
    const inWord = position !== null;
    return h("button", {
      type: "button", class: `lj-arr-tile ${face.kind} ${arrangement.selected === label ? "selected" : ""}`,
      "data-slot": label, "data-letter": face.letter, "aria-pressed": arrangement.selected === label ? "true" : "false",
      "aria-label": tileLabel(face, position), disabled,
      onclick: () => {
        // The click that follows a drag is not a tap.
        if (Date.now() - lastDrop < 400) return;
        if (!inWord) {
          // A tap on an extra letter puts it where the chosen tile is, or at the end.
          const at = arrangement.selected ? arrangement.word.indexOf(arrangement.selected) : arrangement.word.length;
          arrangement.move(label, at < 0 ? arrangement.word.length : at);
          arrangement.selected = null;
          changed(label);
          return;
        }
        if (arrangement.selected && arrangement.selected !== label) {
          arrangement.move(arrangement.selected, position);
          const moved = arrangement.selected;
          arrangement.selected = null;
          changed(moved);
          return;
        }
        arrangement.selected = arrangement.selected === label ? null : label;
        changed(label);
      },
      onkeydown: (event) => {
        if (!inWord) return;
        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[event.key];
        if (step !== undefined) {
          event.preventDefault();
          arrangement.move(label, position + step);
          changed(label);
        } else if (event.key === "Home" || event.key === "End") {
          event.preventDefault();
          arrangement.move(label, event.key === "Home" ? 0 : arrangement.word.length);
          changed(label);
        } else if ((event.key === "Delete" || event.key === "Backspace") && arrangement.remove(label)) {
          event.preventDefault();
          changed(null);
        }
      },
    },
    h("span", { class: "lj-arr-letter", "aria-hidden": "true" }, face.letter),
    face.kind === "own" && h("span", { class: "lj-arr-index", "aria-hidden": "true" }, String(face.index + 1)),
    face.kind === "wild" && h("span", { class: "lj-arr-index", "aria-hidden": "true" }, WILDCARD),
    face.kind === "shared" && h("span", { class: "lj-arr-index", "aria-hidden": "true" }, "+"));
  };
  const word = h("ol", { class: "lj-arr-word", id: "lj-arr-word", "aria-label": t("lj.arrange_word") },
    arrangement.word.map((label, i) => h("li", { class: "lj-arr-place", "data-place": i }, tile(label, i))));
  const pool = arrangement.pool(view);
  const selectedExtra = arrangement.selected && !arrangement.selected.startsWith("O");
  const panel = h("div", { class: "lj-arrange-body" },
    h("p", { class: "hint", id: "lj-arrange-hint" }, t("lj.arrange_hint")),
    word,
    pool.length > 0 && h("div", { class: "lj-arr-pool-box" },
      h("p", { class: "small muted" }, t("lj.arrange_extras")),
      h("div", { class: "lj-arr-pool", id: "lj-arr-pool", role: "group", "aria-label": t("lj.arrange_extras") },
        pool.map((label) => tile(label, null)))),
    selectedExtra && h("button", { type: "button", class: "btn btn-small", id: "lj-arr-remove", disabled,
      onclick: () => { arrangement.remove(arrangement.selected); changed(null); } }, t("lj.arrange_remove")),
  );
  if (!disabled) enableDrag(word, panel, arrangement, changed);
  return panel;
}

/** Drag a tile (from the word or the extras) onto a place in the word. */
function enableDrag(word, panel, arrangement, changed) {
  let drag = null;
  panel.addEventListener("pointerdown", (event) => {
    const source = event.target.closest(".lj-arr-tile");
    if (!source || event.button > 0) return;
    drag = { label: source.dataset.slot, x: event.clientX, y: event.clientY, source, ghost: null, moved: false };
  });
  panel.addEventListener("pointermove", (event) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
    if (!drag.moved) {
      drag.moved = true;
      panel.setPointerCapture?.(event.pointerId);
      drag.ghost = drag.source.cloneNode(true);
      drag.ghost.classList.add("lj-arr-ghost");
      drag.ghost.setAttribute("aria-hidden", "true");
      document.body.append(drag.ghost);
      drag.source.classList.add("dragging");
    }
    event.preventDefault();
    drag.ghost.style.left = `${event.clientX - 20}px`;
    drag.ghost.style.top = `${event.clientY - 24}px`;
    const at = dropIndex(word, event.clientX, event.clientY);
    for (const place of word.children) place.classList.toggle("drop-before", Number(place.dataset.place) === at);
  });
  const finish = (event) => {
    if (!drag) return;
    const done = drag;
    drag = null;
    done.ghost?.remove();
    done.source.classList.remove("dragging");
    if (!done.moved) return; // a tap: the button's click handles it
    const at = dropIndex(word, event.clientX, event.clientY);
    const from = arrangement.word.indexOf(done.label);
    const box = word.getBoundingClientRect();
    const inside = event.clientY >= box.top - 40 && event.clientY <= box.bottom + 40;
    if (!inside && from >= 0) {
      lastDrop = Date.now();
      if (arrangement.remove(done.label)) changed(null);
      else changed(done.label);
      return;
    }
    if (!inside) return;
    arrangement.move(done.label, from >= 0 && from < at ? at - 1 : at);
    arrangement.selected = null;
    lastDrop = Date.now();
    changed(done.label);
  };
  panel.addEventListener("pointerup", finish);
  panel.addEventListener("pointercancel", (event) => { if (drag) { drag.moved = false; finish(event); } });
}

/** The place a tile dropped at (x, y) goes to: before the first tile whose middle is right of x. */
function dropIndex(word, x, y) {
  const places = [...word.children];
  for (const [i, place] of places.entries()) {
    const box = place.getBoundingClientRect();
    const sameRow = y >= box.top - 8 && y <= box.bottom + 8;
    if (sameRow && x < box.left + box.width / 2) return i;
    if (y < box.top - 8) return i;
  }
  return places.length;
}
