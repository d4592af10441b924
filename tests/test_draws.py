"""The generator of chance events: xoshiro128** keyed by BLAKE2b, shuffles and choices without bias."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hartenjagen.core.draws import Draws

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
