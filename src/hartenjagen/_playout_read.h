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

/* A mask of which the kernel keeps the low word (one pack's cards, folded). */
static int next_folded(reader *r, uint64_t *out) {
    uint64_t words[2];
    if (next_mask(r, words) < 0) return -1;
    *out = words[0];
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

/* The attributes read, each with its getter: a State's, a HandContext's and a Draws generator's
 * fields are getset descriptors (mypyc's), and calling the descriptor's getter directly skips the
 * generic lookup (type dictionary, descriptor check), which was most of reading a State. The
 * getter is found once per type (the type held while cached); a type that reads attributes its own
 * way, or an attribute that is not a getset descriptor, goes through PyObject_GetAttr. */
typedef struct {
    const char *text;
    PyObject *name;
    PyTypeObject *type;
    getter get;
    setter set;
    void *closure;
} field_t;

/* The fields (F_*, FIELD_COUNT, FIELD_NAMES): _playout_plan.h, from hartenjagen/core/playout_layout.py. */
static field_t fields[FIELD_COUNT] = {FIELD_NAMES};

static void field_find(field_t *f, PyTypeObject *type) {
    Py_INCREF(type);
    Py_XSETREF(f->type, type);
    f->get = NULL, f->set = NULL, f->closure = NULL;
    if (type->tp_getattro != PyObject_GenericGetAttr || type->tp_setattro != PyObject_GenericSetAttr) return;
    PyObject *descr = _PyType_Lookup(type, f->name); /* borrowed */
    if (descr && Py_IS_TYPE(descr, &PyGetSetDescr_Type)) {
        PyGetSetDef *def = ((PyGetSetDescrObject *)descr)->d_getset;
        f->get = def->get, f->set = def->set, f->closure = def->closure;
    }
}

/* obj.<field> (a new reference, NULL with an error set), as PyObject_GetAttr gives it. */
static inline PyObject *field_get(PyObject *obj, int which) {
    field_t *f = &fields[which];
    if (Py_TYPE(obj) != f->type) field_find(f, Py_TYPE(obj));
    return f->get ? f->get(obj, f->closure) : PyObject_GetAttr(obj, f->name);
}

/* obj.<field> = value (0, or -1 with an error set), as PyObject_SetAttr does it. */
static inline int field_set(PyObject *obj, int which, PyObject *value) {
    field_t *f = &fields[which];
    if (Py_TYPE(obj) != f->type) field_find(f, Py_TYPE(obj));
    return f->set ? f->set(obj, value, f->closure) : PyObject_SetAttr(obj, f->name, value);
}

static int fields_init(void) {
    for (int i = 0; i < FIELD_COUNT; i++)
        if (!(fields[i].name = PyUnicode_InternFromString(fields[i].text))) return -1;
    return 0;
}

static int attr_long(PyObject *obj, int which, int64_t *out) {
    PyObject *v = field_get(obj, which);
    if (!v) return -1;
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int attr_words(PyObject *obj, int which, uint64_t out[2]) {
    PyObject *v = field_get(obj, which);
    if (!v) return -1;
    int result = read_words(v, out);
    Py_DECREF(v);
    return result;
}

/* A tuple of `n` masks (hands, passed cards). */
static int attr_mask_tuple(PyObject *obj, int which, int n, uint64_t out[][2]) {
    PyObject *v = field_get(obj, which);
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
static int load_state(PyObject *state, const plan_t *plan, const plan_objects *objects, start_t *start) {
    const int n = plan->players;
    int64_t v;
    int result = -1;
    if (Py_TYPE(state) != objects->state_type) return 0; /* not a State: the caller's checks say what it is */
    PyObject *hand = field_get(state, F_HAND), *direction = NULL, *log = NULL, *scores = NULL;
    if (!hand) return -1;
    if (attr_long(hand, F_PHASE, &v) < 0) goto done;
    start->phase = (int)v;
    if (v != PHASE_PASSING && v != PHASE_PLAYING) {
        result = 0;
        goto done;
    }
    /* A State of the plan's table (or one equal to it); any other is the caller's to check. */
    PyObject *table = field_get(hand, F_TABLE);
    if (!table) goto done;
    int same = table == objects->table ? 1 : PyObject_RichCompareBool(table, objects->table, Py_EQ);
    Py_DECREF(table);
    if (same <= 0) {
        result = same;
        goto done;
    }
    /* The totals before the hand matter only to a moon that resets or doubles them. */
    int reads_scores = 0;
    for (int i = 0; i < plan->moon_option_count; i++)
        reads_scores |= plan->moon_options[i] == MOON_RESET || plan->moon_options[i] == MOON_DOUBLE;
    memset(start->scores, 0, sizeof start->scores);
    scores = reads_scores ? field_get(hand, F_SCORES) : NULL;
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
    start->hand = hand; /* borrowed beyond `done`: the State holds it */
    start->log = NULL;
    memset(start->won, 0, sizeof start->won);
    if (attr_long(hand, F_DEALER, &v) < 0) goto done;
    start->dealer = (int)v;
    if (attr_mask_tuple(hand, F_HANDS, n, start->hands) < 0) goto done;
    if (start->phase == PHASE_PASSING) {
        if (plan->opening_hook) { /* the first leader is an opening module's of one's own: Python's */
            result = 0;
            goto done;
        }
        direction = field_get(hand, F_DIRECTION);
        if (!direction) goto done;
        start->route = -1;
        for (int i = 0; i < plan->route_count; i++) {
            if (PyTuple_GET_ITEM(objects->routes, i) == direction) start->route = i;
        }
        if (start->route < 0 || !plan->routes[start->route].supported) {
            result = 0;
            goto done;
        }
        PyObject *pass_log = field_get(hand, F_PASS_LOG);
        if (!pass_log) goto done;
        start->stage = (int)PyObject_Length(pass_log);
        Py_DECREF(pass_log);
        if (start->stage < 0) goto done;
        if (attr_long(hand, F_PENDING, &v) < 0) goto done;
        start->pending = (uint32_t)v;
        /* With every seat still to choose, nothing is chosen yet in this stage. */
        if (start->pending == (1u << n) - 1) memset(start->given, 0, sizeof start->given);
        else if (attr_mask_tuple(hand, F_PASSED, n, start->given) < 0) goto done;
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
    if (attr_words(state, F_PLAYED, start->played) < 0 || attr_words(state, F_TRICK, start->trick) < 0 ||
        attr_words(state, F_CARRY, start->carry) < 0)
        goto done;
    if (attr_long(state, F_COUNT, &v) < 0) goto done;
    start->count = (int)v;
    if (attr_long(state, F_LEADER, &v) < 0) goto done;
    start->leader = (int)v;
    if (attr_long(state, F_LED, &v) < 0) goto done;
    start->led = (int)v;
    if (attr_long(state, F_BROKEN, &v) < 0) goto done;
    start->broken = v != 0;
    /* The log: each seat's captured cards (state.py `log_taken`) and the suits led so far. */
    log = field_get(state, F_LOG);
    if (!log) goto done;
    if (!PyTuple_Check(log)) {
        PyErr_SetString(PyExc_TypeError, "a state's log is not a tuple");
        goto done;
    }
    memset(start->taken, 0, sizeof start->taken);
    memset(start->led_counts, 0, sizeof start->led_counts);
    start->tricks = (int)PyTuple_GET_SIZE(log);
    start->log = log; /* borrowed beyond `done`: the State holds it */
    uint64_t pile[2] = {0, 0};
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(log); i++) {
        PyObject *entry = PyTuple_GET_ITEM(log, i);
        uint64_t words[2];
        /* entry = mask << 15 | (taker + 1) << 10 | leader << 5 | (winner + 1), at most 119 bits */
        if (read_words(entry, words) < 0) goto done;
        uint64_t mask[2] = {words[0] >> 15 | words[1] << 49, words[1] >> 15};
        int leader = (int)(words[0] >> 5 & 31), taker = (int)(words[0] >> 10 & 31) - 1;
        int winner = (int)(words[0] & 31) - 1;
        if (winner >= 0 && winner < n) start->won[winner]++;
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
    uint32_t *words[4] = {&out->a, &out->b, &out->c, &out->d};
    for (int i = 0; i < 4; i++) {
        int64_t v;
        if (attr_long(rng, F_A + i, &v) < 0) return -1;
        *words[i] = (uint32_t)v;
    }
    return 0;
}

static int write_rng(PyObject *rng, const xo_state *state) {
    uint32_t words[4] = {state->a, state->b, state->c, state->d};
    for (int i = 0; i < 4; i++) {
        PyObject *v = PyLong_FromUnsignedLong(words[i]);
        if (!v) return -1;
        int result = field_set(rng, F_A + i, v);
        Py_DECREF(v);
        if (result < 0) return -1;
    }
    return 0;
}

/* `read_plan`: the plan's integers in the order hartenjagen/core/playout_layout.py declares. */
#define PLAYOUT_PLAN_READER
#include "_playout_plan.h"
