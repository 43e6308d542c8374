// An invitation link: the phone's own share sheet where the browser has one, otherwise a
// copy to the clipboard (desktop browsers).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";

const canShare = () => typeof navigator.share === "function";

/** The button that shares (or copies) `link`; `title` names what is shared. */
export function shareButton(link, title, { id = null } = {}) {
  return h("button", { type: "button", class: "btn", id, "data-share": canShare() ? "native" : "copy", onclick: () => {
    if (canShare()) {
      // Closing the share sheet rejects the promise: nothing went wrong.
      navigator.share({ title, text: title, url: link }).catch(() => {});
      return;
    }
    navigator.clipboard?.writeText(link).then(() => toast(t("match.copied")), () => {});
  } }, t(canShare() ? "share.button" : "match.copy"));
}
