// Applying a view patch: after a command the server sends how the viewer's view changed
// (docs/protocol.md, "Patches"). The same format as harfiyen/core/view_patch.py, tested on
// the same cases (tests/core/view_patch_cases.json). Self-contained: no imports.

const REPLACE = "=";
const REFERENCE = "<";
const REMOVE = "-";
const LIST_EDIT = "[]";

export class PatchError extends Error {}

function isScalar(value) {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function short(value) {
  return JSON.stringify(value).slice(0, 80);
}

/** `old` changed by `patch` (undefined or null: unchanged); `events` are the values sent
 * with it (a patch may refer to them). `old` is left as it was: the result shares the
 * parts that did not change, so a page may compare the view before and after. */
export function applyPatch(old, patch, events = []) {
  if (patch === undefined || patch === null) return old;
  if (isScalar(patch)) return patch;
  if (isObject(patch)) {
    if (!isObject(old)) throw new PatchError("an object edit of a value that is not an object");
    const out = { ...old };
    for (const [key, part] of Object.entries(patch)) {
      if (Array.isArray(part) && part.length === 1 && part[0] === REMOVE) delete out[key];
      else if (Object.hasOwn(old, key)) out[key] = applyPatch(old[key], part, events);
      else out[key] = given(part, events);
    }
    return out;
  }
  if (Array.isArray(patch) && patch.length) {
    if (patch[0] === LIST_EDIT && patch.length === 2) return applyList(old, patch[1], events);
    return given(patch, events);
  }
  throw new PatchError(`not a patch: ${short(patch)}`);
}

function applyList(old, ops, events) {
  if (!Array.isArray(old) || !Array.isArray(ops)) throw new PatchError("a list edit of a value that is not a list");
  const out = [];
  let done = 0; // old items before this index are placed
  for (const op of ops) {
    const at = Array.isArray(op) ? op[0] : undefined;
    if (!Number.isInteger(at) || at < done || at > old.length) {
      throw new PatchError(`a list edit out of order or beyond the list: ${at}`);
    }
    out.push(...old.slice(done, at));
    if (op.length === 2) {
      if (at === old.length) throw new PatchError("a patch of an item beyond the list");
      out.push(applyPatch(old[at], op[1], events));
      done = at + 1;
    } else if (op.length === 3 && Number.isInteger(op[1]) && op[1] >= 0) {
      out.push(...put(op[2], events));
      done = at + op[1];
      if (done > old.length) throw new PatchError("a splice beyond the list");
    } else {
      throw new PatchError("a list operation is [at, patch] or [at, count, items]");
    }
  }
  out.push(...old.slice(done));
  return out;
}

/** The items a splice puts: listed, or a reference to the list of them. */
function put(items, events) {
  if (!Array.isArray(items)) throw new PatchError("a splice puts a list of items");
  if (items.length && items[0] === REFERENCE) {
    const found = given(items, events);
    if (!Array.isArray(found)) throw new PatchError("a splice's reference must give a list");
    return [...found];
  }
  return items.map((item) => given(item, events));
}

/** The whole value a patch gives (a new key or item: nothing to edit). */
function given(part, events) {
  if (isScalar(part)) return part;
  if (Array.isArray(part) && part.length) {
    if (part[0] === REPLACE && part.length === 2) return part[1];
    if (part[0] === REFERENCE && part.length >= 2) {
      let value = events;
      for (const step of part.slice(1)) {
        const holds = Array.isArray(value) ? Number.isInteger(step) && step >= 0 && step < value.length
          : isObject(value) && typeof step === "string" && Object.hasOwn(value, step);
        if (!holds) throw new PatchError(`a reference to nothing: ${short(part)}`);
        value = value[step];
      }
      return value;
    }
  }
  throw new PatchError(`not a whole value: ${short(part)}`);
}
