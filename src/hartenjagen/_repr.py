"""Readable reprs for rule modules and enums (a repr that reads like the code that builds it)."""

from __future__ import annotations

import enum
import re
from typing import Any

import attrs


def module_repr(self: Any) -> str:
    """``Name(field=value, ...)`` listing only the fields that differ from their defaults."""
    if not attrs.has(type(self)):
        return f"{type(self).__name__}()"
    parts = []
    for field in attrs.fields(type(self)):
        value = getattr(self, field.name)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        if field.repr and not field.name.startswith("_") and value != default:
            parts.append(f"{field.name}={value!r}")
    return f"{type(self).__name__}({', '.join(parts)})"


def enum_repr(self: enum.Enum) -> str:
    """``Kind.MEMBER``, as written in code."""
    return f"{type(self).__name__}.{self.name}"


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message, whatever the value: short, and never raising.

    A client can send anything: a number of thousands of digits (whose ``repr`` raises
    beyond Python's digit limit), an object whose ``repr`` fails, or a very long text.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"a whole number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:
        return f"a {type(value).__name__} object"
    if not isinstance(text, str):  # pragma: no cover - repr() itself refuses a non-str __repr__
        return f"a {type(value).__name__} object"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_LONG_NUMBER = re.compile(r"[0-9]{40,}")


def brief(message: str, limit: int = 300) -> str:
    """An error message kept readable: long runs of digits shortened, and at most ``limit`` characters."""
    message = _LONG_NUMBER.sub(lambda m: f"{m.group()[:6]}...({len(m.group())} digits)", message)
    return message if len(message) <= limit else message[: limit - 3] + "..."
