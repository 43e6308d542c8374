// Own word packs for Kelime Casusu (#/packs): paste or upload a list, see each bad line
// named, keep the packs on the account; a room can be created with one of them.
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { api, get, post } from "../api.js";
import { confirmDialog, toast } from "../ui.js";

const MAX_FILE_BYTES = 200_000;

function messageOf(message) {
  if (message && typeof message === "object") return message[language()] || message.tr;
  return message || "";
}

export async function renderPacks(root) {
  const form = { name: "", language: "tr", text: "" };
  const errorBox = h("div", { class: "pack-errors", id: "pack-errors", role: "alert" });
  const listBox = h("div", { id: "pack-list" });
  const text = h("textarea", { id: "pack-text", rows: "10", spellcheck: "false", "aria-describedby": "pack-text-hint",
    oninput: (e) => { form.text = e.target.value; } });
  const file = h("input", { type: "file", id: "pack-file", accept: ".txt,.csv,text/plain,text/csv", onchange: readFile });

  async function readFile() {
    const chosen = file.files?.[0];
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      mount(errorBox, h("p", { class: "form-error" }, t("packs.file_too_big")));
      return;
    }
    form.text = await chosen.text();
    text.value = form.text;
    if (!form.name) {
      form.name = chosen.name.replace(/\.[^.]+$/, "").slice(0, 60);
      root.querySelector("#pack-name").value = form.name;
    }
  }

  async function save(event) {
    event.preventDefault();
    mount(errorBox);
    try {
      const pack = await post("/packs", { name: form.name.trim(), language: form.language, text: form.text });
      toast(t("packs.saved", { name: pack.name, n: pack.count }));
      form.text = "";
      text.value = "";
      loadList();
    } catch (problem) {
      const lines = problem.details?.lines || [];
      mount(errorBox,
        h("p", { class: "form-error" }, problem.message),
        lines.length > 0 && h("ul", { class: "pack-bad-lines", id: "pack-bad-lines" }, lines.map((line) =>
          h("li", { "data-line": line.line },
            t("packs.bad_line", { n: line.line, text: line.text, reason: messageOf(line.message) || line.reason })))));
    }
  }

  async function loadList() {
    try {
      const { packs } = await get("/packs");
      mount(listBox, h("h2", {}, t("packs.saved_title")),
        packs.length === 0 ? h("p", { class: "muted" }, t("packs.none")) : h("ul", { class: "list" },
          packs.map((pack) => h("li", { class: "list-item", "data-pack": pack.id },
            h("span", {}, h("strong", {}, pack.name), " ",
              h("span", { class: "muted small" }, `${t(`language.${pack.language}`)} · ${t("packs.count", { n: pack.count })}`)),
            h("button", { type: "button", class: "btn btn-small btn-danger", id: `pack-delete-${pack.id}`,
              onclick: () => remove(pack) }, t("packs.delete"))))));
    } catch (problem) {
      mount(listBox, h("p", { class: "form-error" }, problem.message));
    }
  }

  async function remove(pack) {
    if (!await confirmDialog(t("packs.delete"), t("packs.delete_confirm", { name: pack.name }), t("packs.delete"), { danger: true })) return;
    try {
      await api("DELETE", `/packs/${pack.id}`);
      loadList();
    } catch (problem) {
      toast(problem.message, "error");
    }
  }

  const field = (label, id, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  mount(root, h("div", { class: "page packs page-narrow" },
    h("h1", { class: "page-title" }, t("packs.title")),
    h("p", { class: "muted" }, t("packs.intro")),
    h("form", { class: "card", id: "pack-form", onsubmit: save },
      h("div", { class: "grid2" },
        field(t("packs.name"), "pack-name", h("input", { id: "pack-name", maxlength: "60", required: true, autocomplete: "off",
          oninput: (e) => { form.name = e.target.value; } })),
        field(t("room.language"), "pack-language", h("select", { id: "pack-language", onchange: (e) => { form.language = e.target.value; } },
          ["tr", "en"].map((lang) => h("option", { value: lang }, t(`language.${lang}`)))))),
      field(t("packs.words"), "pack-text", text),
      h("p", { class: "hint", id: "pack-text-hint" }, t("packs.hint")),
      field(t("packs.file"), "pack-file", file),
      errorBox,
      h("div", { class: "row" },
        h("button", { type: "submit", class: "btn btn-primary", id: "pack-save" }, t("packs.save")),
        h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby")))),
    h("section", { class: "card" }, listBox)));
  loadList();
  return null;
}
