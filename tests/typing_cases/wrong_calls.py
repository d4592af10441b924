"""Calls a type checker must refuse: each line marked with an error code in a comment is an error mypy reports there.

tests/test_typing.py runs ``mypy --strict`` on this file and compares the errors, line by line,
with the marks. The file is never run.
"""

from __future__ import annotations

import hartenjagen as hj
from hartenjagen.events import Event

state = hj.new_game(hj.variants.STANDARD, seed=7)
move = hj.legal_moves(state)[0]

hj.apply(move, state)  # error: [arg-type]
hj.apply(state, "QS")  # error: [arg-type]
hj.step(state, "QS")  # error: [arg-type]
hj.legal_moves("state")  # error: [arg-type]
hj.is_legal(state, 5)  # error: [arg-type]
hj.explain(state, None)  # error: [arg-type]
hj.explain(move, state)  # error: [arg-type]
hj.new_game("standard")  # error: [arg-type]
hj.new_game(hj.variants.STANDARD, 7)  # error: [call-arg]
hj.new_game(hj.variants.STANDARD, chance="random")  # error: [arg-type]
hj.view(state, "0")  # error: [arg-type]
hj.loads(state)  # error: [arg-type]
hj.dumps(state, 2)  # error: [call-arg]
after: hj.Move = hj.apply(state, move)  # error: [assignment]


def winners(event: Event) -> tuple[int, ...]:
    return event.winners  # error: [union-attr]
