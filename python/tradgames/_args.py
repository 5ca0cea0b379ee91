"""Argument errors of the public API, as Python users expect them (issue 32).

pybind11 reports a wrong argument type as "_perft(): incompatible function arguments ...
Invoked with: ..." (the private name, every overload, every value) and text with a lone UTF-16
surrogate (which is not valid Unicode, so it cannot become UTF-8) as a RuntimeError. The
wrappers made here leave every call that succeeds as it is; when one fails that way they raise

* ``TypeError("Board.push(): argument 'move' must be a tradgames.Move or str, not int")``:
  the public name, the argument and the expected type;
* ``tradgames.ParseError("Board.push(): argument 'move' is not valid text: a lone UTF-16
  surrogate U+DC80 at index 0")`` for text that is not valid Unicode.
"""

from __future__ import annotations

import functools
import inspect
import os
import re
import typing
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from . import _core

# pybind11's type names in signatures -> Python types.
_NAMED: Dict[str, Any] = {
    "str": str, "int": int, "float": float, "bool": bool, "object": object, "None": type(None),
    "os.PathLike": os.PathLike,
}


def _core_type(name: str) -> Any:
    if name.startswith("tradgames._core."):
        return getattr(_core, name[len("tradgames._core."):], object)
    if name.startswith("numpy"):
        return object
    return _NAMED.get(name, object)


def _split_top(text: str) -> List[str]:
    """text split on commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _parse_type(text: str) -> Any:
    m = re.fullmatch(r"(Optional|List|Union|Iterable|Sequence|Dict|Tuple)\[(.*)\]", text)
    if not m:
        return _core_type(text)
    args = tuple(_parse_type(a) for a in _split_top(m.group(2)))
    if m.group(1) == "Optional":
        return Optional[args[0]]
    if m.group(1) == "Union":
        return typing.Union[args]
    if m.group(1) in ("List", "Iterable", "Sequence"):
        return List[args[0]]
    if m.group(1) == "Dict":
        return Dict[args[0], args[1]]
    return Tuple[args]


def _pybind_params(fn: Any) -> Optional[List[Tuple[str, Any]]]:
    """(name, type) of a pybind11 function's parameters from its signature line, or None."""
    doc = (getattr(fn, "__doc__", None) or "").splitlines()
    if not doc:
        return None
    m = re.match(r"^\w+\((.*)\)( -> .*)?$", doc[0])
    if not m:
        return None
    out = []
    for p in _split_top(m.group(1)):
        if p.startswith("*"):
            continue
        name, _, rest = p.partition(":")
        typ = rest.split("=")[0].strip()
        out.append((name.strip(), _parse_type(typ) if typ else object))
    return out


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is typing.Union:
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        text = " or ".join(_describe(a) for a in args)
        return text + " or None" if len(args) < len(typing.get_args(hint)) else text
    if origin in (list, tuple, dict) or origin is not None:
        return "a list" if origin in (list,) else getattr(origin, "__name__", str(origin))
    if hint is object or hint is Any:
        return "any value"
    if isinstance(hint, type):
        if hint.__module__.startswith("tradgames"):
            return "a tradgames." + hint.__name__
        return hint.__name__
    return str(hint)


def _satisfies(value: Any, hint: Any) -> bool:
    if hint is Any or hint is object:
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Union:
        return any(_satisfies(value, a) for a in typing.get_args(hint))
    if origin in (list, tuple) or origin is typing.get_origin(Sequence[int]):
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            return False
        return True
    if origin is dict:
        return isinstance(value, dict)
    if origin is not None:
        return True
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) or (hasattr(value, "__index__") and not isinstance(value, float))
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True


def _bad_text(value: Any) -> int:
    """Index of the first lone surrogate of a str (or a str inside a list/tuple/dict), else -1."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            return e.start
        return -1
    return -1


def _texts(value: Any) -> List[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    if isinstance(value, dict):
        return [t for kv in value.items() for v in kv for t in _texts(v)]
    return []


def check_text(where: str, name: str, value: Any) -> None:
    """Raises ParseError naming `where` and argument `name` when value (or a str in it) is not
    valid Unicode text."""
    for t in _texts(value):
        i = _bad_text(t)
        if i >= 0:
            raise _core.ParseError(
                f"{where}(): argument '{name}' is not valid text: a lone UTF-16 surrogate "
                f"U+{ord(t[i]):04X} at index {i}")


def _explain(where: str, params: Sequence[Tuple[str, Any]], args: Tuple[Any, ...],
             kwargs: Dict[str, Any]) -> Optional[Exception]:
    """The error a failed call gets: ParseError for invalid text, TypeError for the first
    argument whose type does not fit, or None when neither is found."""
    bound: List[Tuple[str, Any, Any]] = []
    for (name, hint), value in zip(params, args):
        bound.append((name, hint, value))
    hints = dict(params)
    for name, value in kwargs.items():
        bound.append((name, hints.get(name, object), value))
    for name, _, value in bound:
        try:
            check_text(where, name, value)
        except _core.ParseError as e:
            return e
    for name, hint, value in bound:
        if not _satisfies(value, hint):
            return TypeError(f"{where}(): argument '{name}' must be {_describe(hint)}, "
                             f"not {type(value).__name__}")
    return None


def _failed_conversion(e: BaseException) -> bool:
    text = str(e)
    return "incompatible function arguments" in text or "incompatible constructor arguments" in text \
        or "Unable to cast" in text


def wrap_core(where: str, fn: Callable[..., Any], params: Optional[Sequence[Tuple[str, Any]]] = None,
              skip_self: bool = False) -> Callable[..., Any]:
    """fn (a pybind11 function or method) whose failed argument conversions are reported by
    _explain under the public name `where`. params: (name, type) per argument, default: read
    from fn's signature line."""
    ps = list(params) if params is not None else (_pybind_params(fn) or [])
    if skip_self and ps and ps[0][0] == "self":
        ps = ps[1:]

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (TypeError, RuntimeError) as e:
            if not _failed_conversion(e):
                raise
            err = _explain(where, ps, args[1:] if skip_self else args, kwargs)
            if err is None:
                raise
            raise err from None
    return wrapper


def wrap_methods(cls: Any, names: Sequence[str]) -> None:
    """Replaces each method of the pybind11 class cls by wrap_core(Class.method, ...)."""
    for name in names:
        fn = cls.__dict__[name]
        where = cls.__name__ if name == "__init__" else f"{cls.__name__}.{name}"
        setattr(cls, name, wrap_core(where, fn, skip_self=True))


def checked(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A public Python function whose arguments are checked against its annotations when the
    call fails in the extension (same errors as wrap_core, under the function's own name)."""
    sig = inspect.signature(fn)
    hints = typing.get_type_hints(fn)
    params = [(n, hints.get(n, object)) for n, p in sig.parameters.items()
              if p.kind in (p.POSITIONAL_OR_KEYWORD, p.POSITIONAL_ONLY, p.KEYWORD_ONLY)]
    return wrap_core(fn.__name__, fn, params)
