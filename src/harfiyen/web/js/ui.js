// Toasts and modal dialogs (native <dialog>), shared by every page.
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast toast-${kind}` }, text);
  box.append(item);
  setTimeout(() => item.remove(), 4000);
}

/**
 * A modal dialog. `build(close)` returns its body; resolves with what close() got
 * (Escape or the backdrop resolve with null).
 */
export function modal(title, build, { className = "" } = {}) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: `dialog ${className}`, "aria-label": title });
    let done = false;
    const close = (value) => {
      if (done) return;
      done = true;
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); close(null); });
    dialog.addEventListener("click", (e) => { if (e.target === dialog) close(null); });
    dialog.append(h("h2", { class: "dialog-title" }, title), build(close));
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** Yes/no confirmation; resolves true only on the confirming button. */
export function confirmDialog(title, text, okLabel, { danger = false } = {}) {
  return modal(title, (close) => h("div", {},
    h("p", {}, text),
    h("div", { class: "dialog-actions" },
      h("button", { type: "button", class: "btn", onclick: () => close(false) }, t("common.cancel")),
      h("button", { type: "button", class: `btn ${danger ? "btn-danger" : "btn-primary"}`,
        "data-confirm": "", onclick: () => close(true) }, okLabel),
    ),
  )).then((value) => value === true);
}
