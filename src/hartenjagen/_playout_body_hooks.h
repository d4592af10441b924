/* The playout kernel's calls into Python for the hooks of modules of one's own, included by
 * _playout_body.h once per mask width (MASK, M_): the words of a mask, a scoring module's
 * `points_of` by the captured cards, the position handed to Python, a `playable` hook asked through
 * its tree (_playout_hooks.h) and a leading module's `breaks_hearts`. */

static inline void M_(words)(MASK m, uint64_t w[2]) { w[0] = (uint64_t)m, w[1] = (uint64_t)(m >> 32 >> 32); }

/* A scoring module's `points_of` for the cards `mask` (hooks.py `points`), kept by the mask: 0, or -1
 * with an error set, or 1 when the points are too large for the kernel (Python plays the playout). */
static int M_(points_hook)(game_state *g, MASK mask, int64_t *out) {
    hooks_t *hooks = g->hooks;
    uint64_t w[2];
    M_(words)(mask, w);
    if (!hooks->points && !(hooks->points = calloc(POINTS_SLOTS, sizeof(points_t)))) {
        PyErr_NoMemory();
        return -1;
    }
    uint32_t i = points_hash(w) & (POINTS_SLOTS - 1);
    for (; hooks->points[i].used; i = (i + 1) & (POINTS_SLOTS - 1)) {
        if (hooks->points[i].mask[0] == w[0] && hooks->points[i].mask[1] == w[1]) {
            *out = hooks->points[i].points;
            return 0;
        }
    }
    PyObject *cards = long_from_words(w[0], w[1]), *r = NULL;
    if (cards) r = PyObject_CallFunctionObjArgs(py_points, g->table, cards, NULL);
    Py_XDECREF(cards);
    if (!r) return -1;
    int overflow = 0;
    long long points = PyLong_AsLongLongAndOverflow(r, &overflow);
    Py_DECREF(r);
    if (points == -1 && PyErr_Occurred()) return -1;
    if (overflow || points >= POINTS_LIMIT || points <= -POINTS_LIMIT) return 1;
    if (2 * (hooks->points_used + 1) > POINTS_SLOTS) { /* full: start afresh */
        memset(hooks->points, 0, POINTS_SLOTS * sizeof(points_t));
        hooks->points_used = 0;
    }
    /* Probed again: another thread may have added cards while Python ran. */
    i = points_hash(w) & (POINTS_SLOTS - 1);
    while (hooks->points[i].used && (hooks->points[i].mask[0] != w[0] || hooks->points[i].mask[1] != w[1]))
        i = (i + 1) & (POINTS_SLOTS - 1);
    if (hooks->points[i].used) {
        *out = points;
        return 0;
    }
    hooks->points[i].mask[0] = w[0], hooks->points[i].mask[1] = w[1];
    hooks->points[i].points = points, hooks->points[i].used = 1;
    hooks->points_used++;
    *out = points;
    return 0;
}

/* One seat's raw points for `mask`: the plan's card values, or a scoring module's of one's own.
 * 0, or -1 with an error set, or 1: points too large for the kernel (g->declined is set). */
static inline int M_(seat_points)(game_state *g, const plan_t *plan, MASK mask, int64_t *out) {
    if (!plan->scoring_hook) {
        *out = M_(points)(mask, plan);
        return 0;
    }
    /* Only the declared cards count (the pack's when none are declared): the same points, kept by fewer keys. */
    int result = M_(points_hook)(g, mask & M_(load)(plan->point_mask), out);
    if (result > 0) g->declined = 1;
    return result;
}

/* What a call into Python reads beside the position: the hand as play began (the start's, or built
 * once a playout after a deal or an exchange) and the log so far (one list a playout, appended to:
 * a context reads only its first `tricks` entries, as the Python kernel's). 0, or -1 with an error. */
static int M_(python_position)(game_state *g, const plan_t *plan, const MASK *hands, int tricks) {
    if (!g->hand) {
        PyObject *tuple = PyTuple_New(plan->players);
        if (!tuple) return -1;
        for (int s = 0; s < plan->players; s++) {
            uint64_t w[2];
            M_(words)(hands[s], w);
            PyObject *v = long_from_words(w[0], w[1]);
            if (!v) {
                Py_DECREF(tuple);
                return -1;
            }
            PyTuple_SET_ITEM(tuple, s, v);
        }
        PyObject *route = PyLong_FromLong(g->route);
        if (route)
            g->hand = PyObject_CallFunctionObjArgs(py_hand, g->table, g->base ? g->base : Py_None, tuple, route, NULL);
        Py_DECREF(tuple);
        Py_XDECREF(route);
        if (!g->hand) return -1;
        g->hand_owned = 1;
    }
    if (!g->log) {
        g->log = g->start_log ? PySequence_List(g->start_log) : PyList_New(0);
        if (!g->log) return -1;
        g->log_synced = g->start_tricks;
    }
    for (; g->log_synced < tricks; g->log_synced++) {
        int t = g->log_synced; /* state.py `log_entry`: mask << 15 | (taker + 1) << 10 | leader << 5 | (winner + 1) */
        uint64_t w[2];
        M_(words)(g->log_mask[t], w);
        uint64_t seats = (uint64_t)((g->log_taker[t] + 1) << 10 | g->log_leader[t] << 5 | (g->log_winner[t] + 1));
        PyObject *entry = long_from_words(w[0] << 15 | seats, w[1] << 15 | w[0] >> 49);
        if (!entry || PyList_Append(g->log, entry) < 0) {
            Py_XDECREF(entry);
            return -1;
        }
        Py_DECREF(entry);
    }
    return 0;
}

/* Hook `slot`'s cards of `allowed` asked of Python (rollout.py `native_answer`), whose path the tree
 * then keeps: the miss side of `ask`, out of line so that the hit side is inlined in the play loop. */
static __attribute__((noinline)) MASK M_(ask_python)(game_state *g, const plan_t *plan, int slot, const MASK *hands,
                                                     int seat, MASK cards, MASK allowed, MASK trick, int count,
                                                     const pos_t *pp, int leader, int led, int tricks, int broken) {
    pos_t p = *pp;
    if (M_(python_position)(g, plan, hands, tricks) < 0) return 0;
    uint64_t w[2];
    PyObject *args[13] = {g->table, PyLong_FromLong(slot), g->hand, PyLong_FromLong(seat), NULL, NULL, NULL,
                          PyLong_FromLong(count), PyLong_FromLong(leader), PyLong_FromLong(led), g->log,
                          PyLong_FromLong(tricks), broken ? Py_True : Py_False};
    M_(words)(cards, w);
    args[4] = long_from_words(w[0], w[1]);
    M_(words)(allowed, w);
    args[5] = long_from_words(w[0], w[1]);
    M_(words)(trick, w);
    args[6] = long_from_words(w[0], w[1]);
    static const int made[] = {1, 3, 4, 5, 6, 7, 8, 9, 11};
    PyObject *result = NULL;
    int complete = 1;
    for (int i = 0; i < 9; i++) complete &= args[made[i]] != NULL;
    if (complete) result = PyObject_Vectorcall(py_answer, args, 13, NULL);
    for (int i = 0; i < 9; i++) Py_XDECREF(args[made[i]]);
    if (!result) return 0;
    MASK out = 0;
    uint64_t chosen[2], kept[2];
    int fields[MAX_PATH];
    if (!PyTuple_Check(result) || PyTuple_GET_SIZE(result) != 3 || !PyTuple_Check(PyTuple_GET_ITEM(result, 2))) {
        PyErr_SetString(PyExc_SystemError, "native_answer must return (chosen, answer, path)");
        goto done;
    }
    if (read_words(PyTuple_GET_ITEM(result, 0), chosen) < 0) goto done;
    PyObject *answer = PyTuple_GET_ITEM(result, 1), *path = PyTuple_GET_ITEM(result, 2);
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(answer, &overflow);
    if (small == -1 && PyErr_Occurred()) goto done;
    Py_ssize_t n = PyTuple_GET_SIZE(path);
    if ((overflow > 0 || small >= 0) && n <= MAX_PATH) { /* -1: Python kept no answer, nor does C */
        if (read_words(answer, kept) < 0) goto done;
        for (Py_ssize_t i = 0; i < n; i++) {
            long field = PyLong_AsLong(PyTuple_GET_ITEM(path, i));
            if (field == -1 && PyErr_Occurred()) goto done;
            fields[i] = (int)field;
        }
        tree_insert(&g->hooks->trees[slot], fields, (int)n, &p, kept);
    }
    out = M_(load)(chosen);
    if (!out) PyErr_SetString(PyExc_SystemError, "native_answer chose no card");
done:
    Py_DECREF(result);
    return out;
}

/* Hook `slot`'s cards of `allowed` (rollout.py: `hooks.narrowed_at` through the hook's tree): from
 * this tree where it has the answer, else from Python (`ask_python`). A hit whose answer leaves no
 * card goes to Python too unless `fallback` (a house rule's refusal is raised there). 0 with an
 * error set: the hook raised, or answered what is not cards. */
static inline MASK M_(ask)(game_state *g, const plan_t *plan, int slot, int fallback, const MASK *hands, int seat,
                           MASK cards, MASK allowed, MASK trick, int count, int leader, int led, int tricks,
                           int broken, const int *order) {
    pos_t p;
    p.seat = seat, p.leader = leader, p.count = count, p.led = led, p.tricks = tricks, p.broken = broken;
    p.players = plan->players, p.order = order, p.won = g->won;
    M_(words)(cards, p.cards);
    M_(words)(allowed, p.allowed);
    uint64_t known[2];
    if (tree_find(&g->hooks->trees[slot], &p, M_TWO, known)) {
        MASK chosen = allowed & M_(load)(known);
        if (chosen) return chosen;
        if (fallback) return allowed;
    }
    return M_(ask_python)(g, plan, slot, hands, seat, cards, allowed, trick, count, &p, leader, led, tricks, broken);
}

/* A leading module's `breaks_hearts` (hooks.py `breaks`), kept by (discarded, completed tricks, card):
 * 1 or 0, or -1 with an error set. */
static int M_(breaks_hook)(game_state *g, int physical, int index, int discarded, int tricks) {
    int8_t *known = &g->hooks->breaks[discarded][tricks][index];
    if (*known >= 0) return *known;
    PyObject *card = PyLong_FromLong(physical), *done = PyLong_FromLong(tricks), *r = NULL;
    if (card && done)
        r = PyObject_CallFunctionObjArgs(py_breaks, g->table, card, discarded ? Py_True : Py_False, done, NULL);
    Py_XDECREF(card);
    Py_XDECREF(done);
    if (!r) return -1;
    int b = PyObject_IsTrue(r);
    Py_DECREF(r);
    if (b < 0) return -1;
    *known = (int8_t)b;
    return b;
}

/* A moon module of one's own at the hand's end (hands.py `score_hand`, `finish_hand`): `*shooter` is
 * the seat it names (-1: none) and `out` its points when someone shot, asked in Python only when
 * `candidate` (the seat that took every declared card) is one. 0, or -1 with an error set. */
static int M_(moon_hook)(game_state *g, const plan_t *plan, const MASK *hands, const MASK *taken, const int64_t *raw,
                         int candidate, int *shooter, int64_t *out) {
    int n = plan->players;
    long named = -1;
    *shooter = -1;
    if (candidate < 0) return 0;
    int64_t kept; /* the points of the candidate's cards outside the declared ones */
    if (M_(seat_points)(g, plan, taken[candidate] & ~M_(load)(plan->moon_needed), &kept)) return PyErr_Occurred() ? -1 : 0;
    if (M_(python_position)(g, plan, hands, plan->hand_size) < 0) return -1;
    int last = plan->hand_size - 1, winner = g->log_taker[last] >= 0 ? g->log_taker[last] : g->log_leader[last];
    PyObject *masks = PyTuple_New(n), *points = PyTuple_New(n), *result = NULL;
    if (!masks || !points) goto done;
    for (int s = 0; s < n; s++) {
        uint64_t w[2];
        M_(words)(taken[s], w);
        PyObject *mask = long_from_words(w[0], w[1]), *value = PyLong_FromLongLong(raw[s]);
        if (!mask || !value) {
            Py_XDECREF(mask);
            Py_XDECREF(value);
            goto done;
        }
        PyTuple_SET_ITEM(masks, s, mask);
        PyTuple_SET_ITEM(points, s, value);
    }
    PyObject *seat = PyLong_FromLong(winner), *who = PyLong_FromLong(candidate), *other = PyLong_FromLongLong(kept);
    if (seat && who && other) {
        PyObject *args[] = {g->table, g->hand, g->log, masks, seat, points, who, other};
        result = PyObject_Vectorcall(py_shooter, args, 8, NULL);
    }
    if (!result) goto asked;
    named = PyLong_AsLong(result);
    Py_CLEAR(result);
    if ((named == -1 && PyErr_Occurred()) || named < 0) goto asked; /* an error, or no moon */
    int option = 0;
    if (plan->moon_option_count > 1) {
        option = (int)xo_below(&g->rng, (uint64_t)plan->moon_option_count);
        if (g->trace) trace_add(g, TRACE_MOON, (int64_t)option);
    }
    PyObject *named_seat = PyLong_FromLong(named), *which = PyLong_FromLong(option);
    if (named_seat && which) {
        PyObject *more[] = {g->table, g->hand, g->log, masks, seat, points, who, other, named_seat, which};
        result = PyObject_Vectorcall(py_settle, more, 10, NULL);
    }
    Py_XDECREF(named_seat);
    Py_XDECREF(which);
asked:
    Py_XDECREF(seat);
    Py_XDECREF(who);
    Py_XDECREF(other);
    if (!result) goto done;
    if (!PyTuple_Check(result) || PyTuple_GET_SIZE(result) != n) {
        PyErr_SetString(PyExc_SystemError, "native_settle must return one number a seat");
        goto done;
    }
    for (int s = 0; s < n; s++) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(PyTuple_GET_ITEM(result, s), &overflow);
        if (v == -1 && PyErr_Occurred()) goto done;
        if (overflow || v >= POINTS_LIMIT || v <= -POINTS_LIMIT) { /* Python plays this playout */
            g->declined = 1;
            *shooter = -1;
            goto done;
        }
        out[s] = v;
    }
    *shooter = (int)named;
done:
    Py_XDECREF(masks);
    Py_XDECREF(points);
    Py_XDECREF(result);
    return PyErr_Occurred() ? -1 : 0;
}
