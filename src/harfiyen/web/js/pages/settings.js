// Preferences: interface language, default rules, board theme, notifications, and this
// device's sound and vibration on one's turn.
// Each change is saved at once (PATCH /api/me) and shown as saved or refused.
import { h, mount } from "../dom.js";
import { language, languages, setLanguage, t } from "../i18n.js";
import { BOARD_THEMES, applyTheme, session, updateProfile } from "../session.js";
import {
  NotifyError, disableNotifications, enableNotifications, notificationPermission,
  notificationsOn, notificationsSupported,
} from "../notify.js";
import { setTurnAlert, turnAlertOn } from "../match/attention.js";

// A corner of the board (premium squares, a tile, the star) to preview each theme.
const PREVIEW = ["K3", "", "H2", "tile", "", "K2", "H3", "star"];

function preview(theme) {
  return h("span", { class: `theme-preview theme-${theme}`, "aria-hidden": "true" },
    PREVIEW.map((kind) => h("span", { class: `pv ${kind ? `pv-${kind}` : ""}` },
      kind === "tile" ? "A" : kind === "star" ? "★" : "")));
}

export async function renderSettings(root) {
  const status = h("p", { class: "saved-status", id: "settings-status", role: "status" });
  const error = h("p", { class: "form-error", role: "alert", id: "settings-error" });
  const notifyBox = h("section", { class: "card", id: "notifications", "aria-labelledby": "notify-title" });
  const prefs = () => session.user.preferences || {};

  async function save(changes) {
    status.textContent = "";
    error.textContent = "";
    try {
      await updateProfile(changes);
      status.textContent = t("settings.saved");
      return true;
    } catch (problem) {
      error.textContent = problem.message;
      return false;
    }
  }

  const select = (id, options, value, onchange) => h("select", { id, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));

  function renderNotifications(message = "", failed = false) {
    const on = notificationsOn();
    const permission = notificationPermission();
    const busy = (button, work) => async () => {
      button.disabled = true;
      try {
        await work();
        renderNotifications(t(on ? "notify.disabled" : "notify.enabled"));
      } catch (problem) {
        renderNotifications(problem instanceof NotifyError ? problem.message
          : t("notify.failed", { reason: problem.message }), true);
      }
    };
    const button = on
      ? h("button", { type: "button", class: "btn", id: "notify-off" }, t("notify.turn_off"))
      : h("button", { type: "button", class: "btn btn-primary", id: "notify-on" }, t("notify.turn_on"));
    button.addEventListener("click", busy(button, on ? disableNotifications : enableNotifications));
    mount(notifyBox,
      h("h2", { id: "notify-title" }, t("notify.title")),
      h("p", { class: "muted" }, t(on ? "notify.state_on" : "notify.state_off")),
      !notificationsSupported() && h("p", { class: "hint" }, t("notify.unsupported")),
      permission === "denied" && h("p", { class: "hint" }, t("notify.denied")),
      button,
      message && h("p", { class: failed ? "form-error" : "saved-status", id: "notify-message",
        role: failed ? "alert" : "status" }, message),
    );
  }

  const themes = h("fieldset", { class: "choice themes" },
    h("legend", {}, t("settings.theme")),
    BOARD_THEMES.map((theme) => h("label", { class: "radio theme-choice" },
      h("input", { type: "radio", name: "board-theme", value: theme, id: `theme-${theme}`,
        checked: (prefs().board_theme || "classic") === theme,
        onchange: async () => {
          applyTheme(theme); // at once; saving follows
          if (!(await save({ board_theme: theme }))) applyTheme(prefs().board_theme);
        } }),
      preview(theme), t(`theme.${theme}`))),
  );

  renderNotifications();
  mount(root, h("div", { class: "page settings", id: "settings" },
    h("h1", { class: "page-title" }, t("settings.title")),
    h("section", { class: "card" },
      h("div", { class: "grid2" },
        h("div", { class: "field" },
          h("label", { for: "pref-language" }, t("settings.language")),
          select("pref-language", languages().map((lang) => [lang, t(`language.${lang}`)]), language(),
            async (lang) => {
              // The page is drawn again in the new language by the router.
              if (await save({ language: lang })) setLanguage(lang);
            })),
        h("div", { class: "field" },
          h("label", { for: "pref-rules" }, t("settings.default_rules")),
          select("pref-rules", [["tr", t("lobby.rules_tr")], ["en", t("lobby.rules_en")]],
            prefs().default_rules || "tr", (rules) => save({ default_rules: rules }))),
      ),
      themes,
      status,
      error,
    ),
    notifyBox,
    h("section", { class: "card", id: "turn-alert-box" },
      h("label", { class: "check" },
        h("input", { type: "checkbox", id: "turn-alert", checked: turnAlertOn(), "aria-describedby": "turn-alert-hint",
          onchange: (e) => setTurnAlert(e.target.checked) }),
        t("settings.turn_alert")),
      h("p", { class: "hint", id: "turn-alert-hint" }, t("settings.turn_alert_hint"))),
  ));
}
