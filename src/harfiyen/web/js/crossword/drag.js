// Drag and drop with pointer events (mouse, pen and touch alike).
// A press that moves less than THRESHOLD pixels stays a tap (the click handler runs).

const THRESHOLD = 6;

/**
 * Make elements matching `selector` inside `root` draggable.
 * `onDrop(sourceEl, targetEl)` gets the element under the pointer at release
 * (or null); the ghost copies the source's look.
 */
export function enableDrag(root, selector, onDrop) {
  let press = null;
  let suppressClick = false;

  root.addEventListener("pointerdown", (event) => {
    const source = event.target.closest(selector);
    if (!source || !root.contains(source) || event.button > 0) return;
    press = { source, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
  });

  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.ghost && Math.hypot(dx, dy) < THRESHOLD) return;
    if (!press.ghost) {
      const rect = press.source.getBoundingClientRect();
      const ghost = press.source.cloneNode(true);
      ghost.classList.add("drag-ghost");
      ghost.removeAttribute("id");
      ghost.style.width = `${rect.width}px`;
      ghost.style.height = `${rect.height}px`;
      document.body.append(ghost);
      press.ghost = ghost;
      press.source.classList.add("dragging");
      try {
        press.source.setPointerCapture(event.pointerId);
      } catch {
        // The source may have been re-rendered meanwhile.
      }
    }
    press.ghost.style.left = `${event.clientX}px`;
    press.ghost.style.top = `${event.clientY}px`;
    event.preventDefault();
  });

  const finish = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    const { ghost, source } = press;
    press = null;
    if (!ghost) return;
    ghost.remove();
    source.classList.remove("dragging");
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    if (cancelled) return;
    const target = document.elementFromPoint(event.clientX, event.clientY);
    onDrop(source, target);
  };
  root.addEventListener("pointerup", (event) => finish(event, false));
  root.addEventListener("pointercancel", (event) => finish(event, true));
  // The click that follows a drag is not a tap.
  root.addEventListener("click", (event) => {
    if (suppressClick) {
      event.stopPropagation();
      event.preventDefault();
      suppressClick = false;
    }
  }, true);
}
