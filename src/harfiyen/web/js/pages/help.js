// The rules of each game, in the interface language (/help/<lang>.json, written by the
// project). The crossword pages add the tile table from the engine's rules data.
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { loadRules } from "../crossword/rules.js";

const cache = {};

export async function loadHelp(lang) {
  cache[lang] ??= fetch(`/help/${lang}.json`).then((response) => {
    if (!response.ok) throw new Error(`help: HTTP ${response.status}`);
    return response.json();
  });
  return cache[lang];
}

function tileTable(rules, family) {
  const data = rules.families[family];
  const letters = Object.keys(data.counts);
  return h("div", { class: "table-scroll" }, h("table", { class: "tile-table", id: "tile-table" },
    h("caption", {}, t("help.tiles_caption", { n: data.total_tiles })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("help.tile")), h("th", { scope: "col" }, t("help.count")),
      h("th", { scope: "col" }, t("help.value")))),
    h("tbody", {},
      letters.map((letter) => h("tr", {}, h("th", { scope: "row" }, letter), h("td", {}, String(data.counts[letter])),
        h("td", {}, String(data.values[letter])))),
      h("tr", {}, h("th", { scope: "row" }, t("rack.blank")), h("td", {}, String(data.blanks)), h("td", {}, "0")))));
}

export async function renderHelp(root, game) {
  const [help, rules] = await Promise.all([loadHelp(language()), loadRules()]);
  if (!game || !help[game]) {
    mount(root, h("div", { class: "page help", id: "help" },
      h("h1", { class: "page-title" }, t("help.title")),
      h("ul", { class: "list card" }, help.games.map((name) => h("li", { class: "list-item" },
        h("a", { class: "match-link", href: `#/rules/${name}`, id: `help-${name}` },
          h("strong", {}, help[name].title), h("span", { class: "muted" }, help[name].summary))))),
    ));
    return null;
  }
  const doc = help[game];
  mount(root, h("article", { class: "page help card", id: "help", "data-game": game, lang: language() },
    h("p", {}, h("a", { href: "#/rules" }, t("help.all_games"))),
    h("h1", {}, doc.title),
    h("p", { class: "lead" }, doc.summary),
    rulesSections(doc, rules, familyOf(game)),
  ));
  return null;
}

/** The crossword rules family whose tile table a rules page shows, if any. */
export function familyOf(game) {
  return game === "crossword-tr" ? "tr" : game === "crossword-en" ? "en" : null;
}

/** A game's rules, section by section (the rules page, and the dialog at the table). */
export function rulesSections(doc, rules, family, heading = "h2") {
  return doc.sections.map((section) => h("section", { class: "help-section" },
    h(heading, {}, section.heading),
    (section.paragraphs || []).map((text) => h("p", {}, text)),
    section.items && h("ul", {}, section.items.map((text) => h("li", {}, text))),
    section.table === "tiles" && family && tileTable(rules, family)));
}
