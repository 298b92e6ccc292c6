"""Exact, validating conversion between frozen dataclasses and JSON-friendly dicts.

`to_dict` walks a dataclass by its fields; `from_dict` rebuilds it from the type hints and
refuses anything that does not fit (wrong types, missing or unknown keys), so a state read
back from storage is checked before it is constructed. Dataclasses may validate their own
invariants in `__post_init__`; those errors surface as `InvalidState` too.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from engine.errors import InvalidState

T = TypeVar("T")
JSON = Any

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = get_type_hints(cls)
        _HINTS[cls] = hints
    return hints


def to_dict(obj: Any) -> JSON:
    """Convert a dataclass (or any nesting of tuples, dicts and scalars) to plain JSON values."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, tuple | list):
        return [to_dict(x) for x in obj]
    if isinstance(obj, Mapping):
        return {str(k): to_dict(v) for k, v in obj.items()}
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj
    raise TypeError(f"cannot serialise {type(obj).__name__}")


def from_dict(cls: type[T], data: JSON) -> T:
    """Rebuild `cls` from `to_dict` output, validating every field; raises InvalidState."""
    try:
        return typing.cast(T, _decode(cls, data, cls.__name__))
    except InvalidState:
        raise
    except (TypeError, ValueError, KeyError) as exc:
        raise InvalidState(f"{cls.__name__}: {exc}") from exc


def _decode(tp: Any, data: Any, where: str) -> Any:
    if tp is Any:
        return data
    by_origin = _BY_ORIGIN.get(get_origin(tp))
    if by_origin is not None:
        return by_origin(tp, data, where)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, data, where)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _decode_enum(tp, data, where)
    scalar = _SCALARS.get(tp)
    if scalar is None:
        raise TypeError(f"{where}: unsupported type {tp!r}")
    return scalar(data, where)


def _decode_union(tp: Any, data: Any, where: str) -> Any:
    args = get_args(tp)
    if data is None and type(None) in args:
        return None
    errors = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return _decode(arg, data, where)
        except (InvalidState, TypeError, ValueError) as exc:
            errors.append(str(exc))
    raise InvalidState(f"{where}: {data!r} fits none of {tp} ({'; '.join(errors)})")


def _decode_literal(tp: Any, data: Any, where: str) -> Any:
    if data in get_args(tp):
        return data
    raise InvalidState(f"{where}: {data!r} is not one of {get_args(tp)}")


def _decode_tuple(tp: Any, data: Any, where: str) -> Any:
    args = get_args(tp)
    if not isinstance(data, list | tuple):
        raise InvalidState(f"{where}: expected a list, got {type(data).__name__}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], x, f"{where}[{i}]") for i, x in enumerate(data))
    if len(args) != len(data):
        raise InvalidState(f"{where}: expected {len(args)} items, got {len(data)}")
    return tuple(_decode(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, data, strict=True)))


def _decode_mapping(tp: Any, data: Any, where: str) -> Any:
    key_t, val_t = get_args(tp)
    if not isinstance(data, dict):
        raise InvalidState(f"{where}: expected an object")
    return {_decode_key(key_t, k, where): _decode(val_t, v, f"{where}.{k}") for k, v in data.items()}


def _decode_dataclass(tp: Any, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise InvalidState(f"{where}: expected an object, got {type(data).__name__}")
    hints = _hints(tp)
    fields = {f.name: f for f in dataclasses.fields(tp) if f.init}
    unknown = set(data) - set(fields)
    if unknown:
        raise InvalidState(f"{where}: unknown keys {sorted(unknown)}")
    kwargs = {}
    for name, field in fields.items():
        if name not in data:
            if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise InvalidState(f"{where}: missing key {name!r}")
            continue
        kwargs[name] = _decode(hints[name], data[name], f"{where}.{name}")
    try:
        return tp(**kwargs)
    except (TypeError, ValueError) as exc:
        raise InvalidState(f"{where}: {exc}") from exc


def _decode_enum(tp: Any, data: Any, where: str) -> Any:
    try:
        return tp(data)
    except ValueError as exc:
        raise InvalidState(f"{where}: {exc}") from exc


def _decode_bool(data: Any, where: str) -> Any:
    if isinstance(data, bool):
        return data
    raise InvalidState(f"{where}: expected true/false, got {data!r}")


def _decode_int(data: Any, where: str) -> Any:
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    raise InvalidState(f"{where}: expected an integer, got {data!r}")


def _decode_float(data: Any, where: str) -> Any:
    if isinstance(data, int | float) and not isinstance(data, bool):
        return float(data)
    raise InvalidState(f"{where}: expected a number, got {data!r}")


def _decode_str(data: Any, where: str) -> Any:
    if isinstance(data, str):
        return data
    raise InvalidState(f"{where}: expected a string, got {data!r}")


def _decode_none(data: Any, where: str) -> Any:
    if data is None:
        return None
    raise InvalidState(f"{where}: expected null")


# Decoders by a type's origin (generic aliases) and for plain scalar types.
_BY_ORIGIN: dict[Any, Callable[[Any, Any, str], Any]] = {
    Union: _decode_union, types.UnionType: _decode_union, typing.Literal: _decode_literal,
    tuple: _decode_tuple, dict: _decode_mapping, Mapping: _decode_mapping, typing.Mapping: _decode_mapping,
}
_SCALARS: dict[Any, Callable[[Any, str], Any]] = {
    bool: _decode_bool, int: _decode_int, float: _decode_float, str: _decode_str, type(None): _decode_none,
}


def _decode_key(tp: Any, key: str, where: str) -> Any:
    if tp is int:
        if isinstance(key, int) and not isinstance(key, bool):
            return key
        # Only the form to_dict writes ("12", "-3"): " 1", "01" or "1_0" would let two keys collide.
        try:
            value = int(key) if isinstance(key, str) else None
        except ValueError:
            value = None
        if value is None or str(value) != key:
            raise InvalidState(f"{where}: key {key!r} is not an integer")
        return value
    return _decode(tp, key, where)


def command_to_dict(command: Any) -> JSON:
    """Serialise a command with its class name under "type"."""
    return {"type": type(command).__name__, **to_dict(command)}


def command_from_dict(kinds: tuple[type, ...], data: JSON) -> Any:
    """Rebuild a command whose class is one of `kinds`, chosen by its "type" key."""
    if not isinstance(data, dict) or "type" not in data:
        raise InvalidState("a command needs a 'type' key")
    by_name = {k.__name__: k for k in kinds}
    body = dict(data)
    name = body.pop("type")
    kind = by_name.get(name) if isinstance(name, str) else None
    if kind is None:
        raise InvalidState(f"unknown command type {data['type']!r}")
    return from_dict(kind, body)
