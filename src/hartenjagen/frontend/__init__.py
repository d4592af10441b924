"""The frontend kit: what a program that shows a game to people (or sends it to them) is built from.

- [`views`][hartenjagen.frontend.views]: what one seat may know (`view`, `public_view`,
  `events_for`, `validate_view`);
- [`describe`][hartenjagen.frontend.describe]: one sentence per event, in English or Dutch;
- [`notation`][hartenjagen.frontend.notation]: card names, move text, hand sorting;
- [`texts`][hartenjagen.frontend.texts]: the message catalogue in both languages;
- [`serialize`][hartenjagen.frontend.serialize]: JSON of every value (`dumps`, `loads`);
- [`records`][hartenjagen.frontend.records]: game records and their text form;
- [`schema`][hartenjagen.frontend.schema]: JSON Schemas and TypeScript types of the JSON.

Each is also importable at its old path (``hartenjagen.views`` ...) until 1.0.
"""
