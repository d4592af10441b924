"""No payload the web table sends a seat holds a card that seat may not know.

Two human seats are driven over HTTP (polling, and each with a server-sent
event stream open) through whole games against bots, with some illegal moves
thrown in. Every byte the server sends them is kept. Afterwards the game
record is replayed: for each payload, the cards its seat may know at that move
are the cards it has held so far and the cards that have been played to a
trick. Any other card, written as a code (``QS``), with its symbol (``Q♠``) or
by name in English or Dutch (``queen of spades``, ``schoppenvrouw``), is a leak.
Nor may a payload carry a state, a record or a seed.
"""

from __future__ import annotations

import json
import random
import re
import socket
import threading
from collections.abc import Iterator
from typing import Any

import attrs
import jsonschema
import pytest

import hartenjagen as hj
from hartenjagen.cards import ALL_CARDS
from hartenjagen.frontend.notation import card_name, format_card
from hartenjagen.web import Table
from serving import Served, post_move, request, running

# Every way a payload could write a card, as one pattern; each match maps back to its card.
_FORMS: dict[str, str] = {}
for _card in ALL_CARDS:
    for _form in (format_card(_card, "symbol"), card_name(_card, "en"), card_name(_card, "nl")):
        _FORMS[_form.lower()] = str(_card)
_WORDS = re.compile("|".join(re.escape(form) for form in sorted(_FORMS, key=len, reverse=True)))
_CODE = re.compile(r"^[2-9TJQKA][CDHS]$")
_FORBIDDEN_KEYS = {"seed", "secret_seed", "seed_is_secret", "dealt", "hands", "deal", "deal_count", "pending"}


def _strings(data: Any, path: str = "$") -> Iterator[tuple[str, str]]:
    """Every text in a JSON value (keys too) with its path; the public rules are left out."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield f"{path}.{key}", key
            if key == "rules" and isinstance(value, dict) and value.get("type") == "Rules":
                continue  # the rules name cards (their values), and every player knows them
            yield from _strings(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, f"{path}[{i}]")
    elif isinstance(data, str):
        yield path, data


def cards_in(data: Any) -> set[str]:
    """The cards a JSON value names, in any of the forms above."""
    found = set()
    for _, text in _strings(data):
        if _CODE.match(text):
            found.add(text)
        for match in _WORDS.finditer(text.lower()):
            found.add(_FORMS[match.group(0)])
    return found


def _forbidden_keys(data: Any) -> set[str]:
    found = set()
    if isinstance(data, dict):
        found |= _FORBIDDEN_KEYS & set(data)
        if data.get("type") in ("State", "GameRecord"):
            found.add(str(data["type"]))
        for value in data.values():
            found |= _forbidden_keys(value)
    elif isinstance(data, list):
        for value in data:
            found |= _forbidden_keys(value)
    return found


def test_the_scanner_finds_cards_in_every_form() -> None:
    assert cards_in({"a": ["QS", "x"], "b": "Seat 1 plays the queen of spades."}) == {"QS"}
    assert cards_in("Speler 2 speelt harten tien; 10♥ en schoppenvrouw") == {"TH", "QS"}
    assert cards_in({"rules": {"type": "Rules", "scoring": {"values": {"QS": 13}}}}) == set()
    assert cards_in({"JD": 1}) == {"JD"}
    assert _forbidden_keys({"x": [{"type": "State"}], "seed": 1}) == {"State", "seed"}


MESSAGE = jsonschema.Draft202012Validator(hj.json_schema("message"))


class Recorder:
    """Everything the server sends to each human seat: (seat, move number or None, payload, cards asked about)."""

    def __init__(self, validate: bool = False) -> None:
        self.validate = validate
        self.validated: set[bytes] = set()
        self.payloads: list[tuple[int, int | None, Any, set[str]]] = []
        self.raw_bytes = 0
        self.lock = threading.Lock()

    def keep(self, seat: int, body: bytes, asked: set[str] = frozenset()) -> Any:  # type: ignore[assignment]
        data = json.loads(body)
        if self.validate and body not in self.validated:  # a poll with no news repeats the last body
            MESSAGE.validate(data)  # every message of the game is one of the protocol's (item 5)
            self.validated.add(body)
        seq = data.get("seq") if data.get("type") == "update" else None
        with self.lock:
            self.payloads.append((seat, seq, data, set(asked)))
            self.raw_bytes += len(body)
        return data


def _stream(server: Served, token: str, seat: int, recorder: Recorder, stop: threading.Event) -> None:
    """Read the seat's event stream until the game is over, keeping every data line."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(
            f"GET /api/{token}/events?lang={'nl' if seat else 'en'} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        )
        stream = sock.makefile("rb")
        for line in stream:  # keep-alive comments come often: the stop is noticed soon
            if line.startswith(b"data: ") and recorder.keep(seat, line[6:])["view"]["is_over"]:
                return
            if stop.is_set():
                return


def _play(
    tokens: dict[int, str],
    server: Served,
    seats: tuple[int, ...],
    rng: random.Random,
    limit: int,
    validate: bool = False,
) -> Recorder:
    recorder = Recorder(validate)
    stop = threading.Event()
    streams = [
        threading.Thread(target=_stream, args=(server, tokens[seat], seat, recorder, stop), daemon=True)
        for seat in seats
    ]
    for thread in streams:
        thread.start()
    seen = dict.fromkeys(seats, -1)
    for _ in range(limit):
        over = False
        for seat in seats:
            token = tokens[seat]
            language = "nl" if seat % 2 else "en"
            reply = request(server, "GET", f"/api/{token}/poll?after={seen[seat]}&wait=0.2&lang={language}")
            update = recorder.keep(seat, reply.body)
            seen[seat] = update["seq"]
            v = update["view"]
            over = over or v["is_over"]
            if over:
                break
            if seat not in v["to_move"]:
                continue
            if rng.random() < 0.15:  # an illegal try: any card of the pack, held by anyone or played
                card = str(rng.choice(ALL_CARDS))
                bad = {"type": "Play", "version": 1, "seat": seat, "card": card}
                answer = post_move(server, token, bad)
                recorder.keep(seat, answer.body, {card})
            if v["pass_options"]:
                cards = rng.sample(v["pass_options"], v["pass_count"])
                move: Any = {"type": "Pass", "version": 1, "seat": seat, "cards": cards}
            else:
                move = {**rng.choice(v["legal_moves"]), "version": 1}
            answer = post_move(server, token, move)
            recorder.keep(seat, answer.body)
            assert answer.status in (200, 409), answer.body  # 409: a bot moved first (a pass is still ours)
        if over:
            break
    stop.set()
    for thread in streams:
        thread.join(timeout=30)
    return recorder


def _knowable(states: list[hj.State], seat: int) -> list[set[str]]:
    """For each move number, the cards ``seat`` may know by then: held so far, or played to a trick."""
    known: set[str] = set()
    out = []
    for before, state in zip([None, *states], states, strict=False):
        if (
            before is not None
            and state.hand_index > before.hand_index
            and state.score_sheet[-1].revoke is None
        ):
            # The hand's last trick went straight to the score sheet: every card still held was played.
            known |= {str(card) for hand in before.hands for card in hand}
        known |= {str(card) for card in state.hands[seat]}
        known |= {str(card) for trick in state.tricks for card in trick.cards}
        known |= {str(play.card) for play in state.trick}
        if state.widow_taker == seat:  # the widow's taker has seen it; nobody else ever does
            known |= {str(card) for card in state.widow}
        out.append(set(known))
    return out


def _check(game: Table, recorder: Recorder, seats: tuple[int, ...]) -> None:
    states = list(game.record.states())
    assert recorder.payloads, "nothing was recorded"
    knowable = {seat: _knowable(states, seat) for seat in seats}
    everything = {seat: knowable[seat][-1] for seat in seats}
    checked = 0
    for seat, seq, data, asked in recorder.payloads:
        assert not _forbidden_keys(data), (seat, seq, _forbidden_keys(data))
        # A reply to a move (no move number) may name only what the seat could know by the game's end, or asked.
        allowed = knowable[seat][seq] if seq is not None else everything[seat] | asked
        leaked = cards_in(data) - allowed
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} at move {seq}: {json.dumps(data)[:400]}"
        if seq is not None:
            assert data["seat"] == seat and data["view"]["seat"] == seat
            assert sorted(data["view"]["hand"]) == sorted(str(c) for c in states[seq].hands[seat])
        checked += 1
    assert checked == len(recorder.payloads)


def test_no_payload_of_a_whole_game_holds_a_card_its_seat_may_not_know() -> None:
    seats = (0, 1)
    # A whole game, to its end and the payloads after it: of three hands, to keep the check's time.
    three_hands = attrs.evolve(hj.variants.STANDARD, ending=hj.rules.ending.FixedDeals(deals=3))
    with running(three_hands, humans=2, bots=["heuristic", "random"]) as (server, game, tokens):
        recorder = _play(tokens, server, seats, random.Random(21), limit=4000, validate=True)
        final = game.record.final_state()
        assert final.is_over, "the game did not end"
        _check(game, recorder, seats)
    # The payloads did carry the seats' own cards and the played ones (the check is not vacuous).
    kinds = {data["type"] for _, _, data, _ in recorder.payloads}
    assert kinds >= {"update", "accepted", "illegal"}
    assert sum(1 for _, seq, data, _ in recorder.payloads if seq is not None and data["view"]["hand"]) > 100


@pytest.mark.parametrize(
    "rules",
    [
        hj.variants.hoemke(3, 2, 2, 1),  # pass four, return one
        hj.variants.hoemke(4, 2, 2, 1),  # pass to the dealer, who deals the pool back
        hj.variants.SIX_DOUBLE_DECK,
        hj.variants.ACHTERHOEK,
        hj.variants.get("heartsette"),  # a widow: to the first trick's winner only
        hj.variants.get("two_player_hearts"),  # a stock: each drawn card to its drawer only
        hj.variants.get("partnership_hearts"),  # teams: the team totals and the partners in the words
    ],
    ids=[
        "pass_and_return",
        "pass_to_dealer",
        "six_double_deck",
        "achterhoek",
        "heartsette",
        "two_player",
        "teams",
    ],
)
def test_no_payload_leaks_in_variants_with_other_exchanges(rules: hj.Rules) -> None:
    seats = (0, 1)
    bots = ["random"] * (rules.players - 2)
    with running(rules, humans=2, bots=bots) as (server, game, tokens):
        recorder = _play(tokens, server, seats, random.Random(8), limit=150)
        _check(game, recorder, seats)
        assert game.record.final_state().hand_index >= 1 or game.record.final_state().is_over
