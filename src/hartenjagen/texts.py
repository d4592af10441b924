"""Every sentence the ``hartenjagen`` command and the terminal table show, in English and Dutch.

One place for the words of [`hartenjagen.cli`][hartenjagen.cli] and [`hartenjagen.terminal`][hartenjagen.terminal] (events are put in
words by [`hartenjagen.describe.describe`][hartenjagen.describe.describe]). ``WORDS[language][key]`` is a sentence with
``str.format`` fields; [`reason`][hartenjagen.texts.reason] says in the player's language why the engine refused a move.
"""

from __future__ import annotations

from typing import Final

from hartenjagen.errors import IllegalMove, IllegalMoveCode
from hartenjagen.moves import Move, Pass, Play
from hartenjagen.notation import Language, NotationError, suit_name
from hartenjagen.rules.passing import PassDirection
from hartenjagen.state import Phase
from hartenjagen.views import PlayerView

__all__ = ["DIRECTIONS", "PHASES", "WORDS", "plural", "reason", "words"]

#: The sentences of the table and the command, per language.
WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        # the table (terminal.show, terminal.ask)
        "hand": "Your hand",
        "trick": "On the table",
        "empty": "(nothing yet)",
        "scores": "Scores",
        "taken": "Taken this hand",
        "seat": "seat",
        "moves": "Your moves",
        "pass": "Choose {count} cards to pass {direction} (cards or numbers, separated by spaces)",
        "return": "Choose {count} of the cards you received to pass back (cards or numbers)",
        "chosen": "Chosen so far: {cards}. Choose {count} more ('-' starts again):",
        "cleared": "Nothing chosen yet.",
        "announce": "Announce that you will take no penalty card this hand?",
        "moon": "You took every penalty card! Choose how the moon is scored:",
        "prompt": "Your move: ",
        "illegal": "Not allowed: {reason}.",
        "unreadable": "Cannot read {text!r}: {error}",
        "number": "There is no move {number}: choose 1 to {last}.",
        "help": (
            "Type a card (QS, q♠, 10h, ♠Q, queen of spades) or the number of a move; to pass, several cards "
            "or numbers separated by spaces, or a few at a time ('-' starts the choice again); yes or no "
            "to an announcement. 'help' or '?' shows this; Ctrl-D or Ctrl-C stops."
        ),
        "bye": "Bye.",
        "header": "Hand {hand}, dealt by seat {dealer}; {phase}.",
        "yes": "yes",
        "no": "no",
        # the score sheet (terminal.score_sheet)
        "sheet": "Score sheet",
        "sheet_hand": "hand",
        "sheet_dealer": "dealer",
        "moon_note": "moon: seat {seat}",
        "announced_note": "announced: {seats}",
        "mies_made": "seat {seat} announced and took no penalty card ({points:+d})",
        "mies_failed": "seat {seat} announced but took a penalty card ({points:+d})",
        "mies_either": "seat {seat} announced ({points:+d} if no penalty card was taken, else {failed:+d})",
        "revoke_note": "revoke: seat {seat}",
        # the command (cli)
        "welcome": "hartenjagen: {variant}. You are seat {seat}; {others}.",
        "hint": "Type a card (QS, q♠, 10h) or the number of a move; 'help' lists the commands; Ctrl-D or Ctrl-C stops.",
        "bot": "seat {seat}: {name}",
        "you_won": "You win!",
        "you_lost": "You do not win this time.",
        "saved": "The game record is in {path}.",
        "record": "Game record: {variant}, seed {seed}, dealer {dealer}, {moves}.",
        "deal": "  seat {seat}: {cards}",
        "unfinished": "The record ends here, before the game is over.",
        "step": "[Enter] ",
        "move_one": "{count} move",
        "move_many": "{count} moves",
    },
    "nl": {
        "hand": "Je kaarten",
        "trick": "Op tafel",
        "empty": "(nog niets)",
        "scores": "Stand",
        "taken": "Deze ronde gehaald",
        "seat": "speler",
        "moves": "Je zetten",
        "pass": "Kies {count} kaarten om {direction} door te geven (kaarten of nummers, met spaties)",
        "return": "Kies {count} van de gekregen kaarten om terug te geven (kaarten of nummers)",
        "chosen": "Gekozen: {cards}. Kies er nog {count} ('-' begint opnieuw):",
        "cleared": "Nog niets gekozen.",
        "announce": "Miezen: je haalt deze ronde geen strafkaart?",
        "moon": "Je hebt alle strafkaarten gehaald! Kies hoe dat telt:",
        "prompt": "Jouw zet: ",
        "illegal": "Dat mag niet: {reason}.",
        "unreadable": "Kan {text!r} niet lezen: typ een kaart (VS, schoppenvrouw, B♣, 10h) of het nummer van een zet; 'help' of '?' legt het uit.",
        "number": "Er is geen zet {number}: kies 1 tot en met {last}.",
        "help": (
            "Typ een kaart (VS, schoppenvrouw, B♣, 10h, HK voor de klaverenheer; ook QS en q♠) of het "
            "nummer van een zet; om door te geven meerdere kaarten of nummers met spaties, of een paar "
            "tegelijk ('-' begint opnieuw); ja of nee bij miezen. 'help' of '?' toont dit; Ctrl-D of "
            "Ctrl-C stopt."
        ),
        "bye": "Tot ziens.",
        "header": "Ronde {hand}, gedeeld door speler {dealer}; {phase}.",
        "yes": "ja",
        "no": "nee",
        "sheet": "Scorebriefje",
        "sheet_hand": "ronde",
        "sheet_dealer": "gever",
        "moon_note": "alles: speler {seat}",
        "announced_note": "gemiesd: {seats}",
        "mies_made": "speler {seat} miesde en haalde geen strafkaart ({points:+d})",
        "mies_failed": "speler {seat} miesde maar haalde een strafkaart ({points:+d})",
        "mies_either": "speler {seat} miesde ({points:+d} zonder strafkaart, anders {failed:+d})",
        "revoke_note": "verzaakt: speler {seat}",
        "welcome": "hartenjagen: {variant}. Jij bent speler {seat}; {others}.",
        "hint": "Typ een kaart (VS, schoppenvrouw, 10h) of het nummer van een zet; 'help' legt het uit; Ctrl-D of Ctrl-C stopt.",
        "bot": "speler {seat}: {name}",
        "you_won": "Je hebt gewonnen!",
        "you_lost": "Je hebt deze keer niet gewonnen.",
        "saved": "Het spelverslag staat in {path}.",
        "record": "Spelverslag: {variant}, seed {seed}, gever {dealer}, {moves}.",
        "deal": "  speler {seat}: {cards}",
        "unfinished": "Het verslag stopt hier, voor het einde van het spel.",
        "step": "[Enter] ",
        "move_one": "{count} zet",
        "move_many": "{count} zetten",
    },
}

#: The phases as the header of the table names them.
PHASES: Final[dict[str, dict[Phase, str]]] = {
    "en": {
        Phase.PASSING: "passing",
        Phase.ANNOUNCING: "announcing",
        Phase.PLAYING: "playing",
        Phase.MOON_CHOICE: "moon choice",
        Phase.GAME_OVER: "game over",
        Phase.CHANCE: "chance",
    },
    "nl": {
        Phase.PASSING: "doorgeven",
        Phase.ANNOUNCING: "miezen",
        Phase.PLAYING: "spelen",
        Phase.MOON_CHOICE: "keuze",
        Phase.GAME_OVER: "einde",
        Phase.CHANCE: "het lot",
    },
}

#: Where passed cards go, as the end of a sentence.
DIRECTIONS: Final[dict[str, dict[PassDirection, str]]] = {
    "en": {
        PassDirection.LEFT: "to the left",
        PassDirection.RIGHT: "to the right",
        PassDirection.ACROSS: "to the player across",
        PassDirection.SECOND_LEFT: "to the second seat on the left",
        PassDirection.SECOND_RIGHT: "to the second seat on the right",
        PassDirection.DEALER: "to the dealer",
        PassDirection.HOLD: "nowhere",
    },
    "nl": {
        PassDirection.LEFT: "naar links",
        PassDirection.RIGHT: "naar rechts",
        PassDirection.ACROSS: "naar de overkant",
        PassDirection.SECOND_LEFT: "naar de tweede speler links",
        PassDirection.SECOND_RIGHT: "naar de tweede speler rechts",
        PassDirection.DEALER: "naar de gever",
        PassDirection.HOLD: "niet",
    },
}

#: Why the engine refused a move, in Dutch, per code. ``{card}`` is the card named, ``{allowed}``
#: the cards that may be played now; the English sentences come from the engine itself.
_DUTCH_REASONS: Final[dict[str, str]] = {
    IllegalMoveCode.NOT_A_MOVE: "dat is geen zet",
    IllegalMoveCode.GAME_OVER: "het spel is afgelopen",
    IllegalMoveCode.WRONG_PHASE: "het is nu tijd voor {phase}",
    IllegalMoveCode.NO_SUCH_SEAT: "die speler is er niet",
    IllegalMoveCode.NOT_YOUR_TURN: "je bent niet aan de beurt",
    IllegalMoveCode.ALREADY_PASSED: "je hebt al doorgegeven",
    IllegalMoveCode.WRONG_PASS_COUNT: "geef precies {count} kaarten door, niet {given}",
    IllegalMoveCode.DUPLICATE_CARD: "je noemt de {card} twee keer",
    IllegalMoveCode.CARD_NOT_IN_HAND: "je hebt de {card} niet",
    IllegalMoveCode.MUST_FOLLOW_SUIT: "je moet kleur bekennen: er is {suit} gevraagd",
    IllegalMoveCode.MUST_LEAD_OPENING_CARD: "de eerste slag begint met {allowed}",
    IllegalMoveCode.HEARTS_NOT_BROKEN: "met de {card} mag je nog niet uitkomen (je mag: {allowed})",
    IllegalMoveCode.POINTS_ON_FIRST_TRICK: (
        "geen strafkaarten in de eerste slag zolang je iets anders kunt spelen (je mag: {allowed})"
    ),
    IllegalMoveCode.PASS_NOT_ALLOWED: "de {card} mag niet: geef een van de kaarten terug die je kreeg",
    IllegalMoveCode.MUST_DROP_QUEEN: "je moet de schoppenvrouw nu afgooien: ze kan de slag niet meer winnen",
    IllegalMoveCode.HOUSE_RULE: "een huisregel verbiedt de {card} (je mag: {allowed})",
    IllegalMoveCode.NOT_AN_OPTION: "dat is hier geen keuze",
    IllegalMoveCode.WRONG_OUTCOME: "het lot beslist nu iets anders",
    IllegalMoveCode.IMPOSSIBLE_OUTCOME: "dat kan het lot nu niet brengen",
}


def words(language: str) -> dict[str, str]:
    """The sentences of ``language`` (``"en"`` or ``"nl"``); another language raises ``NotationError``."""
    if language not in WORDS:
        raise NotationError(f"language must be 'en' or 'nl', not {language!r}")
    return WORDS[language]


def plural(count: int, key: str, language: Language) -> str:
    """``1 move``, ``2 moves`` (``key`` names the ``_one`` and ``_many`` sentences)."""
    table = words(language)
    return table[f"{key}_one" if count == 1 else f"{key}_many"].format(count=count)


def _named_card(move: Move, message: str) -> str:
    """The card a refusal is about: the card played, or the card of a pass the engine's sentence names."""
    if isinstance(move, Play):
        return move.card.symbol
    if isinstance(move, Pass):
        return next((card.symbol for card in move.cards if card.symbol in message), "")
    return ""


def reason(problem: IllegalMove, move: Move, v: PlayerView, language: Language) -> str:
    """Why ``move`` was refused, in the player's language (``v``: the player's view).

    English is the engine's own sentence (``problem.message``). Dutch says the same by the
    refusal's code, with the card, the suit that was led, the phase and the cards the player
    may play now, all taken from the view.
    """
    if language != "nl":
        words(language)
        return problem.message
    template = _DUTCH_REASONS.get(problem.code, "dat mag niet")
    allowed = " ".join(m.card.symbol for m in v.legal_moves if isinstance(m, Play)) or "-"
    led = v.trick[0].card if v.trick else None
    return template.format(
        card=_named_card(move, problem.message),
        allowed=allowed,
        suit=suit_name(led.suit, "nl") if led is not None else "een andere kleur",
        count=v.pass_count,
        given=len(move.cards) if isinstance(move, Pass) else 0,
        phase=PHASES["nl"][v.phase],
    )
