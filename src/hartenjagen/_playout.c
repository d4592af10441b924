/* hartenjagen._playout: the native playout kernel (see docs/architecture.md, "The native playout kernel").
 *
 * It plays hands out for a rules value whose play phase the table's plan describes completely
 * (hartenjagen/native.py decides which and packs the plan into the integers `compile_plan`
 * reads, in the layout hartenjagen/core/playout_layout.py declares and _playout_plan.h is made
 * from), with the library's own generator: xoshiro128** as in hartenjagen/core/draws.py, each
 * playout on a stream split off the caller's generator (four words). Hands are machine words:
 * one for a pack, two for two packs (the body is compiled once for each, _playout_body.h).
 * The Python kernel (hartenjagen/core/rollout.py) is its oracle: from the same stream both play
 * the same cards (tests/test_native_playouts.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The limits, the plan's codes (LEAD_*, FIRST_*, OPENING_*, MOON_*), the phases, the trace's
 * kinds, the fields read and the plan's layout (plan_t, route_t): generated from
 * hartenjagen/core/playout_layout.py (scripts/gen_playout_header.py), included again below for
 * `read_plan`. */
#include "_playout_plan.h"
#define ONE_PACK ((1ULL << 52) - 1)

typedef struct {
    uint32_t a, b, c, d;
} xo_state;

/* `Draws.word`: xoshiro128** (Blackman and Vigna). */
static inline uint32_t xo_word(xo_state *r) {
    uint32_t x = r->b * 5;
    uint32_t result = ((x << 7) | (x >> 25)) * 9;
    uint32_t t = r->b << 9;
    r->c ^= r->a;
    r->d ^= r->b;
    r->b ^= r->c;
    r->a ^= r->d;
    r->c ^= t;
    r->d = (r->d << 11) | (r->d >> 21);
    return result;
}

/* `Draws.below`: a whole number below n (1 <= n <= 2**32) by rejection; n == 1 draws nothing. */
static inline uint32_t xo_below(xo_state *r, uint64_t n) {
    if (n <= 1) return 0;
    int shift = __builtin_clz((uint32_t)(n - 1));
    for (;;) {
        uint32_t v = xo_word(r) >> shift;
        if (v < n) return v;
    }
}

/* A stream of its own: a generator seeded with the next four words (the last one never 0). */
static inline xo_state xo_split(xo_state *r) {
    xo_state s;
    s.a = xo_word(r);
    s.b = xo_word(r);
    s.c = xo_word(r);
    s.d = xo_word(r);
    if (!s.d) s.d = 1;
    return s;
}

/* The hot functions are built twice where the compiler and loader can choose at run time: with the
 * popcnt instruction, and without it (x86-64 before it counted bits in one instruction). */
#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define KERNEL_FN __attribute__((target_clones("popcnt", "default")))
#define KERNEL_FN_CLONES 1
#endif
#endif
#ifndef KERNEL_FN
#define KERNEL_FN
#endif

static inline int pop64(uint64_t x) { return __builtin_popcountll(x); }

/* The k-th lowest card of `m` (k counted from 0, below its count): k cards cleared, then the lowest. */
static inline int select_loop(uint64_t m, uint32_t k) {
    while (k--) m &= m - 1;
    return __builtin_ctzll(m);
}

/* One pack's body is built a third time for processors with a fast BMI2 `pdep` (Intel's since
 * Haswell; AMD's before Zen 3 run it in microcode, so AMD keeps the general build): there the
 * k-th card is one instruction, not a loop whose exit the branch predictor misses about once a card. */
#if defined(KERNEL_FN_CLONES)
#include <immintrin.h>
#define HAVE_BMI2_BUILD 1
__attribute__((target("bmi2"))) static inline int select_pdep(uint64_t m, uint32_t k) {
    return __builtin_ctzll(_pdep_u64(1ULL << k, m));
}
#else
#define HAVE_BMI2_BUILD 0
#endif
static int use_bmi2;

/* word / size for a word below 2**32 and 2 <= size <= 128: a multiplication by the reciprocal
 * (exact in this range), not a division; the deal's 51 divisions were a third of its time. */
static uint64_t reciprocals[129];
static inline uint64_t divide_small(uint64_t word, uint64_t size) {
#ifdef __SIZEOF_INT128__
    return (uint64_t)(((unsigned __int128)word * reciprocals[size]) >> 64);
#else
    return word / size;
#endif
}

static uint64_t binomials[64][14];

static inline uint64_t choose(int n, int k) {
    if (k < 0 || n < 0 || k > n) return 0;
    return binomials[n][k];
}

/* passes.py `_multiset_choices`: k-card choices with `singles` cards held once and `doubles` twice. */
static inline uint64_t multiset_choices(int singles, int doubles, int k) {
    uint64_t total = 0;
    for (int two = 0; two <= k / 2; two++) total += choose(doubles, two) * choose(singles + doubles - two, k - 2 * two);
    return total;
}

/* A position to play out from, as words (two a mask): read once from a State, copied per playout. */
typedef struct {
    int phase, route, stage, dealer;
    uint32_t pending;
    uint64_t hands[MAX_SEATS][2], given[MAX_SEATS][2], taken[MAX_SEATS][2];
    uint64_t played[2], trick[2], carry[2];
    int count, leader, led, tricks, broken;
    int led_counts[4];
    int won[MAX_SEATS]; /* the tricks each seat has won this hand (a hook's `tricks_taken`) */
    int64_t scores[MAX_SEATS];
    PyObject *hand, *log; /* the State's HandContext and log (borrowed: the State holds them) */
} start_t;

#include "_playout_hooks.h"

/* What a playout of a plan with hooks carries beside its cards: the trees, the table, the hand as
 * play began (borrowed from the start, or built on the first call into Python: owned), the start's
 * hand in its exchange (`base`), the log list built for Python and the tricks played here. */
#define HOOK_STATE(MASKTYPE)                                                                     \
    hooks_t *hooks;                                                                              \
    PyObject *table, *hand, *base, *log, *start_log;                                             \
    int hand_owned, route, log_synced, start_tricks, declined;                                   \
    int won[MAX_SEATS];                                                                          \
    MASKTYPE log_mask[MAX_TRICKS];                                                               \
    signed char log_leader[MAX_TRICKS], log_winner[MAX_TRICKS], log_taker[MAX_TRICKS];

static void trace_add_list(PyObject *trace, int *failed, int kind, int64_t value) {
    PyObject *item = PyLong_FromLongLong((int64_t)kind << 56 | (value & ((1LL << 56) - 1)));
    if (!item || PyList_Append(trace, item) < 0) *failed = 1;
    Py_XDECREF(item);
}

/* ---------------------------------------------------------------- one pack: one word a mask */
#define MASK uint64_t
#define M_(name) name##_one
#define M_CTZ(m) __builtin_ctzll(m)
#define M_POPCOUNT(m) pop64(m)
#define M_TWO 0
#define M_COPIES(i) ((MASK)1 << (i))
typedef struct {
    xo_state rng;
    int count, leader, led, tricks, broken;
    int led_counts[4];
    int64_t scores[MAX_SEATS];
    PyObject *trace;
    int trace_failed;
    MASK trick;
    HOOK_STATE(uint64_t)
} game_one;
#define game_state game_one
#define trace_add(g, kind, value) trace_add_list((g)->trace, &(g)->trace_failed, kind, value)
#define M_SELECT(m, k) select_loop(m, k)
#include "_playout_body.h"
#undef M_SELECT
#if HAVE_BMI2_BUILD
#undef M_
#define M_(name) name##_one_bmi2
#undef KERNEL_FN
#define KERNEL_FN __attribute__((target("popcnt,bmi2")))
#define M_SELECT(m, k) select_pdep(m, k)
#include "_playout_body.h"
#undef M_SELECT
#undef KERNEL_FN
#define KERNEL_FN __attribute__((target_clones("popcnt", "default")))
#endif
#undef game_state
#undef MASK
#undef M_
#undef M_CTZ
#undef M_POPCOUNT
#undef M_TWO
#undef M_COPIES

#ifdef __SIZEOF_INT128__
#define HAVE_TWO_PACKS 1
/* ---------------------------------------------------------------- two packs: two words a mask */
typedef unsigned __int128 u128;
static inline int ctz128(u128 m) {
    uint64_t low = (uint64_t)m;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}
static inline int popcount128(u128 m) {
    return pop64((uint64_t)m) + pop64((uint64_t)(m >> 64));
}
#define MASK u128
#define M_(name) name##_two
#define M_CTZ(m) ctz128(m)
#define M_POPCOUNT(m) popcount128(m)
#define M_TWO 1
#define M_COPIES(i) (((MASK)1 << (i)) | ((MASK)1 << ((i) + 52)))
#define M_SELECT(m, k) select_loop((uint64_t)(m), k) /* a folded mask: 52 bits */
typedef struct {
    xo_state rng;
    int count, leader, led, tricks, broken;
    int led_counts[4];
    int64_t scores[MAX_SEATS];
    PyObject *trace;
    int trace_failed;
    MASK trick;
    HOOK_STATE(u128)
} game_two;
#define game_state game_two
#include "_playout_body.h"
#undef game_state
#undef MASK
#undef M_
#undef M_CTZ
#undef M_POPCOUNT
#undef M_TWO
#undef M_COPIES
#else
#define HAVE_TWO_PACKS 0
#endif

/* ---------------------------------------------------------------- one playout, for each mask width */
#define RUN_ONE(SUFFIX, MASKTYPE, GAME)                                                                     \
    static void run_##SUFFIX(const plan_t *plan, const start_t *start, int fresh, xo_state rng, int greedy,   \
                             int64_t sign, PyObject *trace, int *trace_failed, int64_t *out, hooks_t *hooks,  \
                             PyObject *table) {                                                             \
        const int n = plan->players;                                                                        \
        GAME g;                                                                                             \
        MASKTYPE hands[MAX_SEATS], given[MAX_SEATS], taken[MAX_SEATS];                                      \
        g.rng = rng;                                                                                        \
        g.trace = trace;                                                                                    \
        g.trace_failed = 0;                                                                                 \
        g.hooks = hooks;                                                                                    \
        if (hooks) {                                                                                        \
            g.table = table, g.hand = g.base = g.log = g.start_log = NULL;                                  \
            g.hand_owned = 0, g.log_synced = g.start_tricks = g.declined = 0;                               \
        }                                                                                                   \
        MASKTYPE played = 0, trick = 0, carry = 0;                                                          \
        int phase, route_index, stage, dealer;                                                              \
        uint32_t pending;                                                                                   \
        if (fresh) {                                                                                        \
            deal_##SUFFIX(&g, plan, hands);                                                                 \
            route_index = plan->fresh_kind == 0                                                             \
                              ? plan->fresh_fixed                                                           \
                              : plan->fresh_choices[xo_below(&g.rng, (uint64_t)plan->fresh_choice_count)];  \
            phase = plan->routes[route_index].stages ? PHASE_PASSING : PHASE_PLAYING;                       \
            stage = 0, dealer = 0, pending = (1u << n) - 1;                                                 \
            for (int s = 0; s < n; s++) given[s] = taken[s] = 0, g.scores[s] = 0;                           \
            g.count = 0, g.leader = -1, g.led = -1, g.tricks = 0, g.broken = 0;                             \
            memset(g.led_counts, 0, sizeof g.led_counts);                                                   \
            if (hooks) memset(g.won, 0, sizeof g.won);                                                      \
        } else {                                                                                            \
            phase = start->phase, route_index = start->route, stage = start->stage;                        \
            dealer = start->dealer, pending = start->pending;                                               \
            for (int s = 0; s < n; s++) {                                                                   \
                hands[s] = load_##SUFFIX(start->hands[s]);                                                  \
                given[s] = load_##SUFFIX(start->given[s]);                                                  \
                taken[s] = load_##SUFFIX(start->taken[s]);                                                  \
                g.scores[s] = start->scores[s];                                                             \
            }                                                                                               \
            played = load_##SUFFIX(start->played), trick = load_##SUFFIX(start->trick);                    \
            carry = load_##SUFFIX(start->carry);                                                            \
            g.count = start->count, g.leader = start->leader, g.led = start->led;                           \
            g.tricks = start->tricks, g.broken = start->broken;                                             \
            memcpy(g.led_counts, start->led_counts, sizeof g.led_counts);                                   \
            if (hooks) memcpy(g.won, start->won, sizeof g.won);                                             \
            if (hooks && phase == PHASE_PASSING) g.base = start->hand;                                      \
            else if (hooks) g.hand = start->hand, g.start_log = start->log, g.start_tricks = start->tricks; \
        }                                                                                                   \
        if (hooks) g.route = route_index;                                                                   \
        if (phase == PHASE_PASSING || fresh) {                                                              \
            if (phase == PHASE_PASSING)                                                                     \
                exchange_##SUFFIX(&g, plan, &plan->routes[route_index], stage, hands, given, pending);      \
            g.leader = first_leader_##SUFFIX(hands, dealer, plan);                                          \
            g.count = 0, g.led = -1, g.tricks = 0, g.broken = 0;                                            \
        }                                                                                                   \
        play_##SUFFIX(&g, plan, hands, played, trick, carry, taken, greedy, sign, out);                     \
        if (g.trace_failed) *trace_failed = 1;                                                              \
        if (hooks) {                                                                                        \
            if (PyErr_Occurred()) *trace_failed = 1;                                                        \
            else if (g.declined) *trace_failed = 2; /* points too large: Python plays this playout */       \
            Py_XDECREF(g.log);                                                                              \
            if (g.hand_owned) Py_DECREF(g.hand);                                                            \
        }                                                                                                   \
    }

RUN_ONE(one, uint64_t, game_one)
#if HAVE_BMI2_BUILD
RUN_ONE(one_bmi2, uint64_t, game_one)
#endif
#if HAVE_TWO_PACKS
RUN_ONE(two, u128, game_two)
#endif

/* What a compiled plan holds beside its integers: the routes (in the plan's order), the table it
 * was compiled for and the State type (the states it reads). */
typedef struct {
    PyObject *routes, *table;
    PyTypeObject *state_type;
} plan_objects;

#include "_playout_read.h"

static PyObject *compile_plan(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *items, *routes;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &items, &PyTuple_Type, &routes)) return NULL;
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, sizeof(plan_t));
    if (!bytes) return NULL;
    plan_t *plan = (plan_t *)PyBytes_AS_STRING(bytes);
    memset(plan, 0, sizeof *plan);
    reader r = {items, 0};
    NEED(read_plan(&r, plan));
    if (plan->route_count != PyTuple_GET_SIZE(routes)) {
        PyErr_SetString(PyExc_ValueError, "the plan's routes do not match");
        goto fail;
    }
    if (r.at != PyTuple_GET_SIZE(items)) {
        PyErr_SetString(PyExc_ValueError, "the plan is too long");
        goto fail;
    }
    if (shuffle_groups(plan) < 0) {
        PyErr_SetString(PyExc_ValueError, "too many shuffle groups");
        goto fail;
    }
    PyObject *hooks = hooks_new(plan);
    if (!hooks) goto fail;
    return Py_BuildValue("(NON)", bytes, routes, hooks);
fail:
    Py_DECREF(bytes);
    return NULL;
}

/* run(plan, kind, source, count, share, greedy, sign, rng, out, trace) -> playouts done.
 *
 * kind 0: `count` playouts of the State `source`; 1: one playout of each State of the tuple
 * `source`, `share` consecutive ones on one stream; 2: `count` fresh deals. Each playout's points
 * go to `out` (int64, players a playout). `plan` is native.py's: (compiled, routes, table, State).
 * It stops at the first position it does not play (returning how many it did): one of another
 * phase, table or type, which the caller plays or refuses; `rng` (a Draws) is advanced past the
 * streams it used. */
static PyObject *run(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "run takes 10 arguments");
        return NULL;
    }
    PyObject *plan_obj = args[0], *source = args[2], *rng = args[7], *out_obj = args[8], *trace = args[9];
    long kind = PyLong_AsLong(args[1]);
    Py_ssize_t count = PyLong_AsSsize_t(args[3]), share = PyLong_AsSsize_t(args[4]);
    int greedy = PyObject_IsTrue(args[5]);
    long long sign = PyLong_AsLongLong(args[6]);
    if (PyErr_Occurred()) return NULL;
    if (kind < 0 || kind > 2 || count < 0) {
        PyErr_SetString(PyExc_ValueError, "run: kind must be 0, 1 or 2 and count at least 0");
        return NULL;
    }
    if (!PyTuple_Check(plan_obj) || PyTuple_GET_SIZE(plan_obj) != 5 || !PyBytes_Check(PyTuple_GET_ITEM(plan_obj, 0)) ||
        PyBytes_GET_SIZE(PyTuple_GET_ITEM(plan_obj, 0)) != (Py_ssize_t)sizeof(plan_t) ||
        !PyType_Check(PyTuple_GET_ITEM(plan_obj, 3))) {
        PyErr_SetString(PyExc_TypeError, "not a compiled plan");
        return NULL;
    }
    const plan_t *plan = (const plan_t *)PyBytes_AS_STRING(PyTuple_GET_ITEM(plan_obj, 0));
    /* The hooks' trees: a plan that asks hooks has them (compile_plan made them), any other none. */
    PyObject *hooks_obj = PyTuple_GET_ITEM(plan_obj, 4);
    hooks_t *hooks = NULL;
    if (hooks_obj != Py_None) {
        hooks = PyCapsule_GetPointer(hooks_obj, "hartenjagen._playout.hooks");
        if (!hooks) return NULL;
    }
    if (plan_asks_hooks(plan) != (hooks != NULL)) {
        PyErr_SetString(PyExc_TypeError, "not a compiled plan (its hooks do not match)");
        return NULL;
    }
    const plan_objects objects = {PyTuple_GET_ITEM(plan_obj, 1), PyTuple_GET_ITEM(plan_obj, 2),
                                  (PyTypeObject *)PyTuple_GET_ITEM(plan_obj, 3)};
    if (trace != Py_None && !PyList_Check(trace)) {
        PyErr_SetString(PyExc_TypeError, "trace must be a list or None");
        return NULL;
    }
    if (kind == 1 && !PyTuple_Check(source)) {
        PyErr_SetString(PyExc_TypeError, "the states must be a tuple");
        return NULL;
    }
    if (kind == 1) count = PyTuple_GET_SIZE(source);
    if (share < 1) share = 1;
    if (kind == 2 && plan->fresh_kind < 0) return PyLong_FromLong(0);
    Py_buffer view;
    if (PyObject_GetBuffer(out_obj, &view, PyBUF_CONTIG | PyBUF_FORMAT) < 0) return NULL;
    const int n = plan->players;
    if (view.itemsize != 8 || view.len < (Py_ssize_t)(count * n * 8)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "the output buffer is too small");
        return NULL;
    }
    int64_t *out = (int64_t *)view.buf;
    xo_state master;
    if (read_rng(rng, &master) < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    start_t start;
    int have_start = 0;
    PyObject *last_item = NULL;
    Py_ssize_t done = 0;
    xo_state stream = {0, 0, 0, 0};
    PyObject *list_trace = trace == Py_None ? NULL : trace;
    int trace_failed = 0;
    xo_state group_master = master; /* the generator where the current group of `share` began */
    for (; done < count; done++) {
        if (done % share == 0) group_master = master;
        if (kind == 0 && !have_start) {
            int loaded = load_state(source, plan, &objects, &start);
            if (loaded <= 0) break;
            have_start = 1;
        } else if (kind == 1) {
            PyObject *item = PyTuple_GET_ITEM(source, done);
            if (item != last_item) { /* a start repeated in a row is read once */
                int loaded = load_state(item, plan, &objects, &start);
                if (loaded <= 0) break;
                last_item = item;
            }
        }
        xo_state before = master;
        if (kind != 1 || done % share == 0) stream = xo_split(&master);
        if (plan->copies == 1 && use_bmi2)
            run_one_bmi2(plan, &start, kind == 2, stream, greedy, (int64_t)sign, list_trace, &trace_failed, out + done * n,
                         hooks, objects.table);
        else if (plan->copies == 1)
            run_one(plan, &start, kind == 2, stream, greedy, (int64_t)sign, list_trace, &trace_failed, out + done * n, hooks,
                    objects.table);
#if HAVE_TWO_PACKS
        else
            run_two(plan, &start, kind == 2, stream, greedy, (int64_t)sign, list_trace, &trace_failed, out + done * n, hooks,
                    objects.table);
#endif
        if (trace_failed == 2) { /* declined: the caller plays this one from the stream it would have had */
            master = before;
            trace_failed = 0;
            break;
        }
        if (trace_failed) break;
    }
    PyBuffer_Release(&view);
    if (PyErr_Occurred()) return NULL;
    if (done < count && done % share) {
        /* Stopped inside a group: the caller plays the whole group, from its stream. */
        master = group_master;
        done -= done % share;
    }
    if (write_rng(rng, &master) < 0) return NULL;
    return PyLong_FromSsize_t(done);
}

static PyMethodDef methods[] = {
    {"compile_plan", compile_plan, METH_VARARGS, "compile_plan(entries, routes): a plan for run()."},
    {"run", (PyCFunction)(void (*)(void))run, METH_FASTCALL, "run(plan, kind, source, count, share, greedy, sign, rng, out, trace) -> done."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "hartenjagen._playout",
    "The native playout kernel (internal: use hartenjagen.playouts).", -1, methods,
};

PyMODINIT_FUNC PyInit__playout(void) {
    for (uint64_t d = 2; d <= 128; d++) reciprocals[d] = UINT64_MAX / d + 1; /* ceil(2**64 / d), d no power of 2 */
    for (int n = 0; n < 64; n++) {
        binomials[n][0] = 1;
        for (int k = 1; k < 14; k++) binomials[n][k] = n == 0 ? 0 : binomials[n - 1][k - 1] + binomials[n - 1][k];
    }
    if (fields_init() < 0) return NULL;
#if HAVE_BMI2_BUILD
    __builtin_cpu_init();
    use_bmi2 = __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") && !__builtin_cpu_is("amd") &&
               getenv("HARTENJAGEN_KERNEL_NO_BMI2") == NULL;
#endif
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "TWO_PACKS", HAVE_TWO_PACKS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
