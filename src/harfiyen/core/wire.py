"""JSON forms of frozen dataclasses, derived from their type hints (events, moves, outcomes).

One mechanism turns engine values into JSON-ready data and back, so a wire form is
never written twice by hand: records (dataclasses) become objects of their fields,
enums their values, tuples lists. What the hints alone cannot say is declared once:

- a codec for a type (``register``): e.g. a score breakdown, or a union of card
  references written as ``"P2"``;
- a codec for one field (``field(metadata=codec_of(...))``): e.g. a square written
  ``"H8"`` where the type is only ``tuple[int, int]``;
- ``FLATTEN``: a record field whose fields appear inline in the parent;
- ``OMIT_NONE``: an optional field left out of the object while it is ``None`` (read
  back as its default), so a field added later keeps older records' wire form.

Decoding checks every value against its hint and raises :class:`WireError`, which
names the path of the first wrong value, so bad input from a client is refused
with a message that says where.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int | None = None
>>> to_json(Point(1))
{'x': 1, 'y': None}
>>> from_json({"x": 2, "y": 3}, Point)
Point(x=2, y=3)
>>> from_json({"x": "2"}, Point)
Traceback (most recent call last):
...
harfiyen.core.wire.WireError: x: expected an integer, got '2'
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Final, Literal, Union, get_args, get_origin


class WireError(ValueError):
    """A JSON value does not fit the type it should decode to; ``path`` says where."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Codec:
    """How one type (or one field) is written: ``encode`` to JSON, ``decode`` back.

    ``decode`` raises ``ValueError`` (or ``WireError``) for data it cannot read.
    """

    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


_CODECS: dict[object, Codec] = {}
_WIRE_KEY: Final = "harfiyen.wire"
FLATTEN: Final[Mapping[str, Any]] = {_WIRE_KEY: "flatten"}
OMIT_NONE: Final[Mapping[str, Any]] = {_WIRE_KEY: "omit_none"}


def register(tp: object, codec: Codec) -> None:
    """Write every value annotated ``tp`` (a class or a union) with ``codec``."""
    _CODECS[tp] = codec
    _record_plan.cache_clear()  # plans made before may have read another codec
    _encoder.cache_clear()


def codec_of(codec: Codec) -> Mapping[str, Any]:
    """Field metadata that writes one field with ``codec``."""
    return {_WIRE_KEY: codec}


@cache
def _hints(cls: type) -> tuple[tuple[dataclasses.Field[Any], Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def record_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The ``(name, type hint)`` of each init field of the dataclass ``cls``."""
    return tuple((f.name, tp) for f, tp in _hints(cls))


# --- encoding ---------------------------------------------------------------------------


def to_json(value: Any, tp: Any = None) -> Any:
    """``value`` (of type ``tp``; taken from the value when omitted) as JSON-ready data."""
    codec = _CODECS.get(tp) if tp is not None else None
    if codec is None:
        codec = _CODECS.get(type(value))
    if codec is not None:
        return codec.encode(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return record_to_json(value)
    item_types = _item_types(tp, value)
    if isinstance(value, tuple | list):
        return [to_json(item, t) for item, t in zip(value, item_types, strict=True)]
    if isinstance(value, Mapping):
        value_type = _mapping_value_type(tp)
        return {str(k): to_json(v, value_type) for k, v in value.items()}
    raise TypeError(f"no JSON form for {type(value).__name__}")


def record_to_json(record: Any) -> dict[str, Any]:
    """A dataclass instance as an object of its init fields (codecs and FLATTEN applied),
    then the derived values of its ``wire_extras()`` if it has one (never read back)."""
    out: dict[str, Any] = {}
    for name, how, encode in _record_plan(record.__class__):
        value = getattr(record, name)
        if how is None:
            out[name] = encode(value)
        elif how == "flatten":
            out.update(encode(value))
        elif value is not None:  # omit_none
            out[name] = encode(value)
    extras = getattr(record, "wire_extras", None)
    if extras is not None:
        out.update(extras())
    return out


# --- encoding plans ---------------------------------------------------------------------
# Views and events are written after every move, to every audience: the walk over the
# hints above is done once per record class and per hint, and kept as plain functions.
# A plan gives exactly what ``to_json`` gives; where a hint cannot decide (a union, a
# value of another type than its hint), the plan hands the value to ``to_json``.

Encoder = Callable[[Any], Any]
_SCALARS: Final = (type(None), bool, int, float, str)


@cache
def _record_plan(cls: type) -> tuple[tuple[str, str | None, Encoder], ...]:
    plan: list[tuple[str, str | None, Encoder]] = []
    for f, tp in _hints(cls):
        how = f.metadata.get(_WIRE_KEY)
        if isinstance(how, Codec):
            plan.append((f.name, None, how.encode))
        else:
            plan.append((f.name, how, _encoder(tp)))
    return tuple(plan)


@cache
def _encoder(tp: Any) -> Encoder:
    """A function that writes a value of hint ``tp`` as ``to_json(value, tp)`` would."""
    codec = _CODECS.get(tp)
    if codec is not None:
        return codec.encode
    if tp in _SCALARS:
        def scalar(value: Any) -> Any:
            return value if type(value) in _SCALARS else to_json(value, tp)
        return scalar
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp not in _CODECS:
        def record(value: Any) -> Any:
            return record_to_json(value) if type(value) is tp else to_json(value, tp)
        return record
    origin, args = get_origin(tp), get_args(tp)
    if origin in (tuple, list) and (
        (origin is tuple and len(args) == 2 and args[1] is Ellipsis)
        or (origin is list and len(args) == 1)
    ):
        item = _encoder(args[0])

        def sequence(value: Any) -> Any:
            if type(value) in (tuple, list):
                return [item(x) for x in value]
            return to_json(value, tp)
        return sequence

    def generic(value: Any) -> Any:
        return to_json(value, tp)
    return generic


def _item_types(tp: Any, value: Any) -> list[Any]:
    """The hint of each item of a tuple or list ``value`` (``None`` when unknown)."""
    args = get_args(_strip_optional(tp)) if tp is not None else ()
    if len(args) == 2 and args[1] is Ellipsis:
        return [args[0]] * len(value)
    if args and len(args) == len(value):
        return list(args)
    if len(args) == 1:
        return [args[0]] * len(value)
    return [None] * len(value)


def _mapping_value_type(tp: Any) -> Any:
    args = get_args(_strip_optional(tp)) if tp is not None else ()
    return args[1] if len(args) == 2 else None


def _strip_optional(tp: Any) -> Any:
    if _is_union(tp):
        rest = [a for a in get_args(tp) if a is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return tp


def _is_union(tp: Any) -> bool:
    return get_origin(tp) is Union or isinstance(tp, types.UnionType)


# --- decoding ---------------------------------------------------------------------------


def from_json(data: Any, tp: Any, path: str = "", *, strict: bool = False) -> Any:
    """The value of type ``tp`` that ``data`` is the JSON form of.

    Raises :class:`WireError` naming the first value that does not fit; ``strict``
    (for what clients send) also refuses object keys that are no field.
    """
    codec = _CODECS.get(tp)
    if codec is not None:
        return _with_codec(codec, data, path)
    if tp is Any:
        return data
    if tp is None or tp is type(None):
        if data is not None:
            raise WireError(path, f"expected null, got {data!r}")
        return None
    if _is_union(tp):
        return _union(data, get_args(tp), path, strict)
    origin = get_origin(tp)
    if origin is Literal:
        if not any(data == a and type(data) is type(a) for a in get_args(tp)):
            allowed = ", ".join(repr(a) for a in get_args(tp))
            raise WireError(path, f"expected one of {allowed}, got {data!r}")
        return data
    if origin is tuple or origin is list:
        return _sequence(data, tp, origin, path, strict)
    if origin in (dict, Mapping) or tp in (dict, Mapping):
        return _mapping(data, tp, path, strict)
    if isinstance(tp, type):
        return _simple(data, tp, path, strict)
    raise TypeError(f"cannot decode {tp!r}")


def record_from_json(cls: type, data: Any, path: str = "", *, strict: bool = False) -> Any:
    """The dataclass ``cls`` from its JSON object. Keys that are no field are ignored
    (derived values a wire form adds for readers), or refused when ``strict``."""
    if not isinstance(data, Mapping):
        raise WireError(path, f"expected an object, got {_kind(data)}")
    kind = getattr(cls, "kind", None)
    if isinstance(kind, str) and "kind" in data and data["kind"] != kind:
        raise WireError(f"{path}.kind" if path else "kind",
                        f"expected {kind!r}, got {data['kind']!r}")
    if strict:
        known = {"kind"} if isinstance(kind, str) else set()
        for f, tp in _hints(cls):
            flat = f.metadata.get(_WIRE_KEY) == "flatten"
            known |= {n for n, _ in record_fields(tp)} if flat else {f.name}
        for key in data:
            if key not in known:
                raise WireError(f"{path}.{key}" if path else str(key), "unknown field")
    values: dict[str, Any] = {}
    for f, tp in _hints(cls):
        here = f"{path}.{f.name}" if path else f.name
        how = f.metadata.get(_WIRE_KEY)
        if how == "flatten":
            values[f.name] = from_json(data, tp, path, strict=False)
            continue
        if f.name not in data:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            raise WireError(here, "missing")
        if isinstance(how, Codec):
            values[f.name] = _with_codec(how, data[f.name], here)
        else:
            values[f.name] = from_json(data[f.name], tp, here, strict=strict)
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise WireError(path, str(error)) from None


def _with_codec(codec: Codec, data: Any, path: str) -> Any:
    try:
        return codec.decode(data)
    except WireError as error:
        raise WireError(f"{path}.{error.path}" if path and error.path else path or error.path,
                        error.problem) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        raise WireError(path, f"cannot read {data!r}") from None


def _union(data: Any, options: tuple[Any, ...], path: str, strict: bool) -> Any:
    if data is None and type(None) in options:
        return None
    kinds = {k: o for o in options if isinstance(k := getattr(o, "kind", None), str)}
    if kinds and isinstance(data, Mapping):
        # Records that carry a ``kind`` (moves, events) are told apart by it.
        if "kind" not in data:
            raise WireError(f"{path}.kind" if path else "kind", "missing")
        if data["kind"] not in kinds:
            allowed = ", ".join(repr(k) for k in kinds)
            raise WireError(f"{path}.kind" if path else "kind",
                            f"expected one of {allowed}, got {data['kind']!r}")
        return from_json(data, kinds[data["kind"]], path, strict=strict)
    problems: list[str] = []
    for option in options:
        if option is type(None):
            continue
        try:
            return from_json(data, option, path, strict=strict)
        except WireError as error:
            problems.append(error.problem)
    raise WireError(path, problems[0] if len(problems) == 1 else f"unexpected {data!r}")


def _sequence(data: Any, tp: Any, origin: Any, path: str, strict: bool) -> Any:
    if not isinstance(data, list | tuple):
        raise WireError(path, f"expected a list, got {_kind(data)}")
    args = get_args(tp)
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        if len(args) != len(data):
            raise WireError(path, f"expected {len(args)} items, got {len(data)}")
        items = [from_json(d, a, f"{path}[{i}]", strict=strict)
                 for i, (d, a) in enumerate(zip(data, args, strict=True))]
    else:
        item = args[0] if args else Any
        items = [from_json(d, item, f"{path}[{i}]", strict=strict) for i, d in enumerate(data)]
    return tuple(items) if origin is tuple else items


def _mapping(data: Any, tp: Any, path: str, strict: bool) -> Any:
    if not isinstance(data, Mapping):
        raise WireError(path, f"expected an object, got {_kind(data)}")
    args = get_args(tp)
    value_type = args[1] if len(args) == 2 else Any
    return {str(k): from_json(v, value_type, f"{path}.{k}", strict=strict)
            for k, v in data.items()}


def _simple(data: Any, tp: type, path: str, strict: bool) -> Any:
    if dataclasses.is_dataclass(tp):
        return record_from_json(tp, data, path, strict=strict)
    if issubclass(tp, Enum):
        try:
            return tp(data)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in tp)
            raise WireError(path, f"expected one of {allowed}, got {data!r}") from None
    if tp is bool:
        if not isinstance(data, bool):
            raise WireError(path, f"expected true or false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise WireError(path, f"expected an integer, got {data!r}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise WireError(path, f"expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise WireError(path, f"expected a string, got {_kind(data)}")
        return data
    raise TypeError(f"cannot decode {tp!r}")


def _kind(data: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(data), type(data).__name__)


__all__ = [
    "FLATTEN", "OMIT_NONE", "Codec", "WireError", "codec_of", "from_json", "record_fields",
    "record_from_json", "record_to_json", "register", "to_json",
]
