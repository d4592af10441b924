"""Named rulesets (presets). Each is a [`Rules`][hartenjagen.rules.Rules] value.

A house variant is a preset with a slot changed:

```python
attrs.evolve(variants.STANDARD, scoring=rules.scoring.OMNIBUS)
```

``get(name)`` finds a preset by name or alias (English or Dutch, any case);
``hoemke(p, l, h, s)`` builds any of Hoemke's 256 combinations; ``ALL``
lists the presets of Hearts itself with their names, aliases and sources
(sources §2); ``FAMILY`` the games of the Hearts family
(``hartenjagen.family``); ``OFFERED`` both, in that order: every preset a
user is offered (``hartenjagen variants``, the web lobby, docs/variants.md).
"""

from __future__ import annotations

import difflib
import re
from typing import Final

import attrs

from hartenjagen import family as _family
from hartenjagen import family_draws as _family_draws
from hartenjagen import family_jokers as _family_jokers
from hartenjagen.cards import Rank
from hartenjagen.errors import HartenjagenError
from hartenjagen.rules import Rules
from hartenjagen.rules import deck as _deck
from hartenjagen.rules import ending as _ending
from hartenjagen.rules import extras as _extras
from hartenjagen.rules import first_trick as _first_trick
from hartenjagen.rules import leading as _leading
from hartenjagen.rules import moon as _moon
from hartenjagen.rules import opening as _opening
from hartenjagen.rules import passing as _passing
from hartenjagen.rules import scoring as _scoring
from hartenjagen.rules.passing import PassDirection


class UnknownVariantError(HartenjagenError):
    """``get`` was given a name that is no preset; the message lists the close matches (also in ``close``)."""

    def __init__(self, message: str, close: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        #: the preset names close to the one asked for, best first (for a "did you mean")
        self.close = close


@attrs.frozen
class Preset:
    """A named ruleset: its name, the rules, other names it goes by, a summary and its sources."""

    name: str
    rules: Rules
    aliases: tuple[str, ...]
    summary: str
    sources: str


#: Standard Hearts (Black Lady) for four: pass 3 left, right, across, hold; the 2♣ leads;
#: no penalty cards on the first trick unless forced; hearts led once broken; hearts 1,
#: Q♠ 13; the moon gives the others 26; the game ends at 100 and the lowest total wins.
STANDARD: Final = Rules()

#: Standard Hearts, but the shooter of the moon chooses after the hand: the others score 26
#: more, or the shooter 26 less (Spelregelwijzer: "Volgens een andere veelgebruikte regel mag de speler
#: kiezen: de anderen 26 erbij, of zelf 26 eraf").
STANDARD_MOON_CHOICE: Final = Rules(moon=_moon.SHOOTER_CHOICE)

#: Black Lady for three: 2♦ out (51 cards, 17 each); pass left, right, hold, hold.
BLACK_LADY_3: Final = Rules(deck=_deck.MINUS_2D_3P, passing=_passing.LEFT_RIGHT_HOLD_HOLD)

#: Five players: 2♦ and 2♣ out (50 cards, 10 each; the 3♣ leads); pass 1st left, 1st right,
#: 2nd left, 2nd right, hold.
FIVE_PLAYERS: Final = Rules(deck=_deck.MINUS_2D_2C_5P, passing=_passing.FIVE_PLAYER_CYCLE)

#: Six players with two packs: 2♣ (one copy) and 2♦ out (102 cards, 17 each); one 2♣ leads;
#: of two identical winning cards the first played wins; every value counts twice (moon 52);
#: pass left, right, across (+3), hold (this passing is unsourced).
SIX_DOUBLE_DECK: Final = Rules(deck=_deck.DOUBLE_DECK_6)

#: Dutch Hartenjagen: 32 cards, no passing, eldest leads anything, no first-trick or heart-lead
#: restriction; hearts 1, Q♠ 5, J♣ 2 (15); moon 15 to the others; up to 50, then count back
#: to 0 or below.
DUTCH: Final = Rules(
    deck=_deck.PIQUET32,
    passing=_passing.NO_PASSING,
    opening=_opening.ELDEST_ANY,
    first_trick=_first_trick.ANYTHING,
    leading=_leading.ANYTIME,
    scoring=_scoring.DUTCH_32,
    ending=_ending.DUTCH_HALVES,
)

#: Achterhoek: as Dutch, but hearts 1, J♠ 8, Q♦ 6, Q♣ 3 (25), and miezen (±10) before the first lead.
ACHTERHOEK: Final = attrs.evolve(DUTCH, scoring=_scoring.ACHTERHOEK_32, extras=(_extras.MIEZEN,))

#: Argentine: as standard, but every jack 5 (the J♥ 5 only): 45 a hand, moon 45.
ARGENTINE: Final = attrs.evolve(STANDARD, scoring=_scoring.ARGENTINE)

#: Omnibus: as standard, plus the J♦ −10; the shooter need not take the J♦ and keeps its −10.
OMNIBUS: Final = attrs.evolve(STANDARD, scoring=_scoring.OMNIBUS)

#: Black Maria: three players, 2♣ out; pass right every hand; eldest leads anything; no
#: first-trick or heart-lead restriction; hearts 1, Q♠ 13, K♠ 10, A♠ 7 (43); no moon; to 100.
BLACK_MARIA: Final = Rules(
    deck=_deck.MINUS_2C_3P,
    passing=_passing.ALWAYS_RIGHT,
    opening=_opening.ELDEST_ANY,
    first_trick=_first_trick.ANYTHING,
    leading=_leading.ANYTIME,
    scoring=_scoring.BLACK_MARIA,
    moon=_moon.NO_MOON,
)

#: Seed 003 (Gamehelphearts): pass left, across, right, hold; everyone counts down from 100;
#: the game ends when a score is 0 or less and the highest wins.
COUNTDOWN: Final = Rules(passing=_passing.LEFT_ACROSS_RIGHT_HOLD, ending=_ending.COUNTDOWN_100)

#: OpenSpiel's Hearts with its default switches: one hand; a random pass direction; the
#: Q♠ breaks hearts; hearts and the Q♠ (literally) barred from trick one unless forced.
OPENSPIEL: Final = Rules(
    passing=_passing.RANDOM_DIRECTION,
    first_trick=_first_trick.NoPointsUnlessForced(restricted=_first_trick.RestrictedCards.HEARTS_AND_QUEEN),
    leading=_leading.QUEEN_BREAKS,
    ending=_ending.SINGLE_HAND,
)


def openspiel(
    *,
    pass_direction: PassDirection | None = None,
    pass_cards: bool = True,
    no_pts_on_first_trick: bool = True,
    can_lead_any_club: bool = False,
    jd_bonus: bool = False,
    avoid_all_tricks_bonus: bool = False,
    qs_breaks_hearts: bool = True,
    must_break_hearts: bool = True,
    can_lead_hearts_instead_of_qs: bool = False,
) -> Rules:
    """The rules of one hand of OpenSpiel's Hearts, from its eight switches (same names and defaults).

    OpenSpiel draws the pass direction by chance; give ``pass_direction`` to
    fix it instead (as a differential test does).
    """
    extras: tuple[_extras.HouseRule, ...] = (_extras.NoTricksBonus(),) if avoid_all_tricks_bonus else ()
    if not pass_cards:
        passing: _passing.Passing = _passing.NO_PASSING
    elif pass_direction is None:
        passing = _passing.RANDOM_DIRECTION
    else:
        passing = _passing.PassCycle(directions=(pass_direction,))
    return Rules(
        passing=passing,
        opening=_opening.ANY_CLUB if can_lead_any_club else _opening.LOWEST_CLUB,
        first_trick=(
            _first_trick.NoPointsUnlessForced(restricted=_first_trick.RestrictedCards.HEARTS_AND_QUEEN)
            if no_pts_on_first_trick
            else _first_trick.ANYTHING
        ),
        leading=(
            _leading.HeartsAfterBroken(
                queen_breaks=qs_breaks_hearts,
                hearts_and_queen=(
                    _leading.HeartsAndQueen.HEARTS_OR_QUEEN
                    if can_lead_hearts_instead_of_qs
                    else _leading.HeartsAndQueen.QUEEN_FORCED
                ),
            )
            if must_break_hearts
            else _leading.ANYTIME
        ),
        scoring=_scoring.OMNIBUS if jd_bonus else _scoring.BLACK_LADY,
        ending=_ending.SINGLE_HAND,
        extras=extras,
    )


_HOEMKE_PASSING: Final = (
    _passing.NO_PASSING,
    _passing.LEFT_RIGHT_ACROSS_HOLD,
    _passing.PASS_FOUR_RETURN_ONE,
    _passing.PASS_TO_DEALER,
)
_HOEMKE_OPENING: Final = (
    _opening.ELDEST_LOWEST_NON_HEART,
    _opening.LOWEST_CLUB,
    _opening.FIRST_DEUCE_FROM_ELDEST,
    _opening.SHOW_TWO_OF_CLUBS_LEAD_SAFE,
)
_HOEMKE_LEADING: Final = (
    _leading.AFTER_TRICK_1,
    _leading.AFTER_BROKEN,
    _leading.AFTER_TRICK_3,
    _leading.AFTER_SUITS_LED,
)
_HOEMKE_SCORING: Final = (
    _scoring.HEARTS_ONLY,
    _scoring.HOEMKE_HIGH_HEARTS,
    _scoring.OMNIBUS,
    _scoring.HOEMKE_FIRST_TWO_FREE,
)


def hoemke(p: int, l: int, h: int, s: int) -> Rules:  # noqa: E741 - Hoemke's own letters
    """One of Hoemke's 4 × 4 × 4 × 4 = 256 variants (Hoemke), chosen by its four numbers, each 1 to 4.

    - ``p`` passing: 1 none; 2 left, right, across, hold (3 cards); 3 pass four
      and return one; 4 pass to the dealer, who redeals the pool.
    - ``l`` first lead: 1 eldest leads the lowest non-heart; 2 the 2♣; 3 the
      first deuce from eldest; 4 the 2♣ holder leads a card worth nothing.
    - ``h`` hearts may be led: 1 from trick 2; 2 once broken; 3 from trick 4;
      4 once the other suits have been led.
    - ``s`` scoring: 1 hearts only; 2 high hearts 5; 3 Omnibus (J♦ −10);
      4 the first two hearts free.

    Fixed parts: 52 cards, no penalty cards on trick one unless forced, the moon
    needs every scoring card and gives the others 26, game to 100.
    """
    for letter, value in zip("plhs", (p, l, h, s), strict=True):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 4:
            raise UnknownVariantError(f"hoemke: {letter} must be 1, 2, 3 or 4, not {value!r}")
    return Rules(
        passing=_HOEMKE_PASSING[p - 1],
        opening=_HOEMKE_OPENING[l - 1],
        leading=_HOEMKE_LEADING[h - 1],
        scoring=_HOEMKE_SCORING[s - 1],
        moon=_moon.OthersPlus(amount=26, moon_set=_moon.MoonSet.ALL_NONZERO),
    )


#: Every preset, with its names and sources.
ALL: Final[tuple[Preset, ...]] = (
    Preset(
        "standard",
        STANDARD,
        ("standard_microsoft_4p", "hearts", "black lady", "zwarte dame", "hartenjagen", "microsoft"),
        "Standard Hearts (Black Lady) for four players, as on Windows.",
        "Spelregelwijzer, Gamehelphearts, Hoemke, Microsoft Hearts, pagat",
    ),
    Preset(
        "standard_moon_choice",
        STANDARD_MOON_CHOICE,
        ("moon choice", "shooter choice", "shooter's choice", "doorslag kiezen", "zelf eraf"),
        "Standard Hearts, but the moon's shooter chooses: the others +26, or 26 off their own total.",
        "Spelregelwijzer",
    ),
    Preset(
        "black_lady_3",
        BLACK_LADY_3,
        ("black_lady_3p", "three players", "3 players", "drie spelers", "hartenjagen 3 spelers"),
        "Black Lady for three players with 51 cards (2♦ out).",
        "Black Lady 3p, Spelregelwijzer",
    ),
    Preset(
        "five_players",
        FIVE_PLAYERS,
        ("5 players", "vijf spelers", "hartenjagen 5 spelers"),
        "Five players with 50 cards (2♦ and 2♣ out; the 3♣ leads).",
        "Spelregelwijzer, hearts.co, Bicycle",
    ),
    Preset(
        "six_double_deck",
        SIX_DOUBLE_DECK,
        ("double deck", "six players", "6 players", "zes spelers", "twee spellen"),
        "Six players with two packs (102 cards).",
        "Spelregelwijzer, Wikipedia Black Lady (old revision), Wikipedia Double Deck Cancellation Hearts",
    ),
    Preset(
        "dutch",
        DUTCH,
        ("dutch_32", "nederlands hartenjagen", "hartenjagen 32", "32 kaarten", "piket"),
        "Dutch Hartenjagen with 32 cards and two halves (up to 50, then back to 0).",
        "Black Lady 3p, Spelregelwijzer, speel-hartenjagen.com, speltips.eu",
    ),
    Preset(
        "achterhoek",
        ACHTERHOEK,
        ("achterhoeks hartenjagen", "miezen"),
        "Achterhoek Hartenjagen: the Dutch game with J♠ 8, Q♦ 6, Q♣ 3 and miezen.",
        "Spelregelwijzer",
    ),
    Preset(
        "argentine",
        ARGENTINE,
        ("argentijns hartenjagen", "argentijns", "afstraffen"),
        "Argentine Hearts: every jack 5 as well (45 a hand).",
        "Spelregelwijzer",
    ),
    Preset(
        "omnibus",
        OMNIBUS,
        ("omnibus hearts", "ruitenboer", "jack of diamonds"),
        "Omnibus Hearts: the J♦ is worth −10.",
        "Spelregelwijzer, Hoemke #3, OpenSpiel jd_bonus, Bicycle",
    ),
    Preset(
        "black_maria",
        BLACK_MARIA,
        ("zwarte maria",),
        "Black Maria: three players, pass right, Q♠ 13, K♠ 10, A♠ 7.",
        "Spelregelwijzer, poker.tj, gamerules.com, cardrulesplus, Wikipedia Black Maria",
    ),
    Preset(
        "countdown",
        COUNTDOWN,
        ("seed003_countdown", "gamehelphearts", "aftellen"),
        "Gamehelphearts: count down from 100; the highest score wins.",
        "Gamehelphearts",
    ),
    Preset(
        "openspiel",
        OPENSPIEL,
        ("openspiel_default", "open_spiel"),
        "OpenSpiel's Hearts with its default switches: one hand.",
        "OpenSpiel hearts.h / hearts.cc",
    ),
)


#: A toy for tree-walking algorithms (CFR and its kin), not a game of the sources: two players,
#: eight cards (the Q♠ K♠ A♠, K♣ A♣, K♥ A♥ and A♦), four each, no passing, one hand; the
#: K♣ leads, hearts 1 and the Q♠ 13, no penalty cards on the first trick unless forced.
TINY: Final = Rules(
    deck=_deck.SinglePack(players=2, lowest_rank=Rank.QUEEN, removed=("QC", "QD", "QH", "KD")),
    passing=_passing.NO_PASSING,
    ending=_ending.SINGLE_HAND,
)
#: Named rulesets for research that no source describes (looked up by `preset` and `get`, not in `ALL`).
RESEARCH: Final[tuple[Preset, ...]] = (
    Preset(
        "tiny",
        TINY,
        ("tiny_hearts",),
        "Two players, eight cards, one hand: small enough for CFR (OpenSpiel with deal='whole').",
        "hartenjagen (for research)",
    ),
)


#: Pink Lady: standard Hearts, but the Q♥ is a penalty card of 13 as well (38 a hand).
PINK_LADY: Final = _family.pink_lady()
#: Spot Hearts: standard Hearts, but each heart costs its pips (J 11, Q 12, K 13, A 15); Q♠ 25.
SPOT_HEARTS: Final = _family.spot_hearts()
#: Slobberhannes: 32 cards, no passing; the first trick, the last trick and the Q♣ cost 1 each; to 10.
SLOBBERHANNES: Final = _family.slobberhannes()
#: Polignac: 32 cards, no passing, the ace below the jack; each jack costs 1, the J♠ 2; to 20.
POLIGNAC: Final = _family.polignac()
#: Cancellation Hearts: eight players, two packs; identical cards in one trick cancel each other.
CANCELLATION_HEARTS: Final = _family.cancellation_hearts()
#: Partnership Hearts: standard Hearts in two teams, partners opposite; a team's moon; to 200 by team.
PARTNERSHIP_HEARTS: Final = _family.partnership_hearts()
#: Danger Hearts: standard Hearts with three lives each, one lost in a hand of 15 or more; ten hands.
DANGER_HEARTS: Final = _family.danger_hearts()
#: The games of the Hearts family that today's slots express exactly (`hartenjagen.family`; docs/family.md).
#: Kept apart from `ALL` (Hearts itself, the seed catalogue) but offered alongside it (`OFFERED`); each
#: has a golden, perft positions and adapter runs like the presets of `ALL`.
FAMILY: Final[tuple[Preset, ...]] = (
    Preset(
        "pink_lady",
        PINK_LADY,
        ("roze dame", "hartenvrouw"),
        "Pink Lady: standard Hearts, but the Q♥ costs 13 as well (38 a hand).",
        "pagat Hearts variations (as quoted in issue 37)",
    ),
    Preset(
        "spot_hearts",
        SPOT_HEARTS,
        ("harten op oogwaarde", "oogwaarde"),
        "Spot Hearts: each heart costs its pips (J 11, Q 12, K 13, A 15), the Q♠ 25 (130 a hand).",
        "Guardian (2008), alanhoyle.com, eliters.com",
    ),
    Preset(
        "slobberhannes",
        SLOBBERHANNES,
        ("slobberhans", "slippery jack"),
        "Slobberhannes: 32 cards; the first trick, the last trick and the Q♣ cost a point each.",
        "Wikipedia Slobberhannes, shram.kiev.ua",
    ),
    Preset(
        "polignac",
        POLIGNAC,
        ("four jacks", "quatre valets", "vier boeren"),
        "Polignac: 32 cards; each jack costs a point, the J♠ two.",
        "Wikipedia Polignac, cardrulesplus, Boussac (1896)",
    ),
    Preset(
        "cancellation_hearts",
        CANCELLATION_HEARTS,
        ("cancellation", "double deck cancellation hearts", "opheffen", "harten met opheffen"),
        "Cancellation Hearts: eight players, two packs; identical cards in a trick cancel each other.",
        "Wikipedia Cancellation Hearts",
    ),
    Preset(
        "partnership_hearts",
        PARTNERSHIP_HEARTS,
        ("partner hearts", "partnerharten", "hartenjagen met partners"),
        "Partnership Hearts: two teams, partners opposite; a team's moon; to 200 by team.",
        "Wikipedia Partner hearts, Joe Andrews (silvercrk forum, 2004)",
    ),
    Preset(
        "danger_hearts",
        DANGER_HEARTS,
        ("gevaarlijke harten", "harten met levens"),
        "Danger Hearts: three lives each, one lost in a hand of 15 or more; ten hands.",
        "Wikipedia Hearts variations",
    ),
    Preset(
        "heartsette",
        _family_draws.heartsette(),
        ("hartensette", "weduwe harten"),
        "Heartsette: 12 cards each, a widow of 3 for the first trick's winner.",
        "pokerwiner.com Games of playing cards (after Hoyle); issue 37 (pagat)",
    ),
    Preset(
        "two_player_hearts",
        _family_draws.two_player_hearts(),
        ("harten voor twee", "trekharten"),
        "Two-player Hearts: 13 cards each, a stock of 26; after each trick the winner draws first, then the other.",
        "Parlett, The Penguin Book of Card Games (Hearts for two, Draw Hearts); issue 37 (pagat)",
    ),
    Preset(
        "domino_hearts",
        _family_draws.domino_hearts(),
        ("domino-harten", "dominoharten"),
        "Domino Hearts: 6 cards each; who cannot follow draws from the stock until it can; hearts 1; game to 31.",
        "bicyclecards.com Domino Hearts; yourgametips.com (the stock to the last player, 31); issue 37 (pagat)",
    ),
    Preset(
        "gong_zhu",
        _family.gong_zhu(),
        ("chase the pig", "chinese hearts", "varkensjacht", "chinees hartenjagen"),
        "Gong Zhu: the pig Q♠ −100, the sheep J♦ +100, the 10♣ doubles; exposed cards double; to −1000.",
        "pagat.com Gong Zhu (as mirrored), Wikipedia Gong Zhu",
    ),
    Preset(
        "joker_hearts",
        _family_jokers.joker_hearts(),
        ("jokerharten", "harten met jokers"),
        "Joker Hearts: four jokers, 14 cards each; a joker counts nothing, never wins, may be played at any time.",
        "pagat.com Hearts Variations (Joker Hearts), Wikipedia Hearts variations",
    ),
)


#: Every preset offered to a user: `ALL` (Hearts itself), then `FAMILY` (its relatives). The terminal's
#: `hartenjagen variants`, the web lobby, records' preset names and docs/variants.md iterate over it.
OFFERED: Final[tuple[Preset, ...]] = (*ALL, *FAMILY)


def _normal(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())


_BY_NAME: Final = {
    _normal(alias): preset for preset in (*OFFERED, *RESEARCH) for alias in (preset.name, *preset.aliases)
}
_HOEMKE_NAME: Final = re.compile(r"hoemke p?([1-4]) ?l?([1-4]) ?h?([1-4]) ?s?([1-4])")


def preset(name: str) -> Preset:
    """The preset called ``name`` (a name or alias, any case; ``hoemke_P2L2H2S3`` too)."""
    if not isinstance(name, str):
        raise UnknownVariantError(f"a variant name is text, not {name!r}")
    key = _normal(name)
    found = _BY_NAME.get(key)
    if found is not None:
        return found
    match = _HOEMKE_NAME.fullmatch(key)
    if match:
        p, l, h, s = (int(group) for group in match.groups())  # noqa: E741
        return Preset(
            f"hoemke_P{p}L{l}H{h}S{s}",
            hoemke(p, l, h, s),
            (),
            f"Hoemke's variant P{p}L{l}H{h}S{s}.",
            "Hoemke",
        )
    close = difflib.get_close_matches(key, list(_BY_NAME), n=3, cutoff=0.8)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    names = ", ".join(p.name for p in OFFERED)
    raise UnknownVariantError(
        f"no variant called {name!r}{hint} (presets: {names}, or hoemke_P1L1H1S1..P4L4H4S4)", tuple(close)
    )


def get(name: str) -> Rules:
    """The rules of the preset called ``name``: a name or alias, English or Dutch, any case.

    An unknown name raises [`UnknownVariantError`][hartenjagen.variants.UnknownVariantError] listing the close matches.
    """
    return preset(name).rules
