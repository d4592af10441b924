"""Write docs/schema/: the JSON Schema of every kind of saved value, and TypeScript declarations made from them.

    python scripts/gen_schema.py          # (re)write the files
    python scripts/gen_schema.py --check  # exit 1 if a committed file differs from what the code gives

The schemas come from ``hartenjagen.json_schema(kind)``; ``hartenjagen.d.ts``
is made from those schemas alone (not from the Python classes), so a frontend
in TypeScript gets the same types a validator checks.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "schema"
KINDS = ("view", "event", "move", "state", "rules", "record")
#: The web protocol's messages: their schema is written too, and their types end the declarations.
MESSAGE = "message"
#: The TypeScript name of each kind's saved (top-level) value.
SAVED = {
    "view": "SavedView",
    "event": "SavedEvent",
    "move": "SavedMove",
    "state": "SavedState",
    "rules": "SavedRules",
    "record": "SavedRecord",
    "message": "Message",
}


def schemas() -> dict[str, dict[str, Any]]:
    from hartenjagen import json_schema

    return {kind: json_schema(kind) for kind in (*KINDS, MESSAGE)}  # type: ignore[arg-type]


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- TypeScript


def _doc(text: str | None, indent: str = "") -> list[str]:
    if not text:
        return []
    return [f"{indent}/** {text.replace('*/', '* /')} */"]


def _union(parts: list[str]) -> str:
    unique = list(dict.fromkeys(parts))
    return " | ".join(unique) if unique else "never"


def ts_type(schema: Any, indent: str = "") -> str:
    """The TypeScript type of one (sub)schema of the kinds json_schema writes."""
    if schema is False:
        return "never"
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1]
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return _union([json.dumps(value) for value in schema["enum"]])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return _union([ts_type(item, indent) for item in schema[key]])
    kind = schema.get("type")
    if kind in ("integer", "number"):
        return "number"
    if kind in ("string", "boolean", "null"):
        return str(kind)
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(ts_type(item, indent) for item in schema["prefixItems"]) + "]"
        item = ts_type(schema["items"], indent)
        return f"({item})[]" if " | " in item else f"{item}[]"
    if kind == "object":
        if "properties" in schema:
            return _object_body(schema, indent)
        return f"{{ [card: string]: {ts_type(schema['additionalProperties'], indent)} }}"
    raise ValueError(f"no TypeScript type for the schema {schema!r}")


def _object_body(schema: dict[str, Any], indent: str, skip: tuple[str, ...] = ()) -> str:
    inner = indent + "  "
    lines = ["{"]
    required = set(schema.get("required", ()))
    for key, value in schema["properties"].items():
        if key in skip:
            continue
        lines += _doc(value.get("description"), inner)
        mark = "" if key in required else "?"
        lines.append(f"{inner}{key}{mark}: {ts_type(value, inner)};")
    lines.append(indent + "}")
    return "\n".join(lines)


def _declaration(name: str, schema: dict[str, Any], skip: tuple[str, ...] = ()) -> list[str]:
    lines = _doc(schema.get("description"))
    if schema.get("type") == "object" and "properties" in schema:
        lines.append(f"export interface {name} {_object_body(schema, '', skip)}")
    else:
        lines.append(f"export type {name} = {ts_type(schema)};")
    return lines


def _tops(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The saved classes a kind's schema accepts (its own keys, such as $defs and title, left out)."""
    if "oneOf" in schema:
        return list(schema["oneOf"])
    return [{k: v for k, v in schema.items() if k not in ("$schema", "$id", "title", "$defs")}]


def typescript(all_schemas: dict[str, dict[str, Any]]) -> str:
    """TypeScript declarations of every definition and every kind's saved value."""
    defs: dict[str, dict[str, Any]] = {}
    for kind, schema in all_schemas.items():
        found = dict(schema["$defs"])
        for top in _tops(schema) if kind != MESSAGE else ():  # a saved value's own class, less its version
            name = top["properties"]["type"]["const"]
            nested = {**top, "properties": {k: v for k, v in top["properties"].items() if k != "version"}}
            nested["required"] = [key for key in top["required"] if key != "version"]
            found[name] = nested
        for name, definition in found.items():
            if name in defs and defs[name] != definition:
                raise ValueError(f"{name} is defined differently in {kind}.schema.json")
            defs[name] = definition
    lines = [
        "// TypeScript declarations of the JSON that hartenjagen.frontend.serialize.dumps writes (format version 1).",
        "// Generated by scripts/gen_schema.py from docs/schema/*.schema.json: do not edit by hand.",
        "",
    ]
    for name in sorted(defs):
        lines += _declaration(name, defs[name])
        lines.append("")
    lines += [
        "/** A value at the top of a JSON text (what dumps returns) carries the format version. */",
        "export type Saved<T> = T & { version: 1 };",
        "",
    ]
    for kind, schema in all_schemas.items():
        if kind == MESSAGE:
            continue
        names = [top["properties"]["type"]["const"] for top in _tops(schema)]
        lines += _doc(f"{schema['title']}: what {kind}.schema.json validates.")
        lines.append(f"export type {SAVED[kind]} = {_union([f'Saved<{name}>' for name in names])};")
        lines.append("")
    lines += [
        "/** Any event (as nested in another value, without the version). */",
        "export type Event = " + _union(_names(all_schemas["event"])) + ";",
        "",
        "/** Any move (as nested in another value, without the version). */",
        "export type Move = " + _union(_names(all_schemas["move"])) + ";",
        "",
        "/** Any message of the web service's wire protocol (docs/protocol.md), request or reply. */",
        "export type Message = "
        + _union([item["$ref"].rsplit("/", 1)[1] for item in all_schemas[MESSAGE]["oneOf"]])
        + ";",
    ]
    return "\n".join(lines) + "\n"


def _names(schema: dict[str, Any]) -> list[str]:
    return [top["properties"]["type"]["const"] for top in _tops(schema)]


# ---------------------------------------------------------------- files


PROTOCOL_DOC = ROOT / "docs" / "protocol.md"
_START = "<!-- messages: generated by scripts/gen_schema.py from hartenjagen.frontend.protocol -->"
_END = "<!-- end of messages -->"


def protocol_doc(text: str, message: dict[str, Any]) -> str:
    """docs/protocol.md with its list of messages rewritten from the message schema."""
    rows = ["| message | `type` | what it is |", "|---|---|---|"]
    for item in message["oneOf"]:
        name = item["$ref"].rsplit("/", 1)[1]
        definition = message["$defs"][name]
        kind = definition["properties"].get("type", {}).get("const", "")
        rows.append(f"| `{name}` | {f'`{kind}`' if kind else ''} | {definition['description']} |")
    before, _, rest = text.partition(_START)
    _, _, after = rest.partition(_END)
    return before + _START + "\n\n" + "\n".join(rows) + "\n\n" + _END + after


def files() -> dict[Path, str]:
    """Every generated file and its text."""
    generated = schemas()
    out = {OUT / f"{kind}.schema.json": schema_text(schema) for kind, schema in generated.items()}
    out[OUT / "hartenjagen.d.ts"] = typescript(generated)
    out[PROTOCOL_DOC] = protocol_doc(PROTOCOL_DOC.read_text(encoding="utf-8"), generated[MESSAGE])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    stale = []
    for path, text in files().items():
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date (run python scripts/gen_schema.py):", *stale, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
