// Sözlük: is a word in a lexicon (the list a match accepts words from), and what it means
// (WordNet definitions, a separate source: a meaning never makes a word valid).
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { get } from "../api.js";
import { meaningsPanel } from "../crossword/dialogs.js";

export async function renderDictionary(root) {
  const { lexicons, default: defaults } = await get("/lexicons");
  let chosen = defaults[language()] || lexicons[0].id;
  const error = h("p", { class: "form-error", role: "alert", id: "dictionary-error" });
  const results = h("div", { class: "dictionary-results", id: "dictionary-results", "aria-live": "polite" });
  const input = h("input", { id: "dictionary-words", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
    placeholder: t("dictionary.placeholder"), "aria-describedby": "dictionary-hint" });
  const picker = h("select", { id: "dictionary-lexicon", onchange: (e) => { chosen = e.target.value; } },
    lexicons.map((lx) => h("option", { value: lx.id, selected: lx.id === chosen },
      t("dictionary.lexicon_option", { id: lx.id, language: t(`lobby.rules_${lx.language}`), n: lx.words.toLocaleString(language() === "tr" ? "tr-TR" : "en-GB") }))));

  const check = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const words = input.value.trim();
    if (!words) {
      error.textContent = t("dictionary.empty");
      return;
    }
    try {
      const data = await get(`/lexicons/${encodeURIComponent(chosen)}/check?words=${encodeURIComponent(words)}`);
      const lang = data.language;
      mount(results, h("ul", { class: "list" }, data.results.map((r) => h("li", {
        class: `list-item word-result ${r.valid ? "valid" : "invalid"}`, "data-word": r.word, "data-valid": String(r.valid),
      },
      h("span", { class: "word-verdict" },
        h("strong", {}, r.word), " ",
        h("span", { class: `badge ${r.valid ? "badge-ok" : "badge-no"}` },
          r.valid ? t("dictionary.valid", { lexicon: data.lexicon })
            : t(r.reason ? `dictionary.invalid_${r.reason}` : "dictionary.invalid", { lexicon: data.lexicon }))),
      !r.reason && h("button", { type: "button", class: "btn btn-small", "data-meaning": r.word,
        onclick: (e) => {
          const item = e.currentTarget.closest("li");
          item.querySelector(".meanings")?.remove();
          item.append(meaningsPanel(lang, r.word));
        } }, t("dictionary.meaning"))))));
    } catch (problem) {
      error.textContent = problem.message;
    }
  };

  mount(root, h("div", { class: "page dictionary", id: "dictionary" },
    h("h1", { class: "page-title" }, t("dictionary.title")),
    h("section", { class: "card" },
      h("form", { class: "form", onsubmit: check },
        h("label", { for: "dictionary-lexicon" }, t("dictionary.lexicon")), picker,
        h("label", { for: "dictionary-words" }, t("dictionary.words")),
        h("div", { class: "row" }, input, h("button", { type: "submit", class: "btn btn-primary", id: "dictionary-check" }, t("dictionary.check"))),
        h("p", { class: "hint", id: "dictionary-hint" }, t("dictionary.hint")),
        error),
      results,
      h("p", { class: "muted small" }, t("dictionary.meanings_note"))),
  ));
}
