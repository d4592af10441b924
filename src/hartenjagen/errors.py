"""The errors hartenjagen raises: every one is a ``ValueError`` with a clear message."""

from __future__ import annotations

import enum
from typing import Any

from hartenjagen._repr import enum_repr, shown


class HartenjagenError(ValueError):
    """Base class of every error this library raises on bad input."""


class CardParseError(HartenjagenError):
    """Text that does not name a card (or a list of cards)."""

    def __init__(self, text: object, detail: str = "") -> None:
        self.text = text
        message = f"cannot read {shown(text)} as a card"
        if detail:
            message += f": {detail}"
        super().__init__(message)


class RulesError(HartenjagenError):
    """A ``Rules`` value whose modules cannot be combined, or a module with bad settings."""


class SetupError(HartenjagenError):
    """Bad arguments to ``new_game``: a bad seed, dealer or explicit deal."""


class IllegalMoveCode(enum.StrEnum):
    """The built-in reasons a move is refused; each member is also its string (``"must_follow_suit"``).

    The ``code`` of an [`IllegalMove`][hartenjagen.errors.IllegalMove] is a
    string: one of these, or the ``play_code`` a house rule declares for itself.
    """

    __repr__ = enum_repr

    NOT_A_MOVE = "not_a_move"
    GAME_OVER = "game_over"
    WRONG_PHASE = "wrong_phase"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_PASSED = "already_passed"
    WRONG_PASS_COUNT = "wrong_pass_count"
    DUPLICATE_CARD = "duplicate_card"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_LEAD_OPENING_CARD = "must_lead_opening_card"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    POINTS_ON_FIRST_TRICK = "points_on_first_trick"
    PASS_NOT_ALLOWED = "pass_not_allowed"
    #: the code of [`MustDropQueen`][hartenjagen.rules.extras.MustDropQueen], which owns it (kept here for old callers)
    MUST_DROP_QUEEN = "must_drop_queen"
    HOUSE_RULE = "house_rule"
    NOT_AN_OPTION = "not_an_option"
    #: an announcement the seat is not offered (a choice of another seat, or one already made)
    NOT_OFFERED = "not_offered"
    #: a chance outcome of another kind than the chance event waiting (a card while a direction is drawn)
    WRONG_OUTCOME = "wrong_outcome"
    #: a chance outcome that cannot happen now (a card not left to deal, a direction not among the choices)
    IMPOSSIBLE_OUTCOME = "impossible_outcome"


class IllegalMove:
    """The reason a move is illegal: a machine-readable ``code`` and a sentence for a player.

    ``explain(state, move)`` returns one (or ``None`` for a legal move);
    ``apply`` raises the same reason as an [`IllegalMoveError`][hartenjagen.errors.IllegalMoveError].
    ``revocable`` says whether a rule of play refused the card (following
    suit, the first lead, the heart-lead rule, the first trick, a house rule's
    ``playable``, built-in or a module's own): under a revoke penalty
    (``RevokePenalty``) such a play is accepted and voids the hand. A move that
    is wrong in itself (not this seat's turn, a card not in hand) is never
    revocable.
    """

    __slots__ = ("code", "message", "revocable")

    code: str
    message: str
    revocable: bool

    def __init__(self, code: str, message: str, revocable: bool = False) -> None:
        self.code = code
        self.message = message
        self.revocable = revocable

    def __repr__(self) -> str:
        extra = ", revocable=True" if self.revocable else ""
        return f"IllegalMove({self.code!r}, {self.message!r}{extra})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IllegalMove):
            return NotImplemented
        return (self.code, self.message, self.revocable) == (other.code, other.message, other.revocable)

    def __hash__(self) -> int:
        return hash((self.code, self.message, self.revocable))


class IllegalMoveError(HartenjagenError):
    """``apply`` was given a move that ``legal_moves`` does not offer.

    ``code`` says why (a string: an [`IllegalMoveCode`][hartenjagen.errors.IllegalMoveCode], or
    the ``play_code`` of the house rule that refused it), ``move`` is the move, and
    ``str(error)`` is a sentence a player understands.
    """

    def __init__(self, reason: IllegalMove, move: Any) -> None:
        self.code = reason.code
        self.reason = reason
        self.move = move
        super().__init__(reason.message)
