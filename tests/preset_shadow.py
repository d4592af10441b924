"""The checker of sources §3: follows a game move by move against its own shadow of the hand (`ShadowFacts`).

`playout` plays random legal moves and checks every step; `check_replay_and_pickle` checks determinism and
pickling. Used by test_preset_invariants.py and test_presets_family.py.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

import gong_zhu_model
import hartenjagen as hj
from hartenjagen import family
from hartenjagen.cards import ALL_CARDS, Card, Suit
from hartenjagen.rules import (
    ending,
    extras,
    first_trick,
    leading,
    moon,
    opening,
    passing,
)
from preset_shadow_facts import QS, TWO_CLUBS, ShadowFacts, _cards_of


class Checker(ShadowFacts):
    """Follows a game move by move and checks sources §3 against its own shadow of the hand.

    The shadow (cards captured by each seat, the carry-over pile, whether hearts are broken) is
    built from the tricks as played, with the trick winner computed here, not by the engine.
    """

    def check_state(self, state: hj.State, legal, full: bool) -> None:
        assert not state.is_over
        assert len(legal) > 0, "no legal move"
        assert not state.winners
        phase = state.phase
        if phase is hj.Phase.PASSING:
            if full:
                self.check_passing(state, legal)
            return
        if not self.exchange_checked:
            self.check_exchange(state)
        if phase is hj.Phase.ANNOUNCING and self.exposures is not None:
            self.check_exposing(state, legal)
        elif phase is hj.Phase.ANNOUNCING:
            seat = (state.dealer + 1 + self.announced) % self.n
            assert state.to_move == (seat,)
            assert tuple(legal) == (hj.Announce(seat, False), hj.Announce(seat, True))
            if full:
                assert _cards_of(state.hands) + Counter(state.widow) == self.pack
                assert all(hj.is_legal(state, move) for move in legal)
                assert not hj.is_legal(state, hj.Announce((seat + 1) % self.n, True))
        elif phase is hj.Phase.PLAYING:
            self.check_playing(state, legal, full)
        else:
            assert phase is hj.Phase.MOON_CHOICE
            (shooter,) = state.to_move
            assert tuple(legal) == tuple(hj.MoonChoice(shooter, o) for o in self.rules.moon.options())
            assert _cards_of(state.taken) + Counter(state.widow) == self.pack

    def check_exposing(self, state: hj.State, legal) -> None:
        """Gong Zhu: the first seat from eldest with a card to expose is asked, offered only the cards it holds."""
        offers = {
            seat: gong_zhu_model.exposable(state.hands[seat], self.exposed[seat]) for seat in range(self.n)
        }
        asked = [
            (state.dealer + 1 + k) % self.n
            for k in range(self.n)
            if offers[(state.dealer + 1 + k) % self.n] and (state.dealer + 1 + k) % self.n not in self.done
        ]
        assert state.to_move == (asked[0],)
        seat = asked[0]
        assert tuple(legal) == (hj.Announce(seat, False), *(hj.Announce(seat, True, w) for w in offers[seat]))
        for other in range(self.n):  # a card another seat holds is never offered to this one
            for word in offers[other] if other != seat else ():
                if word not in offers[seat]:
                    assert not hj.is_legal(state, hj.Announce(seat, True, word))
        assert state.announcements == tuple((who, str(card)) for who, card in self.exposure_order)

    def check_passing(self, state: hj.State, legal) -> None:
        count = state.pass_count
        stage = state.pass_stage
        givers = self.rules.passing.givers(stage, state.pass_direction, self.n, state.dealer)
        pending = state.to_move
        assert pending and set(pending) <= set(givers)
        sizes = [len(hand) for hand in state.hands]
        if stage == 0:
            # Conservation with the pass buffer: hands + cards passed so far == the pack.
            assert _cards_of(state.hands) + _cards_of(state.passed) + Counter(state.widow) == self.pack
            for seat in range(self.n):
                assert len(state.passed[seat]) == (count if seat in givers and seat not in pending else 0)
        else:
            # A later stage's buffer is internal: count the cards instead.
            done = len(givers) - len(pending)
            assert sum(sizes) + count * done + len(state.widow) == self.pack_size
            assert _cards_of(state.hands) <= self.pack
        for seat in range(self.n):
            expected = self.hand_size - (count if seat in givers and seat not in pending else 0)
            assert sizes[seat] == expected
        for _ in range(3):
            move = legal[self.probe.randrange(len(legal))]
            assert type(move) is hj.Pass and move.seat in pending and len(move.cards) == count
            assert move in legal and hj.is_legal(state, move)
        seat = pending[0]
        assert not hj.is_legal(state, hj.Pass(seat, state.hands[seat][: count + 1]))
        for other in set(range(self.n)) - set(pending):
            assert not hj.is_legal(state, hj.Pass(other, state.hands[other][:count]))

    def check_exchange(self, state: hj.State) -> None:
        """The completed exchange of this hand (sources §3.3), once per hand before the first lead."""
        self.exchange_checked = True
        rules_passing = self.rules.passing
        direction = state.pass_direction
        if isinstance(rules_passing, passing.PassCycle | passing.PassAndReturn):
            directions = rules_passing.directions
            assert direction is directions[state.hand_index % len(directions)]
        elif isinstance(rules_passing, passing.RandomDirection):
            assert direction in rules_passing.choices
        counts = rules_passing.stage_counts(direction)
        exchanges = state.exchanges
        assert len(exchanges) == len(counts)
        assert all(len(hand) == self.hand_size for hand in state.dealt)
        assert all(len(hand) == self.hand_size for hand in state.hands)
        expected = [Counter(hand) for hand in state.dealt]
        for stage, (gave, got) in enumerate(exchanges):
            givers = set(rules_passing.givers(stage, direction, self.n, state.dealer))
            assert [len(cards) for cards in gave] == [
                counts[stage] if s in givers else 0 for s in range(self.n)
            ]
            assert [len(cards) for cards in got] == [
                counts[stage] if s in givers else 0 for s in range(self.n)
            ]
            assert _cards_of(gave) == _cards_of(got)
            if not isinstance(rules_passing, passing.PassToDealer):
                offset = direction.offset(self.n) * (-1 if stage else 1)
                for seat in range(self.n):
                    assert got[(seat + offset) % self.n] == gave[seat]
            if (
                isinstance(rules_passing, passing.PassAndReturn)
                and stage == 1
                and rules_passing.from_received
            ):
                for seat in range(self.n):
                    assert Counter(gave[seat]) <= Counter(exchanges[0][1][seat])
            for seat in range(self.n):
                expected[seat].update(got[seat])
                expected[seat].subtract(gave[seat])
        for seat in range(self.n):
            assert all(k >= 0 for k in expected[seat].values())
            assert +expected[seat] == Counter(state.hands[seat])
        if not counts:
            assert state.hands == state.dealt

    def check_playing(self, state: hj.State, legal, full: bool) -> None:
        n = self.n
        (seat,) = state.to_move
        trick = state.trick
        in_turn = self.in_turn(state)
        assert seat == in_turn[len(trick)]
        assert [play.seat for play in trick] == in_turn[: len(trick)]
        hand = state.hands[seat]
        held = set(hand)
        cards = [move.card for move in legal]
        assert all(type(move) is hj.Play and move.seat == seat for move in legal)
        assert len(set(cards)) == len(cards)
        assert set(cards) <= held, "a legal play is a card in the hand"
        first_trick_ = not state.tricks
        no_extras = not self.restricting
        if isinstance(self.rules.leading, leading.HeartsAfterBroken):
            assert state.hearts_broken == self.broken
        # A widened card (a joker in Joker Hearts) is legal whenever it is held; the rest follow the rules.
        widened = held & self.widened
        led = next((play.card.suit for play in trick if isinstance(play.card, Card)), None)
        if led is not None:
            pool = {c for c in hand if isinstance(c, Card) and c.suit is led} or held
            # Follow suit (sources §3.5): holding the led suit, every legal card is of it.
            assert set(cards) <= pool | widened
            assert widened <= set(cards)
            if no_extras and (
                not first_trick_ or isinstance(self.rules.first_trick, first_trick.AnythingOnFirstTrick)
            ):
                assert set(cards) == pool | widened
            if first_trick_ and isinstance(self.rules.first_trick, first_trick.NoPointsUnlessForced):
                self.check_first_trick_restriction([c for c in cards if c in pool], pool)
        elif trick:  # jokers only so far: the next card sets the suit, any card may be played
            assert widened <= set(cards)
            if first_trick_ and isinstance(self.rules.first_trick, first_trick.NoPointsUnlessForced):
                self.check_first_trick_restriction(cards, held)
            elif no_extras:
                assert set(cards) == held
        elif first_trick_:
            self.check_first_lead(state, seat, hand, [c for c in cards if c not in widened])
        else:
            self.check_heart_lead(state, hand, cards, widened)
        if self.exposures is not None:  # Gong Zhu: follow suit, hearts any time, exposed cards wait
            pool = {c for c in hand if trick and c.suit is trick[0].card.suit} or held
            led_before = {done.cards[0].suit for done in state.tricks}
            led = trick[0].card.suit if trick else None
            mine = set(self.exposed[seat])
            assert set(cards) == gong_zhu_model.playable(list(hand), pool, mine, led_before, led)
        if not full:
            return
        for move in legal:
            assert hj.is_legal(state, move)
        outside = [card for card in ALL_CARDS if card not in set(cards)]
        refused = hj.Play(seat, self.probe.choice(outside))
        assert not hj.is_legal(state, refused)
        if not self.revoke_penalty:
            with pytest.raises(hj.IllegalMoveError):
                hj.apply(state, refused)
        assert not hj.is_legal(state, hj.Play((seat + 1) % n, cards[0]))
        # Hand sizes (sources §3.2): who has played to this trick holds one card fewer.
        played = {play.seat for play in trick}
        sizes = [len(h) for h in state.hands]
        done = len(state.tricks)
        drawn = min(done, self.draw_rounds)  # a seat draws a card after each trick while the stock lasts
        if self.follow:  # each seat holds what it was dealt and drew, less what it played
            plays = Counter(play.seat for t in state.tricks for play in t.plays) + Counter(played)
            assert sizes == [self.hand_size + self.drew[s] - plays[s] for s in range(n)]
            assert len(state.stock) == self.pack_size - n * self.hand_size - sum(self.drew)
        else:
            assert sizes == [self.hand_size + drawn - done - (s in played) for s in range(n)]
            assert len(state.stock) == self.n * (self.draw_rounds - drawn)
            assert max(sizes) - min(sizes) <= 1
        # Conservation (sources §3.1).
        on_table = _cards_of(state.hands) + Counter(play.card for play in trick)
        undealt = Counter(state.widow) + Counter(state.stock)  # a widow lies apart, its points for its taker
        assert on_table + _cards_of(state.taken) + Counter(state.carry_over) + undealt == self.pack
        assert [Counter(t) for t in state.taken] == self.captured
        assert Counter(state.carry_over) == Counter(self.carry)

    def check_draws(self, state: hj.State, move, nxt: hj.State) -> None:
        """Domino Hearts: only the next seat draws, and only while it cannot follow and the stock lasts."""
        gained = [Counter(nxt.hands[s]) - Counter(state.hands[s]) for s in range(self.n)]
        turn = self.in_turn(state)
        following = turn[turn.index(move.seat) + 1]
        led = (state.trick[0].card if state.trick else move.card).suit
        drawn = list(gained[following].elements())
        assert not any(gained[s] for s in range(self.n) if s != following)
        assert Counter(state.stock) - Counter(nxt.stock) == gained[following]
        if any(c.suit is led for c in state.hands[following]) or not state.stock:
            assert not drawn
        else:  # it drew one card after another until one of the suit led, or the stock's end
            assert drawn
            assert sum(1 for c in drawn if c.suit is led) <= 1
            assert any(c.suit is led for c in drawn) or not nxt.stock
        self.drew[following] += len(drawn)

    def check_first_trick_restriction(self, cards, pool) -> None:
        """sources §3.8: a restricted card on trick one means no unrestricted card could be played."""
        if any(self.restricted(c) for c in cards):
            assert all(self.restricted(c) for c in pool)
        elif not self.restricting:
            assert set(cards) == {c for c in pool if not self.restricted(c)}

    def check_first_lead(self, state: hj.State, seat: int, hand, cards) -> None:
        """sources §3.7: the first leader and first card follow the opening module."""
        rule = self.rules.opening
        eldest = (state.dealer + 1) % self.n
        assert state.eldest == eldest
        assert not state.hearts_broken
        if isinstance(rule, opening.LowestClubLeads):
            low = min(
                (c for c in self.pack if isinstance(c, Card) and c.suit is Suit.CLUBS), key=lambda c: c.rank
            )
            assert seat == self.first_holder(state, lambda c: c is low)
            assert cards == [low]
        elif isinstance(rule, opening.EldestLeadsAny):
            assert seat == eldest
            if isinstance(self.rules.first_trick, first_trick.AnythingOnFirstTrick) and not self.restricting:
                assert set(cards) == set(hand)
        elif isinstance(rule, opening.EldestLeadsLowestNonHeart):
            assert seat == eldest
            pool = [c for c in hand if c.suit is not Suit.HEARTS] or list(hand)
            lowest = min(c.rank for c in pool)
            assert all(c in pool and c.rank == lowest for c in cards)
        elif isinstance(rule, opening.FirstDeuceFromEldest):
            deuces = {Card("2C"), Card("2D"), Card("2S")}
            assert seat == self.first_holder(state, lambda c: c in deuces)
            assert set(cards) <= deuces
        elif isinstance(rule, family.PigLeads):  # Gong Zhu: the pig's last taker, else the 2♠'s holder
            if self.pig_taker is None:
                assert seat == self.first_holder(state, lambda c: c == Card("2S"))
            else:
                assert seat == self.pig_taker
        elif isinstance(rule, opening.ShowTwoOfClubsLeadSafe):
            assert seat == self.first_holder(state, lambda c: c is TWO_CLUBS)
            assert set(cards) == {c for c in hand if self.value[c] == 0}
        if isinstance(self.rules.first_trick, first_trick.NoPointsUnlessForced) and any(
            self.restricted(c) for c in cards
        ):
            assert all(self.restricted(c) for c in cards)

    def check_heart_lead(self, state: hj.State, hand, cards, widened) -> None:
        """sources §3.9: a heart led while hearts are closed means the leader held nothing else.

        A joker that is no heart (its role, `Deck.joker_role`) is something else: it may be led, so a
        leader holding hearts and such a joker leads the joker (docs/rules.md, Joker Hearts).
        A widened card (``widened``) is legal whatever the heart-lead rule says.
        """
        is_open = self.hearts_open(state)
        if is_open is None or self.restricting:
            return
        if is_open:
            assert set(cards) == set(hand)
            return
        rule = self.rules.leading
        others = {c for c in hand if not self.heart_in_play(c)}
        only_hearts = not others
        queen_or_hearts = rule.hearts_and_queen is leading.HeartsAndQueen.HEARTS_OR_QUEEN and others == {QS}
        # Hearts may be led only by a leader holding nothing else (or only the Q♠ besides, with hearts_or_qs).
        assert set(cards) == (set(hand) if only_hearts or queen_or_hearts else others | widened)

    def check_move(self, state: hj.State, move, nxt: hj.State) -> None:
        if type(move) is hj.Announce and self.exposures is not None:
            if move.choice is None:
                self.done.add(move.seat)
            else:
                self.exposed[move.seat].append(Card(move.choice))
                self.exposure_order.append((move.seat, Card(move.choice)))
        elif type(move) is hj.Announce:
            self.announced += 1
            if nxt.phase is hj.Phase.ANNOUNCING:
                assert nxt.announcers == state.announcers + ((move.seat,) if move.announce else ())
        if type(move) is hj.MoonChoice:
            self.hand_ended(state, nxt, move.option)
            return
        if type(move) is not hj.Play:
            assert nxt.score_sheet == state.score_sheet and nxt.scores == state.scores
            return
        n = self.n
        card = move.card
        trick = [play.card for play in state.trick]
        rule = self.rules.leading
        if not isinstance(card, Card):  # a joker breaks nothing
            pass
        elif isinstance(rule, leading.HeartsAfterBroken):
            led = next(
                (c.suit for c in trick if isinstance(c, Card)), card.suit
            )  # a led joker: this card leads
            discarded = card.suit is not led
            on_time = bool(state.tricks) or rule.break_on_first_trick
            if on_time and rule.queen_breaks and card is QS:
                self.broken = True
            if (
                on_time
                and card.suit is Suit.HEARTS
                and (discarded or rule.broken_by is leading.BrokenBy.ANY_HEART)
            ):
                self.broken = True
        elif card.suit is Suit.HEARTS:
            self.broken = True
        turn = self.in_turn(state)
        if len(trick) < len(turn) - 1:
            assert nxt.phase is hj.Phase.PLAYING and nxt.hand_index == state.hand_index
            assert nxt.trick == (*state.trick, move)
            if self.follow:
                self.check_draws(state, move, nxt)
            assert nxt.hearts_broken == self.broken or not isinstance(rule, leading.HeartsAfterBroken)
            assert nxt.hearts_broken >= state.hearts_broken  # monotone within a hand
            return
        # The trick is complete: find its winner here (sources §3.6).
        cards = (*trick, card)
        leader = state.trick_leader
        position = self.trick_winner(list(cards))
        winner = None if position is None else turn[position]
        last = len(state.tricks) + 1 == self.tricks_in_hand
        left = [s for s in range(n) if len(state.hands[s]) > (s == move.seat)]  # seats with cards after it
        if self.follow:
            last = len(left) <= 1
        taker = leader if winner is None and last else winner
        self.winners.append(winner)
        if taker is None:
            self.carry += cards
        else:
            self.captured[taker].update(cards)
            self.captured[taker].update(self.carry)
            self.carry = []
            if len(state.tricks) == self.rules.deck.widow_trick():
                assert nxt.widow_taker == taker or nxt.hand_index != state.hand_index
                self.widow = Counter(state.widow)
                self.widow_taker = taker
        if not last or nxt.phase in (hj.Phase.MOON_CHOICE, hj.Phase.GAME_OVER):
            assert nxt.hand_index == state.hand_index
            assert len(nxt.tricks) == len(state.tricks) + 1
            assert nxt.tricks[-1] == hj.Trick(leader, cards, winner, () if len(turn) == n else tuple(turn))
            assert nxt.hearts_broken == self.broken or not isinstance(rule, leading.HeartsAfterBroken)
            assert nxt.hearts_broken >= state.hearts_broken
            assert [Counter(t) for t in nxt.taken] == self.captured
        if not last and len(state.tricks) < self.draw_rounds:
            # The next leader draws the stock's first card, then the others in turn (the seed's order).
            order = self.rules.deck.draw_order(nxt.trick_leader)
            gained = [Counter(nxt.hands[s]) - Counter(state.hands[s]) for s in range(self.n)]
            assert all(sum(g.values()) == 1 for g in gained)
            assert Counter(state.stock) - Counter(nxt.stock) == sum(gained, Counter())
            assert order[0] == nxt.trick_leader and sorted(order) == list(range(self.n))
        if not last:
            assert nxt.phase is hj.Phase.PLAYING
            assert nxt.trick == ()
            expected = leader if winner is None else winner
            if self.follow:  # a winner out of cards: the lead passes to its left
                expected = next((expected + k) % n for k in range(n) if (expected + k) % n in left)
            assert nxt.trick_leader == expected
            assert nxt.score_sheet == state.score_sheet and nxt.scores == state.scores
        elif nxt.phase is hj.Phase.MOON_CHOICE:
            assert nxt.score_sheet == state.score_sheet
        else:
            if self.follow:  # the last seat with cards takes them, and the stock if the deck says so
                rest_to = left[0] if left else taker
                self.captured[rest_to].update(Counter(state.hands[rest_to]) - Counter([move.card]))
                if self.stock_to_last:
                    self.captured[rest_to].update(state.stock)
                else:
                    self.untaken = Counter(state.stock)
            self.hand_ended(state, nxt, None)

    def hand_ended(self, before: hj.State, nxt: hj.State, option) -> None:
        """A hand was scored: raw points, moon, totals, game end or the next deal (sources §3.11-§3.15)."""
        n = self.n
        sheet = before.score_sheet
        assert len(nxt.score_sheet) == len(sheet) + 1
        assert nxt.score_sheet[:-1] == sheet
        result = nxt.score_sheet[-1]
        assert result.hand_index == before.hand_index and result.dealer == before.dealer
        assert result.revoke is None
        assert result.announcers == before.announcers
        assert not self.carry
        if self.widow:
            self.captured[self.widow_taker].update(self.widow)
        assert _cards_of(self.captured) + self.untaken == self.pack
        # Raw points, and their sum (sources §3.11).
        raw = tuple(self.points(self.captured[seat].elements()) for seat in range(n))
        assert result.raw == raw
        if self.first_two_free:
            assert 13 <= sum(raw) <= 25
        elif self.exposures is not None:
            pass  # Gong Zhu's 10♣ and all hearts make the sum depend on who took what
        elif all(v >= 0 for v in self.value.values()):
            assert sum(raw) == self.table.positive_total or self.untaken
        else:
            assert sum(raw) == self.points(self.pack.elements())
        # The moon (sources §3.12): at most one shooter, the seat that captured the moon set.
        second = self.second_half(sheet)
        shooters = []
        if not isinstance(self.rules.moon, moon.NoMoon) and not second:
            needed = self.moon_set()
            shooters = [seat for seat in range(n) if needed and needed <= self.captured[seat]]
        assert len(shooters) <= 1
        teams = self.teams()
        if (
            not shooters
            and not isinstance(self.rules.moon, moon.NoMoon)
            and not second
            and teams
            and teams.together_moon
        ):
            # A team's moon: its members' captures together; the member with most moon points is recorded.
            needed = self.moon_set()
            for team in teams.teams:
                if needed <= sum((self.captured[seat] for seat in team), Counter()):
                    shooters = [max(team, key=lambda s: self.points((self.captured[s] & needed).elements()))]
        assert result.shooter == (shooters[0] if shooters else None)
        scored = list(raw)
        if result.shooter is not None and isinstance(self.rules.moon, moon.OthersPlus):
            amount = self.rules.moon.amount
            amount = self.rules.scoring.moon_total(self.rules) if amount is None else amount
            scored = [r + amount for r in raw]
            shooting = (
                (result.shooter,) if teams is None else next(t for t in teams.teams if result.shooter in t)
            )
            for seat in shooting:
                scored[seat] = raw[seat] - self.points((self.captured[seat] & self.moon_set()).elements())
            if all(v >= 0 for v in self.value.values()) and teams is None:
                assert sum(scored) == (n - 1) * amount
        if second:
            scored = [-p for p in scored]  # the Dutch second half counts back
        for extra in self.rules.extras:
            if isinstance(extra, extras.Miezen):
                for seat in before.announcers:
                    took = any(self.value[c] > 0 for c in self.captured[seat])
                    scored[seat] += extra.points if took else -extra.points
            if isinstance(extra, family.Exposures):  # Gong Zhu: the exposed cards count double
                exposed = [card for seat in range(n) for card in self.exposed[seat]]
                for seat in range(n):
                    scored[seat] = -gong_zhu_model.score(self.captured[seat].elements(), exposed)
                self.pig_taker = next(seat for seat in range(n) if self.captured[seat][Card("QS")])
            if isinstance(extra, family.FirstAndLastTrick):  # Slobberhannes (variants.FAMILY)
                first, final = self.winners[0], self.winners[-1]
                for seat in (first, final):
                    scored[seat] += extra.points
                if first == final and self.captured[first][extra.card]:
                    scored[first] += extra.all_three
        if result.shooter is None or isinstance(self.rules.moon, moon.OthersPlus):
            assert result.points == tuple(scored)
        assert result.totals == tuple(a + b for a, b in zip(before.scores, result.points, strict=True))
        assert nxt.scores == result.totals
        if isinstance(self.rules.ending, ending.Countdown):
            assert nxt.display_scores == tuple(self.rules.ending.start - t for t in nxt.scores)
        over = self.expected_over(result.totals, nxt.score_sheet)
        assert nxt.is_over == over
        if over:
            assert nxt.phase is hj.Phase.GAME_OVER
            assert nxt.winners, "a finished game has winners"
            if isinstance(self.rules.ending, ending.Countdown):
                shown = nxt.display_scores
                assert nxt.winners == tuple(s for s in range(n) if shown[s] == max(shown))
            elif isinstance(self.rules.ending, family.Lives):  # Danger Hearts: most lives, then lowest total
                lives = self.lives_left(nxt.score_sheet)
                best = min((-lives[s], nxt.scores[s]) for s in range(n))
                assert nxt.winners == tuple(s for s in range(n) if (-lives[s], nxt.scores[s]) == best)
            else:
                standing = self.standing(nxt.scores)
                assert nxt.winners == tuple(s for s in range(n) if standing[s] == min(standing))
            assert len(hj.legal_moves(nxt)) == 0
            assert nxt.to_move == ()
            if self.follow:  # the last seat's cards (and the stock) stay where they were: they counted for it
                assert sum(1 for hand in nxt.hands if hand) <= 1
                assert _cards_of(nxt.taken) + _cards_of(nxt.hands) + Counter(nxt.stock) == self.pack
            else:
                assert all(not hand for hand in nxt.hands)
                assert _cards_of(nxt.taken) + Counter(nxt.widow) == self.pack
            for move in (hj.Play(0, "2C"), hj.Pass(0, ["3C"]), hj.Announce(0, True)):
                assert not hj.is_legal(nxt, move)
                with pytest.raises(hj.IllegalMoveError):
                    hj.apply(nxt, move)
        else:
            assert not nxt.winners
            assert nxt.hand_index == before.hand_index + 1
            assert nxt.dealer == (before.dealer + 1) % n
            assert nxt.tricks == () and nxt.trick == () and nxt.announcers == ()
            assert not nxt.hearts_broken
            assert all(len(hand) == self.hand_size for hand in nxt.dealt)
            assert _cards_of(nxt.dealt) + Counter(nxt.widow) + Counter(nxt.stock) == self.pack
            assert all(not taken for taken in nxt.taken)
            self.new_hand()


def playout(rules: hj.Rules, seed: int, move_seed: int, *, full_hands: int, max_moves: int = 20_000):
    """Play random legal moves to the end of the game; check every step of the first ``full_hands`` hands
    fully and every trick and hand of the rest. Returns the final state and the moves."""
    chooser = random.Random(move_seed)
    checker = Checker(rules, random.Random(move_seed + 1))
    state = hj.new_game(rules, seed=seed)
    moves = []
    middle = None
    while not state.is_over and len(moves) < max_moves:
        legal = hj.legal_moves(state)
        checker.check_state(state, legal, full=state.hand_index < full_hands)
        move = legal[chooser.randrange(len(legal))]
        nxt = hj.apply(state, move)
        checker.check_move(state, move, nxt)
        if nxt.is_over:
            assert len(nxt.score_sheet) == len(state.score_sheet) + 1, "the game ends only between hands"
        moves.append(move)
        state = nxt
        if middle is None and chooser.random() < 0.02:
            middle = state
    return state, moves, middle or state


def check_replay_and_pickle(rules: hj.Rules, seed: int, final: hj.State, moves, middle: hj.State) -> None:
    """Determinism (sources §3.18) and a pickle round trip."""
    state = hj.new_game(rules, seed=seed)
    for move in moves:
        state = hj.apply(state, move)
    assert state == final
    assert hash(state) == hash(final)
    for value in (final, middle):
        copy = pickle.loads(pickle.dumps(value))
        assert copy == value and hash(copy) == hash(value)
        assert copy.rules == rules
        assert list(hj.legal_moves(copy)) == list(hj.legal_moves(value))
