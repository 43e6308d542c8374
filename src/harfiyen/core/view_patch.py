"""A view's change as a small structural patch, and applying it (docs/protocol.md, "Patches").

After a command the server sends each audience how its view changed instead of the
whole view. The patch is computed from that audience's own two views (before and
after the command) and the events it is sent with them, nothing else, so it tells no
more than the new view does. ``web/js/match/patch.js`` applies the same format; both
are tested on the cases of ``tests/core/view_patch_cases.json``.

A patch is one JSON value:

- a string, number or boolean: the new value itself;
- an object: an edit of an object, one patch per changed key (``["-"]`` removes the key);
- ``["=", value]``: the value replaced (any JSON: ``null``, a list, an object);
- ``["<", i, key, ...]``: the value replaced by an equal one found in the events sent
  with the patch: ``events[i][key]...`` (a play's words are in its event and in the
  view's last move: they are sent once);
- ``["-"]``: the key removed (only as the patch of an object's key);
- ``["[]", [op, ...]]``: a list edited, the operations in the order of the old list's
  indexes: ``[at, patch]`` patches the old item ``at`` in place; ``[at, n, items]``
  removes ``n`` old items from ``at`` on and puts the items there: ``items`` is a list
  of patches each giving a whole value (a scalar, ``["=", value]`` or ``["<", ...]``), or
  one ``["<", ...]`` giving the whole list of them (so the string ``"<"`` as the first
  listed item is given as ``["=", "<"]``).

:func:`diff` picks, for every object and list, the edit or the whole value, whichever is
shorter in JSON. No change at all has no patch (``None``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import orjson

REPLACE = "="
REFERENCE = "<"
REMOVE = "-"
LIST_EDIT = "[]"

_SCALARS = (str, int, float, bool)


class PatchError(ValueError):
    """A patch that does not fit the value it is applied to."""


def same(a: Any, b: Any) -> bool:
    """Equal as JSON, types included: ``1``, ``1.0`` and ``True`` differ (a client would
    not see a change between them otherwise, or see one where there is none)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict | list) and orjson.dumps(a) == orjson.dumps(b):
        return True  # the quick answer of most unchanged parts (keys in the same order)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def diff(old: Any, new: Any, events: Sequence[Any] = ()) -> Any:
    """The patch that turns ``old`` into ``new`` (both JSON values); ``None`` when equal.
    ``events``: the JSON values sent with the patch, which it may refer to."""
    if same(old, new):
        return None
    return _Differ(events).diff(old, new)


def size(value: Any) -> int:
    """The length of ``value`` in compact JSON, in bytes (what choosing between two forms
    weighs)."""
    return len(orjson.dumps(value))


def _key(value: Any) -> Any:
    """A hashable key equal for values equal as JSON (``same``)."""
    if isinstance(value, dict | list):
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    return (type(value), value)


class _Differ:
    def __init__(self, events: Sequence[Any]) -> None:
        # Every object or list in the events, by its canonical JSON: where it is first.
        self.found: dict[Any, list[Any]] = {}
        for i, event in enumerate(events):
            self._index(event, [REFERENCE, i])

    def _index(self, value: Any, path: list[Any]) -> None:
        if isinstance(value, dict):
            items: Any = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            return
        self.found.setdefault(_key(value), path)
        for name, part in items:
            self._index(part, [*path, name])

    def diff(self, old: Any, new: Any) -> Any:
        """Called only when ``old`` and ``new`` differ."""
        if not isinstance(new, dict | list) or type(old) is not type(new):
            return self.whole(new)
        whole = self.whole(new)
        if isinstance(old, dict) and isinstance(new, dict):
            edit: dict[str, Any] = {}
            for key, value in new.items():
                if key not in old:
                    edit[key] = self.whole(value)
                elif not same(old[key], value):
                    edit[key] = self.diff(old[key], value)
            for key in old:
                if key not in new:
                    edit[key] = [REMOVE]
            return _shorter(edit, whole)
        if isinstance(old, list) and isinstance(new, list):
            ops = [LIST_EDIT, self.list_ops(old, new)]
            if len(old) == len(new):
                ops = _shorter(ops, [LIST_EDIT, self.by_index(old, new)])
            return _shorter(ops, whole)
        return whole

    def by_index(self, old: list[Any], new: list[Any]) -> list[Any]:
        """Item ``i`` of the old list patched into item ``i`` of the new one, as long (a
        list whose items change in place: rows, cards)."""
        return [[i, self.diff(a, b)] for i, (a, b) in enumerate(zip(old, new, strict=True))
                if not same(a, b)]

    def whole(self, value: Any) -> Any:
        """The patch that gives ``value`` whatever was there."""
        if isinstance(value, _SCALARS):
            return value
        given = [REPLACE, value]
        if self.found and isinstance(value, dict | list):
            path = self.found.get(_key(value))
            if path is not None and size(path) < size(given):
                return path
        return given

    def list_ops(self, old: list[Any], new: list[Any]) -> list[Any]:
        """Old and new aligned on the items they share (in order), the rest as splices."""
        old_keys = [_key(v) for v in old]
        new_keys = [_key(v) for v in new]
        old_left = Counter(old_keys)
        ops: list[Any] = []
        i = j = 0
        gone_at, gone = -1, 0  # the splice being gathered: from where, how many go
        put: list[Any] = []  # and what comes

        def close() -> None:
            nonlocal gone_at, gone, put
            if gone or put:
                ops.extend(self.splice(old, gone_at, gone, put))
            gone_at, gone, put = -1, 0, []

        while i < len(old) or j < len(new):
            if i < len(old) and j < len(new) and old_keys[i] == new_keys[j]:
                close()
                old_left[old_keys[i]] -= 1
                i, j = i + 1, j + 1
                continue
            if gone_at < 0:
                gone_at = i
            # A new item the rest of the old list does not hold comes; otherwise the new
            # one is further on in the old list, and the old item here goes.
            if j < len(new) and (i >= len(old) or old_left[new_keys[j]] == 0):
                put.append(new[j])
                j += 1
            else:
                old_left[old_keys[i]] -= 1
                gone += 1
                i += 1
        close()
        return ops

    def items(self, put: list[Any]) -> Any:
        """The items a splice puts: each given, or all of them as a reference to an equal
        list in the events (a play's tiles, put on the board together)."""
        # The string "<" as a listed item is given as ["=", "<"]: a list of items that
        # begins with "<" is a reference.
        listed = [[REPLACE, v] if v == REFERENCE else self.whole(v) for v in put]
        together = self.whole(put)
        return together if together[0] == REFERENCE and size(together) < size(listed) \
            else listed

    def splice(self, old: list[Any], at: int, gone: int, put: list[Any]) -> list[Any]:
        """One splice, or (when shorter) its first items as patches of the old ones in
        place (a card turned over, a row with a new letter) and a splice of the rest."""
        plain = [[at, gone, self.items(put)]]
        paired = min(gone, len(put))
        if not paired:
            return plain
        ops: list[Any] = [[at + k, self.diff(old[at + k], put[k])] for k in range(paired)]
        if gone > paired or len(put) > paired:
            ops.append([at + paired, gone - paired, self.items(put[paired:])])
        return ops if size(ops) < size(plain) else plain


def _shorter(edit: Any, whole: Any) -> Any:
    return edit if size(edit) < size(whole) else whole


def apply_patch(old: Any, patch: Any, events: Sequence[Any] = ()) -> Any:
    """``old`` changed by ``patch`` (``None``: unchanged), ``events`` the values sent with
    it. ``old`` is left as it was: the result shares the parts that did not change."""
    if patch is None:
        return old
    if isinstance(patch, _SCALARS):
        return patch
    if isinstance(patch, dict):
        if not isinstance(old, dict):
            raise PatchError("an object edit of a value that is not an object")
        out = dict(old)
        for key, part in patch.items():
            if part == [REMOVE]:
                out.pop(key, None)
            elif key in old:
                out[key] = apply_patch(old[key], part, events)
            else:
                out[key] = _given(part, events)
        return out
    if isinstance(patch, list) and patch:
        if patch[0] == LIST_EDIT and len(patch) == 2:
            return _apply_list(old, patch[1], events)
        return _given(patch, events)
    raise PatchError(f"not a patch: {json.dumps(patch)[:80]}")


def _apply_list(old: Any, ops: Any, events: Sequence[Any]) -> list[Any]:
    if not isinstance(old, list) or not isinstance(ops, list):
        raise PatchError("a list edit of a value that is not a list")
    out: list[Any] = []
    done = 0  # old items before this index are placed
    for op in ops:
        at = op[0] if isinstance(op, list) and op else None
        if type(at) is not int or not done <= at <= len(old):
            raise PatchError(f"a list edit out of order or beyond the list: {at}")
        out += old[done:at]
        if len(op) == 2:
            if at == len(old):
                raise PatchError("a patch of an item beyond the list")
            out.append(apply_patch(old[at], op[1], events))
            done = at + 1
        elif len(op) == 3 and type(op[1]) is int and op[1] >= 0:
            out += _put(op[2], events)
            done = at + op[1]
            if done > len(old):
                raise PatchError("a splice beyond the list")
        else:
            raise PatchError("a list operation is [at, patch] or [at, count, items]")
    return out + old[done:]


def _put(items: Any, events: Sequence[Any]) -> list[Any]:
    """The items a splice puts: listed, or a reference to the list of them."""
    if isinstance(items, list) and items and items[0] == REFERENCE:
        found = _given(items, events)
        if not isinstance(found, list):
            raise PatchError("a splice's reference must give a list")
        return list(found)
    if not isinstance(items, list):
        raise PatchError("a splice puts a list of items")
    return [_given(item, events) for item in items]


def _given(part: Any, events: Sequence[Any]) -> Any:
    """The whole value a patch gives (a new key or item: nothing to edit)."""
    if isinstance(part, _SCALARS):
        return part
    if isinstance(part, list) and part:
        if part[0] == REPLACE and len(part) == 2:
            return part[1]
        if part[0] == REFERENCE and len(part) >= 2:
            value: Any = events
            for step in part[1:]:
                if not _holds(value, step):
                    raise PatchError(f"a reference to nothing: {part}")
                value = value[step]
            return value
    raise PatchError(f"not a whole value: {json.dumps(part)[:80]}")


def _holds(value: Any, step: Any) -> bool:
    """Whether ``value[step]`` is a part of ``value`` as JSON (no negative index, no
    letter of a string)."""
    if isinstance(value, list | tuple):
        return type(step) is int and 0 <= step < len(value)
    return isinstance(value, dict) and isinstance(step, str) and step in value
