// Sign in, register, or play at once as a guest.
import { h, mount } from "../dom.js";
import { language, t } from "../i18n.js";
import { post } from "../api.js";
import { signedIn } from "../session.js";
import { afterSignIn } from "../router.js";

export function renderAuth(root) {
  let mode = "login";
  const render = () => {
    const error = h("p", { class: "form-error", role: "alert" });
    // No pattern: the browser's bubble would speak its own language; the server's refusal
    // explains the username rule in the page's language.
    const username = h("input", { id: "auth-username", name: "username", autocomplete: "username",
      required: true, maxlength: 64, autocapitalize: "none", spellcheck: "false",
      "aria-describedby": mode === "register" ? "auth-rules" : null });
    const password = h("input", { id: "auth-password", name: "password", type: "password", required: true,
      autocomplete: mode === "login" ? "current-password" : "new-password",
      minlength: mode === "login" ? null : 8 });
    const displayName = h("input", { id: "auth-display", name: "display_name", maxlength: 64 });
    const submit = async (event) => {
      event.preventDefault();
      error.textContent = "";
      try {
        let out;
        if (mode === "login") {
          out = await post("/auth/login", { username: username.value, password: password.value });
        } else {
          const body = { username: username.value, password: password.value, language: language() };
          if (displayName.value.trim()) body.display_name = displayName.value.trim();
          out = await post("/auth/register", body);
        }
        signedIn(out.user, { adopt: mode === "login" });
        afterSignIn();
      } catch (problem) {
        error.textContent = problem.message;
      }
    };
    const guest = async () => {
      error.textContent = "";
      try {
        const out = await post("/auth/guest");
        signedIn(out.user);
        afterSignIn();
      } catch (problem) {
        error.textContent = problem.message;
      }
    };
    mount(root, h("section", { class: "auth card" },
      h("h1", {}, t("auth.title")),
      h("p", { class: "muted" }, t("auth.tagline")),
      h("div", { class: "tabs", role: "tablist" },
        ["login", "register"].map((m) => h("button", {
          type: "button", role: "tab", class: `tab ${m === mode ? "active" : ""}`,
          "aria-selected": m === mode ? "true" : "false", id: `tab-${m}`,
          onclick: () => { mode = m; render(); },
        }, t(`auth.${m}`))),
      ),
      h("form", { class: "form", onsubmit: submit },
        h("label", { for: "auth-username" }, t("auth.username")), username,
        h("label", { for: "auth-password" }, t("auth.password")), password,
        mode === "register" && [h("label", { for: "auth-display" }, t("auth.display_name")), displayName],
        mode === "register" && h("p", { class: "hint", id: "auth-rules" }, t("auth.rules_hint")),
        error,
        h("button", { type: "submit", class: "btn btn-primary", id: "auth-submit" },
          t(mode === "login" ? "auth.login_button" : "auth.register_button")),
      ),
      h("div", { class: "divider" }, t("auth.or")),
      h("button", { type: "button", class: "btn", id: "auth-guest", onclick: guest }, t("auth.guest")),
      h("p", { class: "hint" }, t("auth.guest_hint")),
    ));
  };
  render();
}
