"""Reading JSON text safely: the error type, JSON paths and the checks every decoder shares (internal)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias, TypeGuard, TypeVar

from hartenjagen._repr import brief
from hartenjagen.errors import HartenjagenError

#: The version of the format ``dumps`` writes and ``loads`` reads.
FORMAT_VERSION: Final = 1
#: The most digits of a number ``loads`` reads (a seed of 4,096 bits has 1,234).
_MAX_DIGITS: Final = 1234

#: A JSON value as ``json.dumps`` takes it.
Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"

T = TypeVar("T")


class FormatError(HartenjagenError):
    """JSON that is not a saved hartenjagen value, or a value that cannot be saved.

    ``path`` is the JSON path of the bad field (``$`` is the whole text,
    ``$.hands[2][5]`` the sixth card of seat 2's hand); the message starts with it.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.path = path


class _Loose:
    """How many values the decoders took in a form ``dumps`` does not write (``"qs"`` for ``"QS"``).

    A document decoded with none is the very text its decoded values encode to,
    so the replay compares decoded values, not their written form. A count kept
    across threads: another thread's loose value only sends this load down the
    slower comparison of written forms, which finds the same differences.
    """

    count = 0


def loose() -> None:
    """Note that a decoder took a value in a form ``dumps`` does not write."""
    _Loose.count += 1


def loose_count() -> int:
    """How many values decoders took in a form ``dumps`` does not write, so far (in every thread)."""
    return _Loose.count


def format_error(path: str, problem: str) -> FormatError:
    # The problem may quote what a client sent: long numbers shortened, a bounded length.
    return FormatError(f"{brief(path, 200)}: {brief(problem)}", path)


def parse_int(text: str) -> int:
    # A seed has at most 4,096 bits (1,234 digits): no field needs a longer number.
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits (at most {_MAX_DIGITS})")
    return int(text)


# ---------------------------------------------------------------- JSON helpers


class _Object(dict[str, object]):
    """A JSON object as read, remembering a key that appeared twice."""

    duplicate: str | None = None


def json_object(pairs: list[tuple[str, object]]) -> _Object:
    obj = _Object(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                obj.duplicate = key
                break
            seen.add(key)
    return obj


def sound_object(value: object) -> TypeGuard[dict[str, object]]:
    """Whether ``value`` is a JSON object with no key given twice (what `check_object` takes)."""
    return type(value) is dict or (type(value) is _Object and value.duplicate is None)


def no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def key_path(path: str, key: str) -> str:
    """The path of ``key`` inside the object at ``path``."""
    if key.isidentifier() and key.isascii():
        return f"{path}.{key}"
    return f"{path}[{show_json(key)}]"


def show_json(data: object, limit: int = 40) -> str:
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(data)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe_json(data: object) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, int):
        return f"the number {show_json(data)}"
    if isinstance(data, float):
        return f"the number {show_json(data)}"
    if isinstance(data, str):
        return f"the text {show_json(data)}"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return f"a {type(data).__name__}"


def check_object(data: object, path: str, what: str) -> dict[str, object]:
    if not isinstance(data, dict):
        raise format_error(path, f"expected {what} (a JSON object), not {describe_json(data)}")
    duplicate = data.duplicate if isinstance(data, _Object) else None
    if duplicate is not None:
        raise format_error(key_path(path, duplicate), "appears twice in one object")
    return data


def check_keys(data: dict[str, object], path: str, name: str, keys: Sequence[str], top: bool) -> None:
    """Every field of ``name`` is in ``data`` and nothing else is (besides ``type`` and the version)."""
    listing = f"the fields {', '.join(keys)}" if keys else "no fields"
    for key in keys:
        if key not in data:
            raise format_error(key_path(path, key), f"missing: a {name} has {listing}")
    for key in data:
        if key == "type" or (top and key == "version") or key in keys:
            continue
        if key == "version":
            raise format_error(key_path(path, key), "the format version belongs at the top level only")
        raise format_error(key_path(path, key), f"unexpected field: a {name} has {listing}")


def ask_module(path: str, what: str, call: Callable[..., T], *args: object) -> T:
    """``call(*args)`` (a rule module's hook), with anything it raises reported as a FormatError at ``path``."""
    try:
        return call(*args)
    except FormatError:
        raise
    except Exception as error:
        raise format_error(path, f"the rules cannot {what}: {error}") from error
