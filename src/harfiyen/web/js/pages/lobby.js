// The lobby: a new crossword match (friend invitation or bot), joining by code, open invitations.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { get, post } from "../api.js";
import { session } from "../session.js";
import { go } from "../app.js";
import { loadRules } from "../crossword/rules.js";

const LIVE_MINUTES = [2, 5, 10, 30];
const CORRESPONDENCE_HOURS = [24, 48, 72];

export async function renderLobby(root) {
  const rules = await loadRules();
  const prefs = session.user.preferences || {};
  const form = {
    rules: prefs.default_rules || "tr", version: null, opponent: "invite", username: "",
    bot: "greedy", ranked: false, clock: "none", minutes: 5, hours: 48,
  };
  const error = h("p", { class: "form-error", role: "alert" });
  const invitesBox = h("div", { class: "invites" });

  const field = (label, id, control) => h("div", { class: "field" }, h("label", { for: id }, label), control);
  const select = (id, options, value, onchange) => h("select", { id, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)));

  const newMatch = h("form", { class: "card new-match", onsubmit: (e) => { e.preventDefault(); create(); } });
  const renderForm = () => {
    const versions = rules.versions[form.rules];
    if (!versions.includes(Number(form.version))) form.version = rules.default_version[form.rules];
    mount(newMatch,
      h("h2", {}, t("lobby.new_match")),
      h("p", { class: "muted" }, t("lobby.game_crossword")),
      h("div", { class: "grid2" },
        field(t("lobby.rules"), "new-rules", select("new-rules",
          [["tr", t("lobby.rules_tr")], ["en", t("lobby.rules_en")]], form.rules,
          (v) => { form.rules = v; renderForm(); })),
        field(t("lobby.version"), "new-version", select("new-version",
          versions.map((v) => [v, t("lobby.version_n", { n: v })]), form.version,
          (v) => { form.version = Number(v); })),
      ),
      h("fieldset", { class: "choice" },
        h("legend", {}, t("lobby.opponent")),
        ["invite", "bot"].map((kind) => h("label", { class: "radio" },
          h("input", { type: "radio", name: "opponent", value: kind, id: `opponent-${kind}`,
            checked: form.opponent === kind, onchange: () => { form.opponent = kind; renderForm(); } }),
          t(`lobby.opponent_${kind}`))),
      ),
      form.opponent === "invite" && field(t("lobby.invite_user"), "new-username",
        h("input", { id: "new-username", value: form.username, placeholder: t("lobby.invite_user_placeholder"),
          oninput: (e) => { form.username = e.target.value.trim(); } })),
      form.opponent === "bot" && field(t("lobby.bot_level"), "new-bot", select("new-bot",
        [["greedy", t("bot.greedy")], ["random", t("bot.random")]], form.bot, (v) => { form.bot = v; })),
      form.opponent === "invite" && h("label", { class: "check" },
        h("input", { type: "checkbox", id: "new-ranked", checked: form.ranked,
          onchange: (e) => { form.ranked = e.target.checked; } }), t("lobby.ranked")),
      h("div", { class: "grid2" },
        field(t("lobby.clock"), "new-clock", select("new-clock",
          [["none", t("clock.none")], ["live", t("clock.live")], ["correspondence", t("clock.correspondence")]],
          form.clock, (v) => { form.clock = v; renderForm(); })),
        form.clock === "live" && field(t("clock.minutes"), "new-minutes", select("new-minutes",
          LIVE_MINUTES.map((m) => [m, t("clock.n_minutes", { n: m })]), form.minutes, (v) => { form.minutes = Number(v); })),
        form.clock === "correspondence" && field(t("clock.hours"), "new-hours", select("new-hours",
          CORRESPONDENCE_HOURS.map((n) => [n, t("clock.n_hours", { n })]), form.hours, (v) => { form.hours = Number(v); })),
      ),
      error,
      h("button", { type: "submit", class: "btn btn-primary", id: "new-create" },
        t(form.opponent === "bot" ? "lobby.start_bot" : "lobby.create_invite")),
    );
  };

  async function create() {
    error.textContent = "";
    const timeControl = { kind: form.clock };
    if (form.clock === "live") timeControl.minutes_per_move = form.minutes;
    if (form.clock === "correspondence") timeControl.hours_per_move = form.hours;
    const body = {
      game: "crossword", options: { rules: form.rules, version: form.version },
      ranked: form.opponent === "invite" && form.ranked, time_control: timeControl,
    };
    if (form.opponent === "bot") body.bot = form.bot;
    else if (form.username) body.opponent = form.username;
    try {
      const out = await post("/matches", body);
      go(`/match/${out.match.id}`);
    } catch (problem) {
      error.textContent = problem.message;
    }
  }

  const codeInput = h("input", { id: "join-code", placeholder: t("lobby.code_placeholder"), autocomplete: "off" });
  const join = h("form", { class: "card join", onsubmit: (e) => {
    e.preventDefault();
    const code = codeInput.value.trim().replace(/^.*\/invite\//, "");
    if (code) go(`/invite/${code}`);
  } },
  h("h2", {}, t("lobby.join")),
  h("p", { class: "muted" }, t("lobby.join_hint")),
  h("div", { class: "row" }, codeInput, h("button", { type: "submit", class: "btn", id: "join-go" }, t("lobby.join_button"))),
  );

  async function loadInvites() {
    try {
      const { invites } = await get("/invites");
      const mine = session.user.id;
      mount(invitesBox, h("h2", {}, t("lobby.invitations")),
        invites.length === 0 ? h("p", { class: "muted" }, t("lobby.no_invitations")) : h("ul", { class: "list" },
          invites.map((inv) => h("li", { class: "list-item" },
            h("span", {}, inv.from_user === mine ? t("lobby.invite_sent", { code: inv.code }) : t("lobby.invite_received", { code: inv.code })),
            inv.from_user === mine
              ? h("a", { class: "btn btn-small", href: `#/match/${inv.match}` }, t("common.open"))
              : h("a", { class: "btn btn-small btn-primary", href: `#/invite/${inv.code}` }, t("common.view")),
          ))));
    } catch {
      mount(invitesBox);
    }
  }

  renderForm();
  mount(root, h("div", { class: "page lobby" },
    h("h1", { class: "page-title" }, t("lobby.title", { name: session.user.display_name })),
    h("div", { class: "lobby-grid" }, newMatch, h("div", { class: "stack" }, join, h("div", { class: "card" }, invitesBox))),
  ));
  loadInvites();
}
