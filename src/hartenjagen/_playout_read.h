/* Reading Python values for the playout kernel (included once by _playout.c): masks of up to 128
 * bits, the plan's integers, a State's fields and a Draws generator's four words. */

/* ---------------------------------------------------------------- reading Python values */

static int read_words(PyObject *value, uint64_t out[2]) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a mask must be an int");
        return -1;
    }
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (!overflow && small >= 0) { /* one pack: a machine word */
        out[0] = (uint64_t)small, out[1] = 0;
        return 0;
    }
    if (small == -1 && PyErr_Occurred()) return -1;
    unsigned char bytes[16];
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(value, bytes, 16,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                               Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (need < 0) return -1;
    if (need > 16) {
        PyErr_SetString(PyExc_OverflowError, "a mask wider than 128 bits");
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, 16, 1, 0) < 0) return -1;
#endif
    uint64_t low = 0, high = 0;
    for (int i = 7; i >= 0; i--) low = low << 8 | bytes[i], high = high << 8 | bytes[i + 8];
    out[0] = low, out[1] = high;
    return 0;
}

typedef struct {
    PyObject *items;
    Py_ssize_t at;
} reader;

static int next_int(reader *r, int64_t *out) {
    if (r->at >= PyTuple_GET_SIZE(r->items)) {
        PyErr_SetString(PyExc_ValueError, "the plan is too short");
        return -1;
    }
    *out = PyLong_AsLongLong(PyTuple_GET_ITEM(r->items, r->at++));
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int next_small(reader *r, int *out, int low, int high) {
    int64_t v;
    if (next_int(r, &v) < 0) return -1;
    if (v < low || v > high) {
        PyErr_Format(PyExc_ValueError, "a plan entry out of range: %lld", (long long)v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int next_mask(reader *r, uint64_t out[2]) {
    int64_t low, high;
    if (next_int(r, &low) < 0 || next_int(r, &high) < 0) return -1;
    out[0] = (uint64_t)low, out[1] = (uint64_t)high;
    return 0;
}

#define NEED(x) \
    if ((x) < 0) goto fail

/* `Draws`-style shuffle groups (hartenjagen/core/draws.py `shuffle_groups`). */
static int shuffle_groups(plan_t *plan) {
    const uint64_t span_all = 1ULL << 32;
    int count = 0;
    int i = plan->pack_size - 1;
    while (i > 0) {
        uint64_t span = (uint64_t)i + 1;
        int last = i - 1;
        while (last > 0 && span * (uint64_t)(last + 1) <= span_all) {
            span *= (uint64_t)(last + 1);
            last--;
        }
        if (count >= MAX_SHUFFLE_GROUPS) return -1;
        plan->shuffle_last[count] = last;
        plan->shuffle_limit[count] = span_all - span_all % span;
        count++;
        i = last;
    }
    plan->shuffle_group_count = count;
    return 0;
}

static PyObject *s_hand, *s_played, *s_trick, *s_count, *s_leader, *s_led, *s_log, *s_broken, *s_carry;
static PyObject *s_phase, *s_hands, *s_passed, *s_pending, *s_pass_log, *s_direction, *s_scores, *s_dealer;
static PyObject *s_a, *s_b, *s_c, *s_d;

static int attr_long(PyObject *obj, PyObject *name, int64_t *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int attr_words(PyObject *obj, PyObject *name, uint64_t out[2]) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int result = read_words(v, out);
    Py_DECREF(v);
    return result;
}

/* A tuple of `n` masks (hands, passed cards). */
static int attr_mask_tuple(PyObject *obj, PyObject *name, int n, uint64_t out[][2]) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int result = 0;
    if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != n) {
        PyErr_SetString(PyExc_TypeError, "a state's masks are not one per seat");
        result = -1;
    }
    for (int s = 0; result == 0 && s < n; s++) result = read_words(PyTuple_GET_ITEM(v, s), out[s]);
    Py_DECREF(v);
    return result;
}

static inline int physical_low(const uint64_t m[2]) {
    return m[0] ? __builtin_ctzll(m[0]) : 64 + __builtin_ctzll(m[1]);
}

/* Read a State into `start`. 1: read; 0: a position this kernel does not play (the caller's Python
 * kernel does); -1: an error. */
static int load_state(PyObject *state, const plan_t *plan, PyObject *routes, start_t *start) {
    const int n = plan->players;
    int64_t v;
    int result = -1;
    PyObject *hand = PyObject_GetAttr(state, s_hand), *direction = NULL, *log = NULL, *scores = NULL;
    if (!hand) return -1;
    if (attr_long(hand, s_phase, &v) < 0) goto done;
    start->phase = (int)v;
    if (v != PHASE_PASSING && v != PHASE_PLAYING) {
        result = 0;
        goto done;
    }
    /* The totals before the hand matter only to a moon that resets or doubles them. */
    int reads_scores = 0;
    for (int i = 0; i < plan->moon_option_count; i++)
        reads_scores |= plan->moon_options[i] == MOON_RESET || plan->moon_options[i] == MOON_DOUBLE;
    memset(start->scores, 0, sizeof start->scores);
    scores = reads_scores ? PyObject_GetAttr(hand, s_scores) : NULL;
    if (reads_scores && !scores) goto done;
    if (scores) {
        if (!PyTuple_Check(scores) || PyTuple_GET_SIZE(scores) != n) {
            PyErr_SetString(PyExc_TypeError, "a state's scores are not one per seat");
            goto done;
        }
        for (int s = 0; s < n; s++) {
            int overflow = 0;
            long long score = PyLong_AsLongLongAndOverflow(PyTuple_GET_ITEM(scores, s), &overflow);
            if (score == -1 && PyErr_Occurred()) goto done;
            if (overflow || score > (1LL << 60) || score < -(1LL << 60)) {
                result = 0; /* totals beyond a machine word: the Python kernel's own integers */
                goto done;
            }
            start->scores[s] = score;
        }
    }
    if (attr_long(hand, s_dealer, &v) < 0) goto done;
    start->dealer = (int)v;
    if (attr_mask_tuple(hand, s_hands, n, start->hands) < 0) goto done;
    if (start->phase == PHASE_PASSING) {
        direction = PyObject_GetAttr(hand, s_direction);
        if (!direction) goto done;
        start->route = -1;
        for (int i = 0; i < plan->route_count; i++) {
            if (PyTuple_GET_ITEM(routes, i) == direction) start->route = i;
        }
        if (start->route < 0 || !plan->routes[start->route].supported) {
            result = 0;
            goto done;
        }
        PyObject *pass_log = PyObject_GetAttr(hand, s_pass_log);
        if (!pass_log) goto done;
        start->stage = (int)PyObject_Length(pass_log);
        Py_DECREF(pass_log);
        if (start->stage < 0) goto done;
        if (attr_long(hand, s_pending, &v) < 0) goto done;
        start->pending = (uint32_t)v;
        /* With every seat still to choose, nothing is chosen yet in this stage. */
        if (start->pending == (1u << n) - 1) memset(start->given, 0, sizeof start->given);
        else if (attr_mask_tuple(hand, s_passed, n, start->given) < 0) goto done;
        memset(start->taken, 0, sizeof start->taken);
        memset(start->played, 0, sizeof start->played);
        memset(start->trick, 0, sizeof start->trick);
        memset(start->carry, 0, sizeof start->carry);
        memset(start->led_counts, 0, sizeof start->led_counts);
        start->count = start->tricks = start->broken = 0;
        start->leader = start->led = -1;
        result = 1;
        goto done;
    }
    memset(start->given, 0, sizeof start->given);
    start->route = start->stage = 0;
    start->pending = 0;
    if (attr_words(state, s_played, start->played) < 0 || attr_words(state, s_trick, start->trick) < 0 ||
        attr_words(state, s_carry, start->carry) < 0)
        goto done;
    if (attr_long(state, s_count, &v) < 0) goto done;
    start->count = (int)v;
    if (attr_long(state, s_leader, &v) < 0) goto done;
    start->leader = (int)v;
    if (attr_long(state, s_led, &v) < 0) goto done;
    start->led = (int)v;
    if (attr_long(state, s_broken, &v) < 0) goto done;
    start->broken = v != 0;
    /* The log: each seat's captured cards (state.py `log_taken`) and the suits led so far. */
    log = PyObject_GetAttr(state, s_log);
    if (!log) goto done;
    if (!PyTuple_Check(log)) {
        PyErr_SetString(PyExc_TypeError, "a state's log is not a tuple");
        goto done;
    }
    memset(start->taken, 0, sizeof start->taken);
    memset(start->led_counts, 0, sizeof start->led_counts);
    start->tricks = (int)PyTuple_GET_SIZE(log);
    uint64_t pile[2] = {0, 0};
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(log); i++) {
        PyObject *entry = PyTuple_GET_ITEM(log, i);
        uint64_t words[2];
        /* entry = mask << 15 | (taker + 1) << 10 | leader << 5 | (winner + 1), at most 119 bits */
        if (read_words(entry, words) < 0) goto done;
        uint64_t mask[2] = {words[0] >> 15 | words[1] << 49, words[1] >> 15};
        int leader = (int)(words[0] >> 5 & 31), taker = (int)(words[0] >> 10 & 31) - 1;
        uint64_t led[2] = {mask[0] & start->hands[leader][0], mask[1] & start->hands[leader][1]};
        int p = physical_low(led);
        start->led_counts[(p % 52) / 13]++;
        if (taker < 0) {
            pile[0] |= mask[0], pile[1] |= mask[1];
        } else {
            start->taken[taker][0] |= mask[0] | pile[0];
            start->taken[taker][1] |= mask[1] | pile[1];
            pile[0] = pile[1] = 0;
        }
    }
    result = 1;
done:
    Py_XDECREF(hand);
    Py_XDECREF(direction);
    Py_XDECREF(log);
    Py_XDECREF(scores);
    return result;
}

static int read_rng(PyObject *rng, xo_state *out) {
    PyObject *names[4] = {s_a, s_b, s_c, s_d};
    uint32_t *fields[4] = {&out->a, &out->b, &out->c, &out->d};
    for (int i = 0; i < 4; i++) {
        int64_t v;
        if (attr_long(rng, names[i], &v) < 0) return -1;
        *fields[i] = (uint32_t)v;
    }
    return 0;
}

static int write_rng(PyObject *rng, const xo_state *state) {
    PyObject *names[4] = {s_a, s_b, s_c, s_d};
    uint32_t fields[4] = {state->a, state->b, state->c, state->d};
    for (int i = 0; i < 4; i++) {
        PyObject *v = PyLong_FromUnsignedLong(fields[i]);
        if (!v) return -1;
        int result = PyObject_SetAttr(rng, names[i], v);
        Py_DECREF(v);
        if (result < 0) return -1;
    }
    return 0;
}

