"""Plain data between the grading processes, and nothing else.

The supervisor and the workers talk in *messages*: JSON objects, one per
frame, each frame a 4-byte big-endian length and the UTF-8 JSON text.  What
a message may carry is *plain data*: ``None``, ``bool``, ``int``, ``float``,
``str``, and ``list``, ``tuple`` and ``dict`` of plain data (dict keys are
plain too).  JSON has no tuples and only string keys, so those are tagged:

* a tuple is ``{"t": [...]}``;
* a dict is ``{"d": [[key, value], ...]}``;
* a float that JSON cannot write (nan, inf) is ``{"f": "nan"}``.

Every other JSON object is refused on reading.

Why so strict.  The learner's answers reach the judge through this module,
and :func:`decode` can only ever build exact built-in types: whatever the
learner's code returned (an ``int`` subclass whose ``==`` always says yes, an
object that pretends to be a list), the judge compares plain values.
Reading never runs code (no ``pickle``), so a forged message can be wrong,
never dangerous.  :func:`plain` is the worker's side: it turns an answer
into plain data and says, in words, what it refused.
"""

from __future__ import annotations

import json
import math
import os
import struct
from typing import Any, Dict, List, Optional

__all__ = ["WireError", "NotPlain", "plain", "encode", "decode", "send", "receive",
           "MAX_FRAME", "ANSWER_LIMIT", "nonce_suffix"]

#: The largest frame read (bytes): a forged length cannot make the reader
#: allocate gigabytes.
MAX_FRAME = 256 * 1024 * 1024
#: The largest answer a learner's worker sends (bytes): far above any real
#: outcome, far below what would take the supervisor minutes and gigabytes
#: to read.
ANSWER_LIMIT = 16 * 1024 * 1024
#: Nesting deeper than this is refused (on both sides).
MAX_DEPTH = 200

_HEADER = struct.Struct(">I")

#: Types that stand for themselves in JSON (floats only when finite).
_SIMPLE = frozenset((int, str, bool, type(None)))

_COMPARISONS = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__")


class WireError(ValueError):
    """A frame that is not a well-formed message."""


class NotPlain(TypeError):
    """A value that is not plain data; the message says what it is."""


# --------------------------------------------------------------------------
# The worker's side: answers to plain data


def _own_comparison(value: Any, base: type) -> Optional[str]:
    """The comparison method a subclass of ``base`` redefines, if any."""
    for name in _COMPARISONS:
        if getattr(type(value), name, None) is not getattr(base, name, None):
            return name
    return None


def plain(value: Any, depth: int = 0, unwrap: Optional[Dict[type, str]] = None) -> Any:
    """``value`` as plain data of exact built-in types.

    ``unwrap`` maps exact types the caller trusts (the grader's own
    ``Counted``) to the attribute holding their plain value.

    A subclass of ``int``, ``float`` or ``str`` that keeps the built-in
    comparisons is turned into its base value; one that redefines ``==``,
    ``<``, ``hash`` and the like is refused, since it could make any answer
    look right.  Lists and tuples (and their subclasses) become lists and
    tuples of plain data, read through the built-in iteration.  Anything
    else raises :class:`NotPlain` naming its type.
    """
    if depth > MAX_DEPTH:
        raise NotPlain("the answer is nested too deeply")
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if unwrap and kind in unwrap:
        return plain(getattr(value, unwrap[kind]), depth + 1, unwrap)
    for base in (int, float, str):
        if isinstance(value, base):
            redefined = _own_comparison(value, base)
            if redefined is not None:
                raise NotPlain(f"a {kind.__name__}, a subclass of {base.__name__} that "
                               f"defines its own {redefined}; return a plain {base.__name__}")
            if base is int:
                return int.__int__(value)
            if base is float:
                return float.__float__(value)
            return str.__str__(value)
    if isinstance(value, list):
        items = list(list.__iter__(value))
        if all(type(item) in _SIMPLE for item in items):
            return items
        return [plain(item, depth + 1, unwrap) for item in items]
    if isinstance(value, tuple):
        items = tuple(tuple.__iter__(value))
        if all(type(item) in _SIMPLE for item in items):
            return items
        return tuple(plain(item, depth + 1, unwrap) for item in items)
    if isinstance(value, dict):
        return {plain(key, depth + 1, unwrap): plain(item, depth + 1, unwrap)
                for key, item in dict.items(value)}
    raise NotPlain(f"a {kind.__module__}.{kind.__qualname__}" if kind.__module__ != "builtins"
                   else f"a {kind.__name__}")


# --------------------------------------------------------------------------
# Plain data to JSON and back


def _tagged(value: Any, depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        raise NotPlain("nested too deeply")
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is float:
        return value if math.isfinite(value) else {"f": repr(value)}
    if kind is list:
        if all(type(item) in _SIMPLE for item in value):
            return value
        return [_tagged(item, depth + 1) for item in value]
    if kind is tuple:
        if all(type(item) in _SIMPLE for item in value):
            return {"t": list(value)}
        return {"t": [_tagged(item, depth + 1) for item in value]}
    if kind is dict:
        return {"d": [[_tagged(k, depth + 1), _tagged(v, depth + 1)]
                      for k, v in value.items()]}
    raise NotPlain(f"a {kind.__name__} is not plain data")


def _untagged(value: Any, depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        raise WireError("nested too deeply")
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is list:
        if all(type(item) in _SIMPLE for item in value):
            return value
        return [_untagged(item, depth + 1) for item in value]
    if kind is dict and len(value) == 1:
        (tag, body), = value.items()
        if tag == "t" and type(body) is list:
            if all(type(item) in _SIMPLE for item in body):
                return tuple(body)
            return tuple(_untagged(item, depth + 1) for item in body)
        if tag == "d" and type(body) is list:
            result: Dict[Any, Any] = {}
            for pair in body:
                if type(pair) is not list or len(pair) != 2:
                    raise WireError("a dict entry is not a [key, value] pair")
                key = _untagged(pair[0], depth + 1)
                try:
                    result[key] = _untagged(pair[1], depth + 1)
                except TypeError as exc:  # an unhashable key
                    raise WireError(f"a dict key is not hashable: {exc}") from None
            return result
        if tag == "f" and body in ("nan", "inf", "-inf"):
            return float(body)
    raise WireError("an object that is not a tagged tuple, dict or float")


def encode(message: Dict[str, Any], limit: int = MAX_FRAME) -> bytes:
    """One message (a dict of str keys to plain data) as a frame, at most
    ``limit`` bytes long.  Its keys keep their order: an answer ends with
    its ``nonce`` (see :func:`nonce_suffix`)."""
    body = json.dumps({key: _tagged(value) for key, value in message.items()},
                      ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    data = body.encode("utf-8")
    if len(data) > limit:
        raise NotPlain(f"a message of {len(data):,} bytes is too large to send")
    return _HEADER.pack(len(data)) + data


def decode(data: bytes) -> Dict[str, Any]:
    """The message in a frame's body; :class:`WireError` if it is not one."""
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise WireError(f"not a JSON message ({type(exc).__name__})") from None
    if type(raw) is not dict or not all(type(key) is str for key in raw):
        raise WireError("a message must be a JSON object")
    return {key: _untagged(value) for key, value in raw.items()}


# --------------------------------------------------------------------------
# Frames on file descriptors


def nonce_suffix(nonce: str) -> bytes:
    """How the body of an answer whose last key is ``nonce`` ends: checked
    before the body is read, so that a forged frame costs nothing to refuse."""
    return b'"nonce":' + json.dumps(nonce).encode("utf-8") + b"}"


def send(fd: int, message: Dict[str, Any], limit: int = MAX_FRAME) -> None:
    """Write one message to ``fd`` (blocking until all of it is written)."""
    view = memoryview(encode(message, limit))
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _read_exactly(fd: int, count: int) -> Optional[bytes]:
    parts: List[bytes] = []
    missing = count
    while missing:
        chunk = os.read(fd, min(missing, 1 << 20))
        if not chunk:
            return None
        parts.append(chunk)
        missing -= len(chunk)
    return b"".join(parts)


def receive(fd: int) -> Optional[Dict[str, Any]]:
    """Read one message from ``fd``; None at the end of the stream.

    Raises :class:`WireError` for a frame that is not a message.
    """
    header = _read_exactly(fd, _HEADER.size)
    if header is None:
        return None
    (length,) = _HEADER.unpack(header)
    if length > MAX_FRAME:
        raise WireError(f"a frame of {length:,} bytes is over the limit")
    body = _read_exactly(fd, length)
    if body is None:
        raise WireError("the stream ended inside a frame")
    return decode(body)
