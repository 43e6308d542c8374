// Handing a seat to the AI: a player who must leave lets the AI play on for them (and takes
// the seat back later); the room's host can do it for a friend who dropped off the call.
import { h } from "./dom.js";
import { post } from "./api.js";
import { t } from "./i18n.js";
import { session } from "./session.js";

// The AI level that plays for a person: the crossword's middle level, the party games' AI.
const LEVEL = { crossword: "orta" };
// The server's AI players are users with this username prefix (server/bot_users.py).
const BOT_PREFIX = "bot_";

export const levelFor = (game) => LEVEL[game] || "ai";

/** An AI player of a match (a server user, not a person). */
export const isBot = (player) => player.username.startsWith(BOT_PREFIX);

/** Hand `seat` of match `id` to the AI (`level`), or take it back (`null`). */
export function handSeat(id, seat, level) {
  return post(`/matches/${id}/seats/${seat}/ai`, { level });
}

/** The player's own line under a running unranked match: hand my seat to the AI, or take it
 * back while the AI plays it. `null` for spectators, for matches it does not apply to, and
 * where nobody would wait for the player: no other person seated (a solo game against
 * bots), unless the AI already plays the seat (it can always be taken back). */
export function seatBar(id, match, onError) {
  const mine = match.players.find((p) => p.id === session.user?.id);
  if (!mine || match.status !== "active" || match.ranked) return null;
  const handed = Boolean(mine.handed);
  const others = match.players.some((p) => p.id !== mine.id && !isBot(p));
  if (!others && !handed) return null;
  const act = async () => {
    try {
      await handSeat(id, mine.seat, handed ? null : levelFor(match.game));
    } catch (problem) {
      onError(problem.message);
    }
  };
  return h("section", { class: `card seat-hand ${handed ? "handed" : ""}`, id: "seat-hand", "data-handed": String(handed) },
    h("p", { class: handed ? "" : "small muted" }, t(handed ? "hand.mine_handed" : "hand.leaving")),
    h("button", { type: "button", class: `btn ${handed ? "btn-primary" : "btn-small"}`, id: "seat-hand-toggle", onclick: act },
      t(handed ? "hand.take_back" : "hand.hand_mine")),
    h("p", { class: "form-error empty", id: "seat-hand-error", role: "alert" }));
}

/** What a `seat_handed` notice says to this player. */
export function handedText(notice) {
  // The server handed it because the person was away from the table.
  if (notice.absent && notice.level) {
    return notice.user === session.user?.id ? t("presence.absent_handed_you") : t("presence.absent_handed", { name: notice.name });
  }
  if (notice.user === session.user?.id) return t(notice.level ? "hand.you_handed" : "hand.you_back");
  return t(notice.level ? "hand.other_handed" : "hand.other_back", { name: notice.name });
}
