// Toasts and modal dialogs (native <dialog>), shared by every page.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * A short message at the top. `link` ({href, label}) and `actions` ([{label, onclick, id}])
 * make it clickable; a toast with actions stays longer, since it asks for a decision.
 */
export function toast(text, kind = "info", { link = null, actions = [], timeout = null, key = null } = {}) {
  const box = document.getElementById("toasts");
  // A toast with a key replaces the one before it (the moves of a busy table, one at a time).
  if (key) for (const old of box.querySelectorAll(`[data-key="${key}"]`)) old.remove();
  const close = () => item.remove();
  const interactive = Boolean(link || actions.length);
  const item = h("div", { class: `toast toast-${kind} ${interactive ? "toast-interactive" : ""}`, "data-key": key },
    h("span", { class: "toast-text" }, text),
    interactive && h("span", { class: "toast-actions" },
      link && h("a", { class: "toast-link", href: link.href, onclick: close }, link.label),
      actions.map((action) => h("button", {
        type: "button", class: "toast-button", id: action.id || null,
        onclick: () => { close(); action.onclick(); },
      }, action.label)),
    ),
  );
  box.append(item);
  setTimeout(close, timeout ?? (actions.length ? 12000 : link ? 7000 : 4000));
  return item;
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
