// The 5×5 board of Kelime Casusu: cards as buttons with a label for screen readers, the
// key shown to spymasters by colour and by a sign that needs no colour, arrow-key moves.
import { h } from "../dom.js";
import { t, upper } from "../i18n.js";

// The terminal's signs for the key, so a colour-blind spymaster reads the same board.
export const CUES = { red: "▲", blue: "■", neutral: "●", black: "✖" };
export const TEAMS = ["red", "blue"];
const SIDE = 5;

/** The name of a colour in the interface language (red, blue, neutral, the black word). */
export function colourName(colour) {
  return t(`cn.colour_${colour}`);
}

export function cardWord(view, card) {
  return upper(card.word, view.language);
}

/**
 * The board. `options`:
 * - `showKey`: colour covered cards by the key (only a view with `key_visible` has it);
 * - `marks`: Map card index -> names of the guessers who marked it;
 * - `selected`: my marked card; `playable`: cards react to taps; `onCard(index)`;
 * - `focusIndex`: the card that holds the keyboard focus (the grid is one tab stop).
 */
// A word never breaks on its card: style.css shrinks its font to the card's width for its
// number of letters.
function wordOnCard(word) {
  const span = h("span", { class: "cn-word" }, word);
  span.style.setProperty("--letters", String([...word].length));
  return span;
}

export function renderCards(view, options = {}) {
  const { showKey = false, marks = new Map(), selected = null, playable = false, onCard = null, table = false } = options;
  const focusIndex = options.focusIndex ?? 0;
  const cards = view.cards.map((card) => {
    const colour = card.colour && (card.revealed || showKey) ? card.colour : null;
    const word = cardWord(view, card);
    const markedBy = marks.get(card.index) || [];
    const parts = [word];
    if (card.revealed) parts.push(t("cn.card_revealed", { colour: colourName(card.colour) }));
    else if (colour) parts.push(t("cn.card_key", { colour: colourName(colour) }));
    else parts.push(t("cn.card_covered"));
    if (markedBy.length) parts.push(t("cn.card_marked", { names: markedBy.join(", ") }));
    if (selected === card.index) parts.push(t("cn.card_tap_again"));
    const classes = ["cn-card", colour ? `colour-${colour}` : "colour-unknown",
      card.revealed ? "revealed" : "covered", showKey && !card.revealed ? "key" : "",
      markedBy.length ? "marked" : "", selected === card.index ? "selected" : ""].filter(Boolean).join(" ");
    const inner = [
      wordOnCard(word),
      colour && h("span", { class: "cn-cue", "aria-hidden": "true", "data-cue": colour }, CUES[colour]),
      markedBy.length > 0 && h("span", { class: "cn-marks", "aria-hidden": "true" }, markedBy.join(", ")),
    ];
    if (table) {
      return h("div", { class: classes, role: "gridcell", "data-index": card.index, "data-revealed": String(card.revealed),
        "data-colour": colour, "aria-label": parts.join(" — ") }, inner);
    }
    return h("button", {
      type: "button", class: classes, "data-index": card.index, "data-revealed": String(card.revealed),
      "data-colour": colour, "aria-label": parts.join(" — "),
      "aria-disabled": playable && !card.revealed ? null : "true",
      "aria-pressed": selected === card.index ? "true" : null,
      tabindex: card.index === focusIndex ? "0" : "-1",
      onclick: () => { if (playable && !card.revealed && onCard) onCard(card.index); },
    }, inner);
  });
  const grid = h("div", {
    class: `cn-board ${showKey ? "with-key" : ""} ${table ? "table" : ""}`, id: "cn-board", role: table ? "grid" : "group",
    "aria-label": t(showKey ? "cn.board_key" : "cn.board"),
  }, table ? chunk(cards) : cards);
  if (!table) grid.addEventListener("keydown", (event) => moveFocus(grid, event, options.onFocus));
  return grid;
}

function chunk(cells) {
  const rows = [];
  for (let r = 0; r < SIDE; r += 1) rows.push(h("div", { role: "row", class: "cn-row" }, cells.slice(r * SIDE, (r + 1) * SIDE)));
  return rows;
}

/** Arrow keys, Home and End move between cards; Enter and Space press the card (a button). */
function moveFocus(grid, event, onFocus) {
  const buttons = [...grid.querySelectorAll(".cn-card")];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIDE, ArrowDown: SIDE }[event.key];
  let next = null;
  if (step !== undefined) next = at + step;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  if (next === null) return;
  event.preventDefault();
  if (next < 0 || next >= buttons.length) return;
  buttons[at].tabIndex = -1;
  buttons[next].tabIndex = 0;
  buttons[next].focus();
  onFocus?.(next);
}

/** The clue log: each clue with its team, word, number and the guesses in their colours. */
export function renderClueLog(view, { nameOf = null, notes = [] } = {}) {
  // A note names its clue by seat, word and number (the log has no event numbers).
  const noteKey = (seat, word, number) => `${seat}:${upper(word, view.language)}:${number}`;
  const meant = new Map(notes.filter((n) => n.kind === "clue" && Array.isArray(n.meant))
    .map((n) => [noteKey(n.seat, n.word, n.number), n.meant]));
  const clues = view.clues || [];
  return h("section", { class: "cn-log card", id: "cn-log", "aria-label": t("cn.log") },
    h("h2", {}, t("cn.log")),
    clues.length === 0 ? h("p", { class: "muted" }, t("cn.log_empty")) : h("ol", { class: "cn-clues" },
      clues.map((clue, i) => {
        const words = meant.get(noteKey(clue.seat, clue.word, clue.number));
        return h("li", { class: `cn-clue team-${clue.team}`, "data-clue": i, "data-team": clue.team },
          h("span", { class: "cn-clue-head" },
            h("span", { class: `cn-team-dot team-${clue.team}`, "aria-hidden": "true" }, CUES[clue.team]),
            h("span", { class: "visually-hidden" }, t(`cn.team_${clue.team}`), ": "),
            h("strong", { class: "cn-clue-word" }, upper(clue.word, view.language)),
            " ", h("span", { class: "cn-clue-number" }, String(clue.number)),
            nameOf && h("span", { class: "muted small" }, ` — ${nameOf(clue.seat)}`)),
          clue.guesses.length > 0 && h("ul", { class: "cn-guesses" }, clue.guesses.map((g) =>
            h("li", { class: `cn-guess colour-${g.colour}`, "data-colour": g.colour,
              "aria-label": `${upper(g.word, view.language)} — ${colourName(g.colour)}` },
            h("span", { "aria-hidden": "true" }, CUES[g.colour]), " ", upper(g.word, view.language)))),
          clue.timed_out && h("p", { class: "cn-timed-out muted small", "data-timed-out": i }, t("cn.log_timed_out")),
          words && h("p", { class: "cn-meant small", "data-meant": i },
            t("cn.ai_meant", { words: words.map((w) => upper(w, view.language)).join(", ") })),
        );
      })),
  );
}

/** Words left per team and guesses left under the current clue. */
export function renderCounters(view) {
  const teams = TEAMS.filter((team) => view.seats.some((s) => s.team === team) || team === "red");
  const clue = view.current_clue;
  return h("div", { class: "cn-counters", id: "cn-counters" },
    teams.map((team) => h("span", { class: `cn-left team-${team}`, "data-left": team },
      h("span", { "aria-hidden": "true" }, CUES[team]), " ",
      t("cn.words_left", { team: t(`cn.team_${team}`), n: view.remaining[team] }))),
    clue && !view.outcome && h("span", { class: "cn-guesses-left", id: "cn-guesses-left" },
      t("cn.guesses_left", { n: clue.guesses_left })),
  );
}
