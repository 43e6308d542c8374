// Zoom and pan of the board with a CSS transform on `.board` inside `.board-wrap`:
// pinch (two pointers), ctrl+wheel (desktop and trackpad pinch), double-tap (touch),
// and a one-pointer drag that pans while zoomed.
//
// The match page re-renders its whole tree, so this controller keeps the zoom state and
// listens on the page's persistent container; `apply()` puts the transform on whichever
// board element is current.

export const MIN_SCALE = 1;
export const MAX_SCALE = 2.5;
const TOGGLE_SCALE = 2;
// Movement (px) below which a press stays a tap, as in drag.js.
const THRESHOLD = 6;
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_PX = 24;
// A click that follows a pan or pinch is not a tap; it comes within this time.
const SUPPRESS_MS = 500;

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

export class BoardZoom {
  /**
   * `root`: the element that outlives re-renders and contains `.board-wrap`;
   * `ignore`: a selector of elements whose presses belong to tile dragging.
   */
  constructor(root, { ignore = "", onChange = () => {} } = {}) {
    this.root = root;
    this.ignore = ignore;
    this.onChange = onChange;
    this.scale = MIN_SCALE;
    this.x = 0; // translation of the board in the wrap, px (always <= 0)
    this.y = 0;
    this.pointers = new Map(); // pointerId -> {x, y}
    this.gesture = null; // {kind: "press"|"pan"|"pinch", ...}
    this.lastTap = null;
    this.suppressUntil = 0;
    // The offsets are pixels: a new viewport size (e.g. a turned phone) needs a new clamp.
    this.onResize = () => this.apply();
    window.addEventListener("resize", this.onResize);
    this.listen();
  }

  destroy() {
    window.removeEventListener("resize", this.onResize);
  }

  get zoomed() {
    return this.scale > MIN_SCALE + 0.01;
  }

  wrap() {
    return this.root.querySelector(".board-wrap");
  }

  /** Put the current transform on the current board (call after every render). */
  apply() {
    const wrap = this.wrap();
    const board = wrap?.querySelector(".board");
    if (!wrap || !board) return;
    this.clampOffset(wrap);
    board.style.transformOrigin = "0 0";
    board.style.transform = this.zoomed
      ? `translate(${this.x}px, ${this.y}px) scale(${this.scale})` : "";
    wrap.classList.toggle("zoomed", this.zoomed);
    wrap.dataset.scale = this.scale.toFixed(2);
  }

  clampOffset(wrap) {
    const width = wrap.clientWidth;
    const height = wrap.clientHeight;
    this.x = clamp(this.x, width - width * this.scale, 0);
    this.y = clamp(this.y, height - height * this.scale, 0);
  }

  /** Zoom to `scale` keeping the board point under client (cx, cy) in place. */
  zoomAt(scale, cx, cy) {
    const wrap = this.wrap();
    if (!wrap) return;
    const next = clamp(scale, MIN_SCALE, MAX_SCALE);
    const rect = wrap.getBoundingClientRect();
    const px = (cx ?? rect.left + rect.width / 2) - rect.left;
    const py = (cy ?? rect.top + rect.height / 2) - rect.top;
    const boardX = (px - this.x) / this.scale;
    const boardY = (py - this.y) / this.scale;
    this.scale = next;
    this.x = px - boardX * next;
    this.y = py - boardY * next;
    this.changed();
  }

  /** Zoomed in ↔ out, around a point (default: the middle of the board). */
  toggle(cx, cy) {
    this.zoomAt(this.zoomed ? MIN_SCALE : TOGGLE_SCALE, cx, cy);
  }

  reset() {
    this.scale = MIN_SCALE;
    this.x = 0;
    this.y = 0;
    this.changed();
  }

  changed() {
    this.apply();
    this.onChange(this);
  }

  /** Pan so that `el` (e.g. the keyboard cursor's square) is in view while zoomed. */
  ensureVisible(el) {
    const wrap = this.wrap();
    if (!el || !wrap || !this.zoomed) return;
    const outer = wrap.getBoundingClientRect();
    const inner = el.getBoundingClientRect();
    let dx = 0;
    let dy = 0;
    if (inner.left < outer.left) dx = outer.left - inner.left;
    else if (inner.right > outer.right) dx = outer.right - inner.right;
    if (inner.top < outer.top) dy = outer.top - inner.top;
    else if (inner.bottom > outer.bottom) dy = outer.bottom - inner.bottom;
    if (!dx && !dy) return;
    this.x += dx;
    this.y += dy;
    this.apply();
  }

  // --- gestures -----------------------------------------------------------------------
  listen() {
    const root = this.root;
    root.addEventListener("pointerdown", (event) => this.down(event));
    root.addEventListener("pointermove", (event) => this.move(event));
    root.addEventListener("pointerup", (event) => this.up(event, false));
    root.addEventListener("pointercancel", (event) => this.up(event, true));
    root.addEventListener("wheel", (event) => this.wheel(event), { passive: false });
    // The click after a pan, a pinch or a double-tap must not place or take back a tile.
    root.addEventListener("click", (event) => {
      if (Date.now() < this.suppressUntil) {
        this.suppressUntil = 0;
        event.stopPropagation();
        event.preventDefault();
      }
    }, true);
  }

  down(event) {
    const wrap = event.target.closest?.(".board-wrap");
    if (!wrap || !this.root.contains(wrap) || event.button > 0) return;
    // A press on a rack tile or a tentative tile is a tile drag (drag.js), never a pan.
    if (this.pointers.size === 0 && this.ignore && event.target.closest(this.ignore)) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = {
        kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: this.scale,
      };
      this.capture(event);
    } else if (this.pointers.size === 1) {
      this.gesture = {
        kind: "press", id: event.pointerId, type: event.pointerType,
        startX: event.clientX, startY: event.clientY, x: event.clientX, y: event.clientY,
      };
    }
  }

  move(event) {
    const point = this.pointers.get(event.pointerId);
    if (!point || !this.gesture) return;
    point.x = event.clientX;
    point.y = event.clientY;
    const g = this.gesture;
    if (g.kind === "pinch") {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      this.zoomAt(g.scale * (distance / g.distance), (a.x + b.x) / 2, (a.y + b.y) / 2);
      event.preventDefault();
      return;
    }
    if (g.kind === "press") {
      if (Math.hypot(event.clientX - g.startX, event.clientY - g.startY) < THRESHOLD) return;
      g.kind = "pan";
      this.capture(event);
    }
    if (g.kind !== "pan") return;
    const dx = event.clientX - g.x;
    const dy = event.clientY - g.y;
    g.x = event.clientX;
    g.y = event.clientY;
    if (this.zoomed) {
      this.x += dx;
      this.y += dy;
      this.apply();
    } else if (g.type === "touch") {
      // The board takes every touch (for pinch); a one-finger drag still scrolls the page.
      window.scrollBy(0, -dy);
    }
    event.preventDefault();
  }

  up(event, cancelled) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.delete(event.pointerId);
    const g = this.gesture;
    if (!g) return;
    if (g.kind === "pinch") {
      // Lifting one finger of a pinch ends it; the other finger does nothing more.
      this.suppressUntil = Date.now() + SUPPRESS_MS;
      this.gesture = this.pointers.size ? { kind: "done" } : null;
      this.lastTap = null;
      return;
    }
    if (this.pointers.size) return;
    this.gesture = null;
    if (g.kind === "pan") {
      this.suppressUntil = Date.now() + SUPPRESS_MS;
      this.lastTap = null;
      return;
    }
    if (g.kind !== "press" || cancelled || g.type !== "touch") return;
    // A touch tap: a second one soon after at the same place toggles the zoom.
    const now = Date.now();
    const last = this.lastTap;
    if (last && now - last.at < DOUBLE_TAP_MS
        && Math.hypot(event.clientX - last.x, event.clientY - last.y) < DOUBLE_TAP_PX) {
      this.lastTap = null;
      this.suppressUntil = now + SUPPRESS_MS;
      this.toggle(event.clientX, event.clientY);
    } else {
      this.lastTap = { at: now, x: event.clientX, y: event.clientY };
    }
  }

  wheel(event) {
    if (!event.ctrlKey) return;
    const wrap = event.target.closest?.(".board-wrap");
    if (!wrap || !this.root.contains(wrap)) return;
    // ctrl+wheel (and a trackpad pinch, which browsers report so) zooms the board, not the page.
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? 400 : 1;
    this.zoomAt(this.scale * Math.exp(-event.deltaY * unit * 0.0025), event.clientX, event.clientY);
  }

  capture(event) {
    try {
      this.root.setPointerCapture(event.pointerId);
    } catch {
      // The pointer may already be gone.
    }
  }
}
