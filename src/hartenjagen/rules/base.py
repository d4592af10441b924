"""The shared base of every rule module: a repr that reads as code, ``check``, and equality by settings.

Every slot's base class ([`Deck`][hartenjagen.rules.deck.Deck],
[`Passing`][hartenjagen.rules.passing.Passing], ...,
[`HouseRule`][hartenjagen.rules.extras.HouseRule]) derives from
[`RuleModule`][hartenjagen.rules.base.RuleModule], so a module written by a user
behaves like a built-in one: it prints as the code that builds it, compares and
hashes by its settings, and can refuse a combination of rules in ``check``.
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING

from hartenjagen._repr import module_repr

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class RuleModule(abc.ABC):  # noqa: B024 - the base of the slot bases, which declare the abstract hooks
    """A rule module: a value that says one part of the rules.

    Write a module as a frozen attrs class (``@attrs.frozen``): it then
    compares, hashes and prints by its settings, and it saves to JSON and
    to game records with no registration. A plain subclass compares equal to
    another instance of the same class with the same attributes.
    """

    __repr__ = module_repr

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return vars(self) == vars(other) if hasattr(self, "__dict__") else self is other

    def __hash__(self) -> int:
        return hash(type(self))

    def rule_words(self, language: str = "en") -> str:
        """The rule this module says, in words, in ``language`` (``"en"`` or ``"nl"``).

        What ``hartenjagen rules`` and [`rules_text`][hartenjagen.cli.rules.rules_text]
        print for the module. The default, ``""``, lets them find the words: the catalogue's
        sentence for a built-in module, else the first paragraph of the class's docstring
        (which is English). Override it to give a rule of one's own in Dutch too, or in
        words that are not its docstring; a language it has no words in may return ``""``.
        """
        return ""

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise [`RulesError`][hartenjagen.errors.RulesError] if this module cannot work with the rest of ``rules``.

        The default accepts every combination. ``Rules(...)`` calls ``check``
        on every module once, when the rules are built.
        """
