// An invitation by link or code: who invites, to what, accept or decline.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { get, post } from "../api.js";
import { go } from "../router.js";
import { describeMatch } from "./matches.js";

export async function renderInvite(root, code) {
  const error = h("p", { class: "form-error", role: "alert" });
  let data;
  try {
    data = await get(`/invites/${encodeURIComponent(code)}`);
  } catch (problem) {
    mount(root, h("section", { class: "card page-narrow" }, h("h1", {}, t("invite.title")),
      h("p", { class: "form-error", role: "alert" }, problem.message),
      h("a", { class: "btn", href: "#/lobby" }, t("nav.lobby"))));
    return;
  }
  const { invite, match } = data;
  const host = match.players.find((p) => p.id === invite.from_user);
  const act = async (what) => {
    error.textContent = "";
    try {
      const out = await post(`/invites/${encodeURIComponent(code)}/${what}`);
      // The invitation has done its job: the match (or the lobby) takes its place.
      go(what === "accept" ? `/match/${out.match?.id ?? match.id}` : "/lobby", { replace: true });
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  mount(root, h("section", { class: "card page-narrow invite-page" },
    h("h1", {}, t("invite.title")),
    h("p", { class: "lead" }, t("invite.from", { name: host ? host.display_name : "?" })),
    h("p", {}, describeMatch(match)),
    invite.status !== "open" && h("p", { class: "muted" }, t(`invite.status_${invite.status}`)),
    error,
    invite.status === "open" && h("div", { class: "row" },
      h("button", { type: "button", class: "btn btn-primary", id: "invite-accept", onclick: () => act("accept") }, t("invite.accept")),
      h("button", { type: "button", class: "btn", id: "invite-decline", onclick: () => act("decline") }, t("invite.decline")),
    ),
  ));
}
