"""Many worlds of one hand's play: the plays replayed once, each world's hands set on the result.

A bot that samples the hidden cards of a hand in play (the determinizer)
replays the hand's plays in every world it deals. Where one pack is played
with no stock and no jokers of a role (`shares_plays`), that replay is the same
in every world but for the hands: the same cards leave the same hands, win the
same tricks, break hearts alike. `SharedPlay` replays the plays once, from one
world's start; a world is then its hand record (the hands as play began, its
seed, deal and exchange) with the replay's position, and whether its hands
could have made every play is the legal-play chain (`play_mask`) asked at each
recorded position with the world's hand. Both are what replaying the world
itself gives: the same state, the same answer.

That holds for the play phase's modules of one's own too. A ``playable`` hook
(a house rule's, a leading, first-trick or opening module's) and a ``widens``
one see a `PlayContext` built from the ``hand`` given to `play_mask` (its
``hand``, ``allowed`` and ``jokers``; their cache keys too,
`hartenjagen.core.hook_cache.PlaySource`) and otherwise only public facts of
the position: the trick, the tricks before it (their cards are the recorded
plays, each in the hand of the seat that played it in every world), hearts
broken, the scores and announcements of the hand record, which every world
shares. A ``trick_winner`` (`TrickContext`), a ``duplicates`` winner (the
trick's cards) and ``breaks_hearts`` (a card, whether it was discarded, the
trick's number) see the recorded plays only. What reads the other seats'
hands is the opening's choice of the first leader (`OpeningContext.hands`):
`SharedPlay.worlds` asks it for each world's hands.
"""

from __future__ import annotations

from collections.abc import Callable

from hartenjagen.core.kernel import apply, play, play_mask
from hartenjagen.core.state import PassLog, State
from hartenjagen.core.table import Table

__all__ = ["SharedPlay", "shares_plays"]


def shares_plays(table: Table) -> bool:
    """Whether a hand's plays go the same way in every deal of ``table``'s rules, but for the hands.

    True when one pack is played (a card is its one physical copy), with no
    stock or drawing and no jokers with roles of their own. Modules of one's
    own may fill the play phase's slots: each hook sees the seat's own hand
    and the public position only (see this module's docstring), so a recorded
    play is legal, wins or breaks hearts alike in every world with the same
    hand for its seat.
    """
    return table.copies == 1 and not table.draw_orders[0] and not table.follow_draws and not table.joker_roles


class SharedPlay:
    """A hand's plays replayed once from ``start`` (card play's first position), for every world of the hand.

    ``plays`` are (seat, physical card bit) in the order played, each legal or
    not in ``start``'s hands: they are played as given. ``start`` is one world
    of the hand as play began; the others differ from it only in the hands,
    seed, deal and exchange. Seat ``me`` holds the same cards in every world:
    its plays are asked once, here. Only for a table of which `shares_plays`
    holds, and a replay that stays in the play phase (``end``'s phase says).
    """

    __slots__ = ("_hand", "_before", "_seats", "_bits", "_mine_legal", "_me", "end")

    def __init__(self, start: State, plays: list[tuple[int, int]], me: int) -> None:
        hands = start._hand.hands
        mine_legal = True
        state = start
        before: list[State] = []
        seats: list[int] = []
        bits: list[int] = []
        for seat, bit in plays:
            if seat == me:
                if not bit & play_mask(state, hands[seat] & ~state._played):
                    mine_legal = False
            else:
                before.append(state)
                seats.append(seat)
                bits.append(bit)
            state = play(state, seat, bit, None)
        self._hand = start._hand
        self._before = before
        self._seats = seats
        self._bits = bits
        self._mine_legal = mine_legal
        self._me = me
        #: the position after the last play (its hands are ``start``'s)
        self.end = state

    def world(self, hands: tuple[int, ...], seed: int, dealt: tuple[int, ...], log: PassLog) -> State:
        """The position after the plays in the world of ``hands`` (as play began), ``seed``, ``dealt`` and ``log``."""
        hand = self._hand.copy()
        hand.hands = hands
        hand.seed = seed
        hand.dealt = dealt
        hand.pass_log = log
        end = self.end
        return State(
            hand,
            end._played,
            end._trick,
            end._count,
            end._leader,
            end._led,
            end._log,
            end._broken,
            end._carry,
        )

    def legal(self, hands: list[int]) -> bool:
        """Whether every play was legal with ``hands`` as play began."""
        if not self._mine_legal:
            return False
        before, seats, bits = self._before, self._seats, self._bits
        for i in range(len(seats)):
            seat = seats[i]
            state = before[i]
            if not bits[i] & play_mask(state, hands[seat] & ~state._played):
                return False
        return True

    def worlds(
        self,
        count: int,
        attempts: int,
        deal: Callable[[], list[int]],
        seed: Callable[[], int],
        known: list[int],
        me: int,
        mine: int,
        log: PassLog,
        leader: int,
        opening: Callable[[list[int]], int] | None = None,
    ) -> list[State]:
        """``count`` worlds, each the first of ``attempts`` draws that is consistent (else the last drawn).

        Per draw: ``deal()`` gives the hidden cards of each seat (and past them any other place, left
        out), added to the cards each seat is ``known`` to hold or have held; the world is consistent
        when the table's opening names ``leader`` first for those hands and every play was legal with
        them. Its deal is its hands but seat ``me``'s, ``mine``; ``log`` its exchange, ``seed()`` its
        seed. The determinizer's sampling loop (the same calls in the same order), compiled.
        ``opening``: the first leader of a world's hands where the opening is a module of one's own
        (its ``leader`` hook reads every seat's hand: asked for each world); ``None``: the table's plan.
        """
        table = self._hand.table
        dealer = self._hand.dealer
        n = len(known)
        out: list[State] = []
        for _ in range(count):
            world = self.end
            for _ in range(attempts):
                hidden = deal()
                holdings = [known[i] | hidden[i] for i in range(n)]
                hands = tuple(holdings)
                if opening is None:
                    consistent = table.first_leader(hands, dealer) == leader
                else:
                    consistent = opening(holdings) == leader
                dealt = list(holdings)
                dealt[me] = mine
                world = self.world(hands, seed(), tuple(dealt), log)
                if consistent and self.legal(holdings):
                    break
            out.append(world)
        return out

    def moved(self, worlds: list[State], moves: list[object]) -> list[list[State]]:
        """``[[apply(world, move) for move in moves] for world in worlds]``: the same states, from fewer steps.

        Each move is applied in the first world; where that leaves the hand going on (its hand record
        kept), every later world of this replay (its position this replay's end, seat ``me``, the seat
        to move, holding the first world's cards) gets the position after it with its own hand record: the move goes the
        same way in every world (`shares_plays`). Any other world, and a move that ends the hand,
        are applied world by world (with `apply`'s checks and errors).
        """
        if not worlds:
            return []
        first = worlds[0]
        after = [apply(first, move) for move in moves]
        end = self.end
        mover = (end._leader + end._count) % end._hand.table.players
        if mover != self._me or not self._ours(
            first, first
        ):  # another seat's cards differ from world to world
            return [after] + [[apply(world, move) for move in moves] for world in worlds[1:]]
        shared = [state._hand is first._hand for state in after]
        out = [after]
        for world in worlds[1:]:
            if not self._ours(world, first):
                out.append([apply(world, move) for move in moves])
                continue
            hand = world._hand
            row: list[State] = []
            for j in range(len(moves)):
                if shared[j]:
                    s = after[j]
                    row.append(
                        State(
                            hand,
                            s._played,
                            s._trick,
                            s._count,
                            s._leader,
                            s._led,
                            s._log,
                            s._broken,
                            s._carry,
                        )
                    )
                else:
                    row.append(apply(world, moves[j]))
            out.append(row)
        return out

    def _ours(self, world: State, first: State) -> bool:
        """Whether ``world`` is at this replay's end, in a hand of its table, with ``first``'s cards for seat ``me``."""
        end = self.end
        hand = world._hand
        return (
            hand.table is self._hand.table
            and hand.phase == end._hand.phase
            and world._played == end._played
            and world._trick == end._trick
            and world._count == end._count
            and world._leader == end._leader
            and world._led == end._led
            and world._log == end._log
            and world._broken == end._broken
            and world._carry == end._carry
            and hand.hands[self._me] == first._hand.hands[self._me]
        )
