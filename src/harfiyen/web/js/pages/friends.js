// Friends (add by username, remove, invite to a match), recent opponents (befriend,
// block) and the block list (block by username, unblock).
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { api, get, post } from "../api.js";
import { session } from "../session.js";
import { confirmDialog, toast } from "../ui.js";
import { go } from "../router.js";

const BOT_PREFIX = "bot_";

function person(user) {
  return h("a", { class: "person", href: `#/user/${encodeURIComponent(user.username)}` },
    h("strong", {}, user.display_name), h("span", { class: "muted small" }, ` @${user.username}`));
}

export async function renderFriends(root) {
  const state = { friends: [], blocks: [], opponents: [] };
  const friendsBox = h("section", { class: "card", id: "friends", "aria-labelledby": "friends-title" });
  const recentBox = h("section", { class: "card", id: "recent-opponents", "aria-labelledby": "recent-title" });
  const blocksBox = h("section", { class: "card", id: "blocks", "aria-labelledby": "blocks-title" });
  const friendError = h("p", { class: "form-error", role: "alert", id: "friend-error" });
  const blockError = h("p", { class: "form-error", role: "alert", id: "block-error" });
  const recentError = h("p", { class: "form-error", role: "alert" });
  const friendInput = h("input", { id: "friend-username", autocomplete: "off",
    placeholder: t("lobby.invite_user_placeholder"), "aria-label": t("friends.add_label") });
  const blockInput = h("input", { id: "block-username", autocomplete: "off",
    placeholder: t("lobby.invite_user_placeholder"), "aria-label": t("friends.block_label") });

  /** Run one change; its error goes next to the control that asked for it. */
  const change = async (errorBox, work) => {
    errorBox.textContent = "";
    try {
      await work();
      render();
      return true;
    } catch (problem) {
      errorBox.textContent = problem.message;
      return false;
    }
  };
  const path = (kind, username) => `/${kind}/${encodeURIComponent(username)}`;
  const setFriends = async (method, username) => { state.friends = (await api(method, path("friends", username))).friends; };
  const setBlocks = async (method, username) => {
    state.blocks = (await api(method, path("blocks", username))).blocks;
    // Blocking removes the friend entry on the server; read it again.
    state.friends = (await get("/friends")).friends;
  };

  async function invite(friend, errorBox) {
    errorBox.textContent = "";
    try {
      const rules = session.user.preferences?.default_rules || "tr";
      const out = await post("/matches", { game: "crossword", options: { rules }, opponent: friend.username });
      go(`/match/${out.match.id}`);
    } catch (problem) {
      errorBox.textContent = problem.message;
    }
  }

  async function block(user, errorBox) {
    const sure = await confirmDialog(t("friends.block_title"), t("friends.block_text", { name: user.display_name }),
      t("friends.block"), { danger: true });
    if (sure && await change(errorBox, () => setBlocks("PUT", user.username))) {
      toast(t("friends.blocked", { name: user.display_name }));
    }
  }

  const addFriend = (event) => {
    event.preventDefault();
    const name = friendInput.value.trim();
    if (!name) {
      friendError.textContent = t("friends.name_required");
      return;
    }
    change(friendError, () => setFriends("PUT", name)).then((ok) => { if (ok) friendInput.value = ""; });
  };
  const addBlock = (event) => {
    event.preventDefault();
    const name = blockInput.value.trim();
    if (!name) {
      blockError.textContent = t("friends.name_required");
      return;
    }
    change(blockError, () => setBlocks("PUT", name)).then((ok) => { if (ok) blockInput.value = ""; });
  };

  function render() {
    const friendNames = new Set(state.friends.map((f) => f.username));
    const blockedNames = new Set(state.blocks.map((b) => b.username));
    mount(friendsBox,
      h("h2", { id: "friends-title" }, t("friends.title")),
      h("form", { class: "row", onsubmit: addFriend },
        friendInput, h("button", { type: "submit", class: "btn", id: "friend-add" }, t("friends.add"))),
      friendError,
      state.friends.length === 0 ? h("p", { class: "muted" }, t("friends.none")) : h("ul", { class: "list", id: "friends-list" },
        state.friends.map((friend) => h("li", { class: "list-item", "data-user": friend.username },
          person(friend),
          h("span", { class: "row-actions" },
            h("button", { type: "button", class: "btn btn-small btn-primary friend-invite",
              "aria-label": t("friends.invite_named", { name: friend.display_name }),
              onclick: () => invite(friend, friendError) }, t("friends.invite")),
            h("button", { type: "button", class: "btn btn-small friend-remove",
              "aria-label": t("friends.remove_named", { name: friend.display_name }),
              onclick: () => change(friendError, () => setFriends("DELETE", friend.username)) }, t("friends.remove")),
          )))),
    );
    const opponents = state.opponents.filter((o) => !o.user.username.startsWith(BOT_PREFIX));
    mount(recentBox,
      h("h2", { id: "recent-title" }, t("friends.recent")),
      recentError,
      opponents.length === 0 ? h("p", { class: "muted" }, t("friends.no_recent")) : h("ul", { class: "list", id: "recent-list" },
        opponents.map(({ user, match }) => h("li", { class: "list-item", "data-user": user.username },
          person(user),
          h("a", { class: "muted small", href: `#/match/${match}` }, t("profile.match_n", { n: match })),
          h("span", { class: "row-actions" },
            !friendNames.has(user.username) && !blockedNames.has(user.username) && h("button", {
              type: "button", class: "btn btn-small recent-befriend",
              "aria-label": t("friends.add_named", { name: user.display_name }),
              onclick: () => change(recentError, () => setFriends("PUT", user.username)),
            }, t("friends.add")),
            !blockedNames.has(user.username) && h("button", {
              type: "button", class: "btn btn-small recent-block",
              "aria-label": t("friends.block_named", { name: user.display_name }),
              onclick: () => block(user, recentError),
            }, t("friends.block")),
          )))),
    );
    mount(blocksBox,
      h("h2", { id: "blocks-title" }, t("friends.blocks")),
      h("p", { class: "hint" }, t("friends.blocks_hint")),
      h("form", { class: "row", onsubmit: addBlock },
        blockInput, h("button", { type: "submit", class: "btn", id: "block-add" }, t("friends.block"))),
      blockError,
      state.blocks.length === 0 ? h("p", { class: "muted" }, t("friends.no_blocks")) : h("ul", { class: "list", id: "blocks-list" },
        state.blocks.map((user) => h("li", { class: "list-item", "data-user": user.username },
          person(user),
          h("button", { type: "button", class: "btn btn-small block-remove",
            "aria-label": t("friends.unblock_named", { name: user.display_name }),
            onclick: () => change(blockError, () => setBlocks("DELETE", user.username)) }, t("friends.unblock")),
        ))),
    );
  }

  const [friends, blocks, recent] = await Promise.all([get("/friends"), get("/blocks"), get("/opponents/recent")]);
  state.friends = friends.friends;
  state.blocks = blocks.blocks;
  state.opponents = recent.opponents;
  render();
  mount(root, h("div", { class: "page friends-page" },
    h("h1", { class: "page-title" }, t("friends.page_title")),
    h("div", { class: "social-grid" }, friendsBox, h("div", { class: "stack" }, recentBox, blocksBox)),
  ));
}
