"""The Hearts family presets (``hartenjagen.family``, ``variants.FAMILY``; docs/family.md).

- Each preset is found by ``variants.get`` under its names, English and Dutch, and its modules are
  the ones its docstring says.
- Examples from the rules: hands dealt so that who takes what is known, scored exactly as the
  sources say (a Slobberhannes player taking all three, a capot made and one lost, the Pink Lady
  moon, the penalty cards split over the seats).
- Options switched, and bad options refused with a ``RulesError``.
- ``check_rules``, whole games with every bot, JSON round trips, ``describe`` in both languages,
  the rules in words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen import family, testing, variants
from hartenjagen.bots import make_bot
from hartenjagen.cards import Card, Rank, Suit
from hartenjagen.cli.rules import rules_text
from hartenjagen.errors import RulesError
from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.texts import CATALOGUE, variant_text
from hartenjagen.moves import Announce, Move
from hartenjagen.values import Phase

FAMILY = {preset.name: preset for preset in variants.FAMILY}
#: Every family ruleset under test: the presets and each option switched.
RULESETS = {
    **{name: preset.rules for name, preset in FAMILY.items()},
    "pink_lady_qh14": family.pink_lady(queen_of_hearts=14),
    "spot_hearts_ace14": family.spot_hearts(ace=14, queen_of_spades=26),
    "slobberhannes_3p_all_three": family.slobberhannes(players=3, all_three=1),
    "polignac_5p_capot": family.polignac(players=5, capot=True),
    "polignac_6p_to_10": family.polignac(players=6, limit=10),
    "polignac_ace_high": family.polignac(ace_high=True),
    "cancellation_5p": family.cancellation_hearts(players=5),
    "cancellation_7p": family.cancellation_hearts(players=7),
    "cancellation_5p_no_joker": family.cancellation_hearts(players=5, joker=False),
    "cancellation_11p_no_passing": family.cancellation_hearts(players=11, passing=False),
    "partnership_alone_to_100": family.partnership_hearts(together_moon=False, limit=100),
    "danger_2_lives_5_deals": family.danger_hearts(lives=2, threshold=20, deals=5),
}

#: Dealer 0, so seat 1 is eldest and leads: it holds the two top cards of every suit and wins every trick.
SWEEP = (
    "7C 8C 9C TC 7D 8D 9D TD",
    "AC KC AD KD AH KH AS KS",
    "QC JC QD JD QH JH QS JS",
    "7H 8H 9H TH 7S 8S 9S TS",
)
#: As SWEEP, but seat 1's K♦ and seat 0's 7♦ change places: seat 1 must lose its 7♦ lead to seat 0.
LOSES_A_TRICK = (
    "7C 8C 9C TC KD 8D 9D TD",
    "AC KC AD 7D AH KH AS KS",
    "QC JC QD JD QH JH QS JS",
    "7H 8H 9H TH 7S 8S 9S TS",
)


def _play_hand(
    rules: hj.Rules,
    deal: tuple[str, ...],
    announce: Callable[[int], bool] = lambda seat: False,
    hand_index: int = 0,
) -> hj.HandResult:
    """Play the first hand of ``deal`` with each seat's first legal move; its line of the score sheet."""
    state = hj.new_game(rules, deal=deal, hand_index=hand_index)
    while not state.score_sheet:
        moves = hj.legal_moves(state)
        move: Move = moves[0]
        if state.phase is Phase.ANNOUNCING:
            seat = state.to_move[0]
            move = Announce(seat, announce(seat))
        state = hj.apply(state, move)
    return state.score_sheet[0]


# ---------------------------------------------------------------- names and modules


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("pink_lady", "pink_lady"),
        ("Pink Lady", "pink_lady"),
        ("roze dame", "pink_lady"),
        ("spot-hearts", "spot_hearts"),
        ("harten op oogwaarde", "spot_hearts"),
        ("SLOBBERHANNES", "slobberhannes"),
        ("slippery jack", "slobberhannes"),
        ("polignac", "polignac"),
        ("vier boeren", "polignac"),
        ("four jacks", "polignac"),
    ],
)
def test_each_preset_is_found_by_its_names(alias, name):
    assert variants.preset(alias).name == name
    assert variants.get(alias) == FAMILY[name].rules


def test_no_family_name_is_taken_by_another_preset():
    def normal(name: str) -> str:
        return re.sub(r"[\s_\-]+", " ", name.strip().lower())

    names = [
        normal(n) for p in (*variants.ALL, *variants.FAMILY, *variants.RESEARCH) for n in (p.name, *p.aliases)
    ]
    assert len(names) == len(set(names))


def test_each_preset_has_its_names_and_summary_in_both_languages():
    for name, preset in FAMILY.items():
        assert CATALOGUE[f"rules.preset.{name}"][0] == preset.summary
        assert variant_text(name, "en") == name
        assert name in variant_text(name, "nl")
        assert len({preset.rules for preset in variants.FAMILY}) == len(variants.FAMILY)


def test_the_presets_are_the_family_functions_with_their_defaults():
    assert family.pink_lady() == variants.PINK_LADY
    assert family.spot_hearts() == variants.SPOT_HEARTS
    assert family.slobberhannes() == variants.SLOBBERHANNES
    assert family.polignac() == variants.POLIGNAC
    # the hearts games keep every other slot of the standard game
    for rules in (variants.PINK_LADY, variants.SPOT_HEARTS):
        assert {
            slot for slot, module in rules.modules().items() if module != variants.STANDARD.modules()[slot]
        } == {"scoring"}


def test_the_piquet_games_deal_32_cards_to_four_and_30_to_three_five_or_six():
    for build in (family.slobberhannes, family.polignac):
        assert len(build().deck.pack()) == 32
        assert build().deck.pack()[0].rank is Rank.SEVEN
        for players in (3, 5, 6):
            pack = build(players=players).deck.pack()
            assert len(pack) == 30 and Card("7C") not in pack and Card("7S") not in pack
            assert Card("7H") in pack and Card("QC") in pack


# ---------------------------------------------------------------- card points


def test_pink_lady_values_and_the_queens_split():
    value = variants.PINK_LADY.scoring.card_value
    assert value(Card("QH")) == 13 and value(Card("QS")) == 13 and value(Card("2H")) == 1
    assert variants.PINK_LADY.scoring.moon_total(variants.PINK_LADY) == 38
    points = variants.PINK_LADY.scoring.points_of
    assert points([Card("QH"), Card("2H"), Card("3C")]) == 14
    assert points([Card("QS")]) == 13
    assert family.pink_lady(queen_of_hearts=14).scoring.moon_total(family.pink_lady(queen_of_hearts=14)) == 39


def test_spot_hearts_values():
    value = variants.SPOT_HEARTS.scoring.card_value
    assert [value(Card(rank, Suit.HEARTS)) for rank in Rank] == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15]
    assert value(Card("QS")) == 25
    assert variants.SPOT_HEARTS.scoring.moon_total(variants.SPOT_HEARTS) == 130
    other = family.spot_hearts(ace=14, queen_of_spades=26)
    assert other.scoring.card_value(Card("AH")) == 14 and other.scoring.moon_total(other) == 130
    eliters = family.spot_hearts(queen_of_spades=50, jack_of_diamonds=-40)
    assert eliters.scoring.card_value(Card("JD")) == -40


def test_polignac_values():
    value = variants.POLIGNAC.scoring.card_value
    assert [value(Card(Rank.JACK, suit)) for suit in Suit] == [1, 1, 1, 2]  # clubs, diamonds, hearts, spades
    assert value(Card("QS")) == 0 and value(Card("AH")) == 0
    assert variants.POLIGNAC.scoring.moon_total(variants.POLIGNAC) == 5


# ---------------------------------------------------------------- hands played out


def test_pink_lady_moon_gives_the_others_38():
    # seat 0 holds every club and leads the 2♣: nobody else can follow, so it wins every trick
    deal = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS 2H 3H 4H",
    )
    line = _play_hand(variants.PINK_LADY, deal, hand_index=3)  # the hand without passing
    assert line.raw == (38, 0, 0, 0)
    assert line.shooter == 0 and line.points == (0, 38, 38, 38)


def test_a_hand_of_split_penalty_cards_scores_each_seat_its_own_cards():
    for name in ("pink_lady", "spot_hearts", "polignac"):
        rules = FAMILY[name].rules
        state = hj.new_game(rules, seed=11)
        bots = [make_bot("random", seed=seat) for seat in range(rules.players)]
        while not state.score_sheet:
            seat = state.to_move[0]
            state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
        line = state.score_sheet[0]
        summary = hj.rules.HandSummary.last(state)
        assert line.raw == tuple(rules.scoring.points_of(taken) for taken in summary.cards_taken)
        assert sum(line.raw) == rules.scoring.moon_total(rules)
        if line.shooter is None:
            assert line.points == line.raw


def test_slobberhannes_first_trick_last_trick_and_queen_of_clubs():
    line = _play_hand(variants.SLOBBERHANNES, SWEEP)
    assert line.raw == (0, 1, 0, 0)  # the Q♣ (seat 2 must follow clubs with it)
    assert line.points == (0, 3, 0, 0)  # and the first and the last trick
    bonus = _play_hand(family.slobberhannes(all_three=1), SWEEP)
    assert bonus.points == (0, 4, 0, 0)


def test_slobberhannes_points_split_as_the_rule_says():
    """Over seeded hands the first trick, the last trick and the Q♣ go to different seats, and each costs 1."""
    rules = family.slobberhannes(all_three=1)
    split = False
    for seed in range(12):
        state = hj.new_game(rules, seed=seed)
        bots = [make_bot("random", seed=seed * 4 + seat) for seat in range(4)]
        while not state.score_sheet:
            seat = state.to_move[0]
            state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
        hand = hj.rules.HandSummary.last(state)
        first, last = hand.tricks[0].winner, hand.tricks[-1].winner
        queen = next(seat for seat, taken in enumerate(hand.cards_taken) if Card("QC") in taken)
        expected = [0] * 4
        for seat in (first, last, queen):
            expected[seat] += 1
        if first == last == queen:
            expected[first] += 1  # all three
        assert state.score_sheet[0].points == tuple(expected)
        split = split or len({first, last, queen}) == 3
    assert split


def test_polignac_capot_made_and_lost():
    rules = family.polignac(capot=True, ace_high=True)  # SWEEP's aces and kings are its top cards
    assert _play_hand(family.polignac(ace_high=True), SWEEP).points == (0, 5, 0, 0)
    made = _play_hand(rules, SWEEP, announce=lambda seat: seat == 1)
    assert made.announcers == (1,)
    assert made.raw == (0, 5, 0, 0) and made.points == (5, 0, 5, 5)
    lost = _play_hand(rules, LOSES_A_TRICK, announce=lambda seat: seat == 1)
    assert lost.points == tuple(raw + (5 if seat == 1 else 0) for seat, raw in enumerate(lost.raw))
    nobody = _play_hand(rules, SWEEP)
    assert nobody.points == nobody.raw == (0, 5, 0, 0)


# ---------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("build", "options", "words"),
    [
        (family.pink_lady, {"queen_of_hearts": 0}, "queen_of_hearts"),
        (family.pink_lady, {"queen_of_hearts": "13"}, "queen_of_hearts"),
        (family.spot_hearts, {"ace": True}, "ace"),
        (family.slobberhannes, {"players": 7}, "3 to 6"),
        (family.slobberhannes, {"players": 2}, "3 to 6"),
        (family.slobberhannes, {"limit": 0}, "limit"),
        (family.slobberhannes, {"all_three": 1.5}, "all_three"),
        (family.polignac, {"capot": "yes"}, "capot"),
        (family.polignac, {"players": 4.0}, "players"),
        (family.partnership_hearts, {"limit": -5}, "partnership_hearts: limit"),
        (family.partnership_hearts, {"together_moon": "no"}, "together_moon"),
        (family.danger_hearts, {"lives": 0}, "Lives: lives"),
        (family.danger_hearts, {"threshold": 2.5}, "Lives: threshold"),
        (family.danger_hearts, {"deals": None}, "Lives: deals"),
    ],
)
def test_bad_options_are_refused(build, options, words):
    with pytest.raises(RulesError, match=words):
        build(**options)


def test_an_option_switched_changes_the_rules():
    assert family.polignac(limit=10).ending == hj.rules.ending.ScoreLimit(limit=10)
    assert family.polignac(capot=True).extras == (family.Capot(),)
    assert family.slobberhannes(all_three=1).extras == (family.FirstAndLastTrick(all_three=1),)
    assert family.partnership_hearts(together_moon=False).extras == (
        hj.rules.teams.Partnership(together_moon=False),
    )
    assert family.danger_hearts(deals=5).ending == family.Lives(deals=5)


# ---------------------------------------------------------------- the contract


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_check_rules(name):
    testing.check_rules(RULESETS[name], games=1, seed=5)


@pytest.mark.parametrize("bot", ["random", "heuristic", "sampling"])
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_whole_game_with_every_bot(name, bot):
    rules = RULESETS[name]
    options = {"samples": 2} if bot == "sampling" else {}
    bots = [make_bot(bot, seed=seat, **options) for seat in range(rules.players)]
    state = hj.new_game(rules, seed=3)
    moves = 0
    while not state.is_over:
        seat = state.to_move[0]
        state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
        moves += 1
        assert moves < 5000
    assert state.winners


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_json_round_trip_and_describe(name):
    rules = RULESETS[name]
    assert hj.loads(hj.dumps(rules)) == rules
    state = hj.new_game(rules, seed=7)
    record = GameRecord.begin(state)
    events = []
    while not state.score_sheet:
        move = hj.legal_moves(state)[-1]
        state, new = hj.step(state, move)
        record = record.add(move)
        events += new
    assert hj.loads(hj.dumps(state)) == state
    assert GameRecord.from_text(record.to_text()).final_state() == state
    for event in events:
        assert hj.describe(event, "en") and hj.describe(event, "nl")


@pytest.mark.parametrize("name", sorted(FAMILY))
def test_the_rules_in_words(name):
    english, dutch = rules_text(name, "en"), rules_text(name, "nl")
    assert english.startswith(f"{name}: {FAMILY[name].summary}")
    assert CATALOGUE[f"rules.preset.{name}"][1] in dutch
    if name == "slobberhannes":
        assert "The winners of the first and the last trick score points each" in english
    if name == "polignac":
        assert "B♠ 2; B♣ B♦ B♥ elk 1" in dutch


@pytest.mark.parametrize("name", sorted(FAMILY))
def test_the_adapters_play_a_hand(name):
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    import hartenjagen.adapters.openspiel  # noqa: F401  (registers python_hartenjagen)
    from hartenjagen.adapters.pettingzoo import env

    rng = random.Random(1)
    state = pyspiel.load_game("python_hartenjagen", {"variant": name, "episode": "hand"}).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) < 0  # every hand of these games costs somebody something
    table = env(variant=name, episode="hand")
    table.reset(seed=1)
    for _agent in table.agent_iter():
        _, _, terminated, truncated, info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        table.step(rng.choice([index for index, allowed in enumerate(info["action_mask"]) if allowed]))


def test_the_family_page_shows_the_code_of_each_game():
    """docs/family.md holds each marked section of src/hartenjagen/family.py, as it is, in a ```py block."""
    root = Path(__file__).resolve().parent.parent
    code = "".join(
        (root / "src" / "hartenjagen" / name).read_text(encoding="utf-8")
        for name in ("family.py", "family_draws.py", "family_jokers.py")
    )
    page = (root / "docs" / "family.md").read_text(encoding="utf-8")
    sections = re.findall(
        r"# docs/family\.md \[start:(\w+)\]\n(.*?)\n# docs/family\.md \[end:\1\]", code, re.S
    )
    assert [name for name, _ in sections] == [
        "pink_lady",
        "spot_hearts",
        "slobberhannes",
        "polignac",
        "cancellation_hearts",
        "partnership_hearts",
        "danger_hearts",
        "gong_zhu",
        "heartsette",
        "two_player_hearts",
        "domino_hearts",
        "joker_hearts",
    ]
    for name, text in sections:
        assert f"```py\n{text.strip()}\n```" in page, (
            f"docs/family.md: the code of {name} differs from family.py"
        )
    for name in FAMILY:
        assert f"`{name}`" in page


def test_a_capot_bid_is_described_in_its_own_words():
    rules = family.polignac(capot=True)
    state = hj.new_game(rules, seed=3)
    (move,) = [m for m in hj.legal_moves(state) if isinstance(m, Announce) and m.announce]
    state, events = hj.step(state, move)
    (announced,) = [event for event in events if type(event).__name__ == "Announced"]
    seat = move.seat
    assert hj.describe(announced, "en", rules=rules) == f"Seat {seat} announces to win every trick (capot)."
    assert (
        hj.describe(announced, "nl", rules=rules)
        == f"Speler {seat} kondigt aan geen slag te laten gaan (capot)."
    )
