"""The tables show team totals (partners named), a widow's size and who took it, and the stock's size.

The terminal's drawing (shared by ``str(view)``) and the web page's words say the
same sentences; neither ever shows an undealt card's face (the leak tests in
tests/test_web_leaks.py cover every payload of whole games with a widow, a stock and
teams). The browser test plays in headless Chromium, skipped with a reason when it is
missing (as tests/test_browser.py).
"""

from __future__ import annotations

import random
from typing import Any

import hartenjagen as hj
from hartenjagen import family, family_draws
from hartenjagen.frontend.drawing import show, team_line, undealt_line
from hartenjagen.frontend.notation import format_card
from serving import request, running
from test_browser import browser  # noqa: F401 - the module's Chromium, skipped with a reason when missing


def _after(rules: hj.Rules, steps: int, seed: int = 2) -> hj.State:
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    return state


def test_the_team_totals_name_the_partners_in_both_languages() -> None:
    state = _after(family.partnership_hearts(), 60)
    v = hj.view(state, 1)
    totals = v.team_scores
    assert totals == (v.scores[0] + v.scores[2], v.scores[1] + v.scores[3])
    assert team_line(v) == f"Teams: seat 0 and seat 2: {totals[0]}; you and seat 3: {totals[1]}"
    assert team_line(v, "nl") == f"Teams: speler 0 en speler 2: {totals[0]}; jij en speler 3: {totals[1]}"
    assert team_line(v) in show(v).splitlines()
    assert team_line(hj.view(hj.new_game(hj.variants.STANDARD, seed=1), 0)) == ""


def test_the_team_totals_at_the_games_end() -> None:
    rules = family.partnership_hearts(limit=40)
    state = _after(rules, 0)
    rng = random.Random(5)
    while not state.is_over:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    v = hj.public_view(state)
    scores = state.scores
    sums = (scores[0] + scores[2], scores[1] + scores[3])
    assert max(sums) >= 40 and v.team_scores == sums
    assert f"seat 0 and seat 2: {sums[0]}; seat 1 and seat 3: {sums[1]}" in str(v)


def test_a_widow_is_counted_face_down_until_taken_then_its_taker_named() -> None:
    rules = family_draws.heartsette()
    state = _after(rules, 0)
    while state.phase is not hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    size = len(state.widow)
    for seat in range(4):
        assert undealt_line(hj.view(state, seat)) == f"Widow: {size} cards face down"
    while not state.tricks:
        state = hj.apply(state, hj.legal_moves(state)[0])
    taker = state.widow_taker
    assert taker is not None
    for seat in range(4):
        v = hj.view(state, seat)
        named = "you" if seat == taker else f"seat {taker}"
        assert undealt_line(v) == f"Widow: {size} cards, taken by {named}"
        drawn = str(v)
        assert undealt_line(v) in drawn.splitlines()
        # The drawing never shows the widow's faces: not even its taker's view (the hand line aside).
        others = [line for line in drawn.splitlines() if not line.startswith("Your hand")]
        assert not any(format_card(card, "symbol") in line for card in state.widow for line in others)
    assert undealt_line(hj.view(state, 0), "nl").startswith(f"Blinde: {size} kaarten, gehaald door ")


def test_the_stock_is_counted_as_it_shrinks() -> None:
    rules = family_draws.two_player_hearts()
    state = _after(rules, 0)
    while state.phase is not hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    sizes = []
    while state.phase is hj.Phase.PLAYING and len(state.tricks) < 3:
        v = hj.view(state, 0)
        sizes.append(v.undealt)
        assert undealt_line(v) == f"Stock: {v.undealt} cards face down"
        assert undealt_line(v, "nl") == f"Stapel: {v.undealt} kaarten gedekt"
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert sizes[0] > sizes[-1] > 0  # each trick's winner and loser drew one


def test_the_web_update_carries_the_same_sentences_and_the_partners() -> None:
    with running("partnership_hearts", humans=1, bots=["random"] * 3) as (server, game, tokens):
        update = request(server, "GET", f"/api/{tokens[0]}/poll?after=-1&wait=0&lang=nl").json()
        v = hj.view(game.state, 0)
        assert update["words"]["teams"] == team_line(v, "nl") != ""
        assert update["words"]["partners"] == [2]
        assert update["words"]["undealt"] == ""
    with running("heartsette", humans=1, bots=["random"] * 3) as (server, game, tokens):
        update = request(server, "GET", f"/api/{tokens[0]}/poll?after=-1&wait=0").json()
        assert update["words"]["undealt"] == undealt_line(hj.view(game.state, 0)) != ""
        assert update["words"]["teams"] == "" and update["words"]["partners"] == []


def test_the_page_shows_the_team_totals_and_the_partner(browser: Any) -> None:  # noqa: F811
    with running("partnership_hearts", humans=1, bots=["heuristic"] * 3) as (server, _, tokens):
        page = browser.new_page(viewport={"width": 1000, "height": 760})
        page.goto(server.url(f"seat/{tokens[0]}"))
        page.wait_for_selector("#hand button.card")
        assert page.inner_text("#table-facts") == "Teams: you and seat 2: 0; seat 1 and seat 3: 0"
        badges = page.eval_on_selector_all(
            "#opponents .seat",
            "ss => ss.map(s => [s.querySelector('.name').textContent, !!s.querySelector('.badge.partner')])",
        )
        assert badges == [["Seat 1", False], ["Seat 2", True], ["Seat 3", False]]
        page.close()


def test_the_page_shows_the_widow_face_down(browser: Any) -> None:  # noqa: F811
    with running("heartsette", humans=1, bots=["heuristic"] * 3) as (server, game, tokens):
        page = browser.new_page(viewport={"width": 1000, "height": 760})
        page.goto(server.url(f"seat/{tokens[0]}?lang=nl"))
        page.wait_for_selector("#hand button.card")
        size = len(game.state.widow)
        assert page.inner_text("#table-facts").startswith(f"Blinde: {size} kaarten")
        page.close()
