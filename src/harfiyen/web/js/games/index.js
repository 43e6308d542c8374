// The games the web app knows, and what each brings: its match page (a factory the match
// controller calls, see match/controller.js), its lobby card, how its rooms read, and its
// rules page. The app, the lobby and the room page read this instead of naming games; a
// game the server has but this list does not gets the generic match page.
import { crosswordPage } from "../crossword/match.js";
import { codenamesPage } from "../codenames/match.js";
import { codenamesLobby, describeRoom as describeCodenamesRoom } from "../codenames/lobby.js";
import { letterjamPage } from "../letterjam/match.js";
import { letterjamLobby, describeRoom as describeLetterjamRoom } from "../letterjam/lobby.js";
import { t } from "../i18n.js";
import { genericPage } from "../match/generic.js";

/**
 * name -> {
 *   title: catalogue key of the game's name,
 *   page(ctl): the match page (match/controller.js),
 *   lobby(): its lobby card ({element, stop}) — the crossword's form is the lobby's own,
 *   room: { title, describe(room), tableView } for games played from rooms,
 *   help(match): the rules page (#/rules/<name>) for a match of it,
 * }
 */
export const GAMES = {
  crossword: {
    title: "lobby.game_crossword",
    page: crosswordPage,
    help: (match) => (String(match?.rules || "").startsWith("en") ? "crossword-en" : "crossword-tr"),
  },
  codenames: {
    title: "cn.title",
    page: codenamesPage,
    lobby: codenamesLobby,
    room: { title: "room.title", describe: describeCodenamesRoom, tableView: true },
    help: () => "codenames",
  },
  letterjam: {
    title: "lj.title",
    page: letterjamPage,
    lobby: letterjamLobby,
    room: { title: "lj.room_title", describe: describeLetterjamRoom, tableView: false },
    help: () => "letterjam",
  },
};

/** A room of a game this list does not describe: its language and nothing else. */
const GENERIC_ROOM = {
  title: "room.title_generic",
  describe: (room) => t(`language.${room.options?.language || "tr"}`),
  tableView: false,
};

/** The entry for `name`; an unknown game gets the generic match page and room. */
export function gameOf(name) {
  return GAMES[name] || { title: null, page: genericPage, room: GENERIC_ROOM, help: () => null };
}

/** The lobby cards of the games the server offers (`GET /api/config`'s `games`). */
export function lobbyCards(offered) {
  return Object.entries(GAMES).filter(([name, game]) => game.lobby && offered.includes(name)).map(([, game]) => game.lobby());
}
