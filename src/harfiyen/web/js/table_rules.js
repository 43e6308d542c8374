// The rules at the table: a "?" in the top bar of a match or room page opens the game's
// rules (the rules page's own text) in a dialog, so nobody leaves the table to read them;
// and first-time hints beside the parts of a table that need explaining, each dismissed
// for good (remembered in this browser).
import { h } from "./dom.js";
import { language, t } from "./i18n.js";
import { modal } from "./ui.js";
import { loadRules } from "./crossword/rules.js";
import { familyOf, loadHelp, rulesSections } from "./pages/help.js";

/** Shows the "?" for the rules page `name` (games/index.js `help`); returns its remover.
 * The top bar is drawn again on every route, which removes it too. */
export function showTableRules(name) {
  const place = document.querySelector("#topbar .topbar-right");
  if (!name || !place) return () => {};
  document.getElementById("table-rules")?.remove();
  const button = h("button", {
    type: "button", class: "btn btn-small table-rules", id: "table-rules", "aria-haspopup": "dialog",
    "aria-label": t("rules.at_table"), title: t("rules.at_table"), onclick: () => openRules(name),
  }, "?");
  place.prepend(button);
  return () => button.remove();
}

async function openRules(name) {
  const [help, rules] = await Promise.all([loadHelp(language()), loadRules()]);
  const doc = help[name];
  if (!doc) return;
  await modal(doc.title, (close) => h("div", { class: "table-rules-body", id: "table-rules-body", lang: language() },
    h("p", { class: "lead" }, doc.summary),
    rulesSections(doc, rules, familyOf(name), "h3"),
    h("div", { class: "row" },
      h("a", { class: "btn", href: `#/rules/${name}`, onclick: () => close(null) }, t("rules.whole_page")),
      h("button", { type: "button", class: "btn btn-primary", id: "table-rules-close", onclick: () => close(null) },
        t("common.close")))), { className: "table-rules-dialog" });
}

const seen = (key) => {
  try {
    return localStorage.getItem(`harfiyen.hint.${key}`) === "1";
  } catch {
    return false; // storage refused (private mode): the hint shows
  }
};

/** A first-time hint (`text`) until its reader dismisses it; null once dismissed. */
export function firstTimeHint(key, text) {
  if (seen(key)) return null;
  const box = h("aside", { class: "first-hint", id: `hint-${key}`, "data-hint": key },
    h("p", {}, text),
    h("button", { type: "button", class: "btn btn-small", id: `hint-${key}-ok`, onclick: () => {
      try {
        localStorage.setItem(`harfiyen.hint.${key}`, "1");
      } catch { /* not remembered: it goes for this page at least */ }
      box.remove();
    } }, t("rules.hint_ok")));
  return box;
}
