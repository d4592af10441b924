"""The generator of chance events: xoshiro128** keyed by BLAKE2b, shuffles (swap positions several to a word) and choices without bias."""

from __future__ import annotations

import hashlib
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hartenjagen.core.draws import Draws, shuffle_groups

WORD = 0xFFFFFFFF


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & WORD


def _reference(state: list[int], count: int) -> list[int]:
    """xoshiro128** as its authors' C code writes it, on Python integers."""
    s = list(state)
    out = []
    for _ in range(count):
        out.append((_rotl((s[1] * 5) & WORD, 7) * 9) & WORD)
        t = (s[1] << 9) & WORD
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
    return out


def _seeded(state: list[int]) -> Draws:
    draws = Draws("any")
    draws._a, draws._b, draws._c, draws._d = state
    return draws


def test_the_words_are_xoshiro128_starstar():
    draws = _seeded([1, 2, 3, 4])
    words = [draws.word() for _ in range(1000)]
    assert words[:4] == [11520, 0, 5927040, 70819200]  # the sequence worked by hand from the algorithm
    assert words == _reference([1, 2, 3, 4], 1000)


def test_the_key_seeds_the_state_through_blake2b():
    digest = hashlib.blake2b(b"hartenjagen/7/0", digest_size=16).digest()
    state = [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4)]
    draws, other = Draws("hartenjagen/7/0"), Draws("hartenjagen/7/1")
    assert [draws.word() for _ in range(50)] == _reference(state, 50)
    assert [other.word() for _ in range(50)] != _reference(state, 50)


def test_below_is_uniform():
    """52,000 draws below 52: a chi-square statistic far from bias (df 51; 0.1 % level is about 87)."""
    draws = Draws("uniform")
    counts = Counter(draws.below(52) for _ in range(52_000))
    assert set(counts) == set(range(52))
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 87


@pytest.mark.parametrize("n", [1, 2, 3, 52, 53, 104, 2**31, 2**32])
def test_below_stays_in_range(n):
    draws = Draws(f"range/{n}")
    assert all(0 <= draws.below(n) < n for _ in range(200))


def test_below_refuses_an_empty_range():
    with pytest.raises(ValueError, match="cannot draw below 0"):
        Draws("x").below(0)


def test_choice_refuses_an_empty_sequence():
    with pytest.raises(IndexError, match="empty"):
        Draws("x").choice([])


def _reference_shuffle(words: list[int], n: int) -> list[int]:
    """Fisher–Yates on ``range(n)``, its swap positions drawn a group at a time, written out plainly.

    Going down from the top position, a group takes the positions whose
    ranges (``i + 1`` for position ``i``) multiply to at most 2**32. One word
    is drawn for the group, again while it is not below the largest multiple
    of that product; its digits in mixed radix, lowest first, are the swap
    positions of the group, top position first.
    """
    cards = list(range(n))
    source = iter(words)
    top = n - 1
    while top > 0:
        ranges = [top + 1]
        while top - len(ranges) > 0 and math.prod(ranges) * (top - len(ranges) + 1) <= 2**32:
            ranges.append(top - len(ranges) + 1)
        product = math.prod(ranges)
        word = next(source)
        while word >= product * (2**32 // product):
            word = next(source)
        for size in ranges:
            word, swap = divmod(word, size)
            cards[size - 1], cards[swap] = cards[swap], cards[size - 1]
        top -= len(ranges)
    return cards


@pytest.mark.parametrize("n", [0, 1, 2, 3, 13, 24, 32, 51, 52, 104, 127, 200])
def test_a_shuffle_is_the_grouped_fisher_yates(n):
    key = f"hartenjagen/3/{n}"
    cards = list(range(n))
    Draws(key).shuffle_cards(cards)
    words_source = Draws(key)
    assert cards == _reference_shuffle([words_source.word() for _ in range(400)], n)


def test_a_pack_takes_eight_groups_of_five_to_eight_positions():
    groups = shuffle_groups(52)
    tops = [51] + [last for last, _ in groups[:-1]]
    sizes = [top - last for top, (last, _) in zip(tops, groups, strict=True)]
    assert sizes == [5, 5, 6, 6, 6, 7, 8, 8]
    assert sum(sizes) == 51
    assert shuffle_groups(1) == shuffle_groups(0) == ()
    assert shuffle_groups(2) == ((0, 2**32),)  # one position below 2: every word is accepted


def test_a_shuffle_refuses_more_items_than_a_word_has_values():
    with pytest.raises(ValueError, match="more than 2\\*\\*32 items"):
        shuffle_groups(2**32 + 1)
    top = shuffle_groups(2**16 + 2)[0]  # ranges 2**16 + 2 and 2**16 + 1 multiply past 2**32
    assert top == (2**16, 2**32 - 2**32 % (2**16 + 2))


def test_the_words_a_deal_uses():
    """A pack takes one word a group and about one in ten groups draws again."""
    counts = []
    for k in range(500):
        draws = Draws(f"count/{k}")
        draws.shuffle_cards(list(range(52)))
        after = (draws._a, draws._b, draws._c, draws._d)
        again = Draws(f"count/{k}")
        used = 0
        while (again._a, again._b, again._c, again._d) != after:
            again.word()
            used += 1
        counts.append(used)
    assert min(counts) == 8
    assert 8.3 < sum(counts) / len(counts) < 9.5


@given(st.text(max_size=40), st.integers(0, 110))
def test_a_shuffle_is_a_permutation_and_both_shuffles_agree(key, size):
    cards = list(range(size))
    ours, generic = list(cards), list(cards)
    Draws(key).shuffle_cards(ours)
    Draws(key).shuffle(generic)
    assert ours == generic
    assert sorted(ours) == cards


def test_every_position_of_a_shuffle_is_equally_likely():
    """The first card of 4,000 shuffles of 4 cards lands on each position about 1,000 times."""
    where = Counter()
    for k in range(4000):
        cards = [0, 1, 2, 3]
        Draws(f"shuffle/{k}").shuffle_cards(cards)
        where[cards.index(0)] += 1
    assert all(880 < where[p] < 1120 for p in range(4))


def test_every_order_of_a_shuffle_is_equally_likely():
    """24,000 shuffles of 4 cards (one group): each of the 24 orders about 1,000 times (chi-square, df 23;
    the 0.1 % level is about 49.7)."""
    orders = Counter()
    for k in range(24_000):
        cards = [0, 1, 2, 3]
        Draws(f"order/{k}").shuffle_cards(cards)
        orders[tuple(cards)] += 1
    assert len(orders) == 24
    assert sum((n - 1000) ** 2 / 1000 for n in orders.values()) < 49.7


def test_a_pack_deals_every_card_to_every_place_equally():
    """Where the ace of spades and the two of clubs land in 5,200 deals of 52 (chi-square, df 51 each)."""
    for card in (0, 51):
        where = Counter()
        for k in range(5_200):
            cards = list(range(52))
            Draws(f"place/{k}").shuffle_cards(cards)
            where[cards.index(card)] += 1
        assert sum((where[p] - 100) ** 2 / 100 for p in range(52)) < 87
