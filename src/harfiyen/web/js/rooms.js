// What every game's rooms share: reading a room out of an answer, the room a match came
// from, seconds in words, and the lobby's list of open public rooms of one game.
import { h, mount } from "./dom.js";
import { t } from "./i18n.js";
import { get } from "./api.js";

/** The room in an answer: the rooms API answers with the room itself. */
export function roomOf(out) {
  if (!out || typeof out !== "object") return null;
  if (out.room && typeof out.room === "object") return out.room;
  return out.code ? out : null;
}

/** The room a match was started from, as a code (the match JSON may carry it either way). */
export function roomCodeOf(match) {
  if (typeof match?.room === "string") return match.room;
  return match?.room_code || match?.room?.code
    || (match ? sessionStorage.getItem(`harfiyen.room_of.${match.id}`) : null) || null;
}

/** Seconds as the interface writes them ("90 sn", "2 dk"). */
export function secondsText(seconds) {
  return seconds % 60 === 0 ? t("room.minutes", { n: seconds / 60 }) : t("room.seconds", { n: seconds });
}

/** The lobby's list of the open public rooms of `game`, each described by `describe(room)`;
 * refreshed every 15 s until `stop()`. */
export function publicRooms(game, describe, box) {
  async function load() {
    try {
      const { rooms } = await get(`/rooms?game=${game}`);
      const list = rooms.filter((room) => room.game === game);
      mount(box, h("h3", {}, t("room.public_rooms")),
        list.length === 0 ? h("p", { class: "muted" }, t("room.no_public_rooms")) : h("ul", { class: "list" },
          list.map((room) => {
            const taken = room.slots.filter((slot) => slot.user || slot.ai).length;
            return h("li", { class: "list-item", "data-room": room.code },
              h("span", {}, h("strong", {}, room.host?.display_name || room.code), " ",
                h("span", { class: "muted small" }, `${describe(room)} · ${t("room.seats_taken", { n: taken, total: room.slots.length })}`)),
              h("a", { class: "btn btn-small btn-primary", href: `#/room/${room.code}` }, t("room.join")));
          })));
    } catch {
      mount(box);
    }
  }
  load();
  const timer = setInterval(load, 15000);
  return () => clearInterval(timer);
}
