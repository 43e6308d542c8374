// The local rack: tile identities, the player's own order (Shuffle is client-side) and
// the tentative placements of the move being built.

let nextId = 1;

export class RackModel {
  constructor() {
    this.tiles = []; // [{id, letter}] in the player's order; letter "?" is a blank
    this.placed = []; // [{tileId, square, letter, blank}] in placing order
  }

  /** Take the server's rack; keep the local order (and placements) while it is the same multiset. */
  update(letters) {
    const before = this.tiles.map((tile) => tile.letter).sort().join("");
    const after = [...letters].sort().join("");
    if (before === after) return false;
    const pool = [...letters];
    const kept = [];
    for (const tile of this.tiles) {
      const at = pool.indexOf(tile.letter);
      if (at >= 0) {
        kept.push(tile);
        pool.splice(at, 1);
      }
    }
    this.tiles = [...kept, ...pool.map((letter) => ({ id: nextId++, letter }))];
    this.placed = [];
    return true;
  }

  isPlaced(tileId) {
    return this.placed.some((p) => p.tileId === tileId);
  }

  tile(tileId) {
    return this.tiles.find((tile) => tile.id === tileId) || null;
  }

  /** Tiles still on the rack (not tentatively on the board). */
  free() {
    return this.tiles.filter((tile) => !this.isPlaced(tile.id));
  }

  placementAt(square) {
    return this.placed.find((p) => p.square === square) || null;
  }

  place(tileId, square, letter, blank) {
    this.placed = this.placed.filter((p) => p.tileId !== tileId);
    this.placed.push({ tileId, square, letter, blank });
  }

  takeBack(square) {
    const found = this.placementAt(square);
    this.placed = this.placed.filter((p) => p.square !== square);
    return found;
  }

  /** Undo: the last placed tile back to the rack. */
  undo() {
    return this.placed.pop() || null;
  }

  clearPlacements() {
    this.placed = [];
  }

  /** Shuffle the order of the rack (Fisher–Yates; display only, no game randomness). */
  shuffle() {
    const tiles = [...this.tiles];
    for (let i = tiles.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    this.tiles = tiles;
  }

  /** Move a tile to another rack position (drag within the rack). */
  moveTo(tileId, beforeTileId) {
    const tile = this.tile(tileId);
    if (!tile || tileId === beforeTileId) return;
    const rest = this.tiles.filter((t) => t.id !== tileId);
    const at = beforeTileId == null ? rest.length : rest.findIndex((t) => t.id === beforeTileId);
    rest.splice(at < 0 ? rest.length : at, 0, tile);
    this.tiles = rest;
  }

  move() {
    return { kind: "play", tiles: this.placed.map(({ square, letter, blank }) => ({ square, letter, blank })) };
  }
}
