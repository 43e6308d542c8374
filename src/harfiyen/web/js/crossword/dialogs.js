// The crossword dialogs: a blank's letter, the score breakdown, choosing tiles to exchange.
import { h } from "../dom.js";
import { t } from "../i18n.js";
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

/** The score breakdown of a play: each word's letters, multipliers and score. */
export function showBreakdown(event, playerName) {
  const b = event.breakdown;
  return modal(t("breakdown.title", { name: playerName }), (close) => h("div", { class: "breakdown" },
    h("table", { class: "breakdown-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("breakdown.word")),
        h("th", { scope: "col" }, t("breakdown.letters")),
        h("th", { scope: "col" }, t("breakdown.multiplier")),
        h("th", { scope: "col" }, t("breakdown.score")))),
      h("tbody", {},
        b.words.map((w) => h("tr", {},
          h("td", { class: "word" }, w.word,
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
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn btn-primary", onclick: () => close(true) }, t("common.close"))),
  ));
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
