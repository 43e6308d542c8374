// The crossword dialogs: a blank's letter, the score breakdown, choosing tiles to exchange.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { get } from "../api.js";
import { modal } from "../ui.js";
import { alphabet, letterValue } from "./rules.js";

/** Resolves with the letter chosen for a blank, or null. */
export function chooseBlankLetter(rulesKey) {
  return modal(t("blank.title"), (close) => h("div", {},
    h("p", { class: "muted" }, t("blank.hint")),
    h("div", { class: "letter-grid" }, alphabet(rulesKey).map((letter) => h("button", {
      type: "button", class: "letter-choice", "data-letter": letter,
      "aria-label": t("blank.choose", { letter }), onclick: () => close(letter),
    }, letter))),
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn", onclick: () => close(null) }, t("common.cancel"))),
  ), { className: "blank-dialog" });
}

/**
 * The score breakdown of a play: each word's letters, multipliers and score. With the
 * word language `lang` each word is a button that shows its meanings below the table.
 */
export function showBreakdown(event, playerName, { lang = null } = {}) {
  const b = event.breakdown;
  const meanings = h("div", { class: "meanings-slot", id: "breakdown-meanings", "aria-live": "polite" });
  const wordCell = (word) => (lang
    ? h("button", {
      type: "button", class: "link-button breakdown-word", "data-word": word, "aria-controls": "breakdown-meanings",
      "aria-label": t("meanings.show", { word }),
      onclick: () => mount(meanings, meaningsPanel(lang, word)),
    }, word)
    : word);
  return modal(t("breakdown.title", { name: playerName }), (close) => h("div", { class: "breakdown" },
    h("table", { class: "breakdown-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("breakdown.word")),
        h("th", { scope: "col" }, t("breakdown.letters")),
        h("th", { scope: "col" }, t("breakdown.multiplier")),
        h("th", { scope: "col" }, t("breakdown.score")))),
      h("tbody", {},
        b.words.map((w) => h("tr", {},
          h("td", { class: "word" }, wordCell(w.word),
            w.premiums.length > 0 && h("span", { class: "muted small" },
              ` (${w.premiums.map((p) => `${p.square} ${t(`premium.${p.premium}`)}`).join(", ")})`)),
          h("td", {}, String(w.letter_sum)),
          h("td", {}, w.word_multiplier > 1 ? `×${w.word_multiplier}` : "—"),
          h("td", {}, String(w.score)))),
        b.bingo > 0 && h("tr", {}, h("td", { colspan: 3 }, t("breakdown.bingo")), h("td", {}, `+${b.bingo}`)),
        b.bonus_square > 0 && h("tr", {}, h("td", { colspan: 3 }, t("breakdown.bonus_square")), h("td", {}, `+${b.bonus_square}`)),
      ),
      h("tfoot", {}, h("tr", {}, h("th", { colspan: 3, scope: "row" }, t("breakdown.total")), h("th", {}, String(b.total)))),
    ),
    lang && h("p", { class: "muted small" }, t("meanings.tap_word")),
    meanings,
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn btn-primary", onclick: () => close(true) }, t("common.close"))),
  ));
}

/**
 * The meanings of `word` (word language `lang`), fetched when built: a loading line,
 * then the senses, "no meaning found" or the error. A meaning never makes a word valid.
 */
export function meaningsPanel(lang, word, { title = true } = {}) {
  const body = h("div", { class: "meanings-body" }, h("p", { class: "muted" }, t("meanings.loading")));
  const panel = h("section", {
    class: "meanings", "data-word": word, "data-state": "loading", "aria-busy": "true",
    "aria-label": t("meanings.title", { word }),
  }, title && h("h3", { class: "meanings-title" }, t("meanings.title", { word })), body);
  const done = (state, ...children) => {
    panel.dataset.state = state;
    panel.removeAttribute("aria-busy");
    mount(body, ...children);
  };
  get(`/meanings/${encodeURIComponent(lang)}/${encodeURIComponent(word)}`).then((data) => {
    const senses = data.meanings || [];
    if (senses.length === 0) {
      done("none", h("p", { class: "muted" }, t("meanings.none", { word })));
      return;
    }
    done("found",
      h("ol", { class: "meanings-list" }, senses.map((m) => h("li", {},
        (m.pos_name || m.pos) && h("span", { class: "meaning-pos muted" }, `${m.pos_name || m.pos} `),
        h("span", { class: "meaning-definition" }, m.definition),
        (m.examples || []).slice(0, 1).map((example) => h("q", { class: "meaning-example muted small" }, example))))),
      h("p", { class: "muted small" }, t("meanings.not_validity")));
  }, (problem) => {
    done("error", h("p", { class: "meanings-error" }, t("meanings.error", { message: problem.message })));
  });
  return panel;
}

/** The meanings of one word in a dialog of its own (e.g. a word of the live preview). */
export function showMeanings(lang, word) {
  return modal(t("meanings.title", { word }), (close) => h("div", {},
    meaningsPanel(lang, word, { title: false }),
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn btn-primary", onclick: () => close(true) }, t("common.close"))),
  ), { className: "meanings-dialog" });
}

/** en: choose which tiles to exchange (resolves with letters, or null). */
export function chooseExchange(rulesKey, rack) {
  const chosen = new Set();
  return modal(t("exchange.title"), (close) => h("div", {},
    h("p", {}, t("exchange.choose")),
    h("div", { class: "rack exchange-rack" }, rack.map((letter, i) => h("button", {
      type: "button", class: "tile rack-tile", "aria-pressed": "false",
      onclick: (e) => {
        if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
        e.currentTarget.setAttribute("aria-pressed", chosen.has(i) ? "true" : "false");
        e.currentTarget.classList.toggle("selected", chosen.has(i));
      },
    }, h("span", { class: "tile-letter" }, letter === "?" ? "" : letter),
    h("span", { class: "tile-value" }, letter === "?" ? "" : String(letterValue(rulesKey, letter)))))),
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn", onclick: () => close(null) }, t("common.cancel")),
      h("button", { type: "button", class: "btn btn-primary", "data-confirm": "",
        onclick: () => close(chosen.size ? [...chosen].map((i) => rack[i]) : null) }, t("exchange.confirm"))),
  ));
}
