/* The determinizer's hidden deal in C: hartenjagen.bots._hidden_deal.deal_hidden, step for step.
 *
 * deal(random, cards, eligible, remaining, slack, seats, players, open) -> list of hand masks.
 *
 * It draws from the caller's generator through `random` (its bound method `random.Random.random`),
 * exactly the draws the Python function makes, in the same order, and makes the same choices
 * with them: one key a card, the cards sorted by key (ties by position, as Python's stable
 * sort), then one draw per card some seat may not hold. So a seeded bot deals the same hands
 * with or without this module (tests/test_bots_sampling.py compares the two).
 *
 * cards: the unseen physical cards in rising order (each < 128); eligible: for each, the mask of
 * the seats (indices into `seats`) that may hold it; remaining: each seat's free places; slack:
 * each set of seats' slack (2 ** len(seats) entries); open: whether every card may go anywhere.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CARDS 128
#define MAX_SEATS 12

typedef struct {
    double key;
    int at;
} keyed;

static int by_key(const void *a, const void *b) {
    const keyed *x = a, *y = b;
    if (x->key < y->key) return -1;
    if (x->key > y->key) return 1;
    return x->at - y->at; /* a stable sort: equal keys keep their order */
}

static int read_longs(PyObject *list, long *out, Py_ssize_t limit, Py_ssize_t *count) {
    if (!PyList_Check(list)) {
        PyErr_SetString(PyExc_TypeError, "deal: lists of whole numbers expected");
        return -1;
    }
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n > limit) {
        PyErr_SetString(PyExc_ValueError, "deal: too many entries");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        out[i] = v;
    }
    *count = n;
    return 0;
}

static int draw(PyObject *random, double *out) {
    PyObject *r = PyObject_CallNoArgs(random);
    if (r == NULL) return -1;
    *out = PyFloat_AsDouble(r);
    Py_DECREF(r);
    if (*out == -1.0 && PyErr_Occurred()) return -1;
    return 0;
}

static void give(uint64_t *lo, uint64_t *hi, long p) {
    if (p < 64) *lo |= (uint64_t)1 << p;
    else *hi |= (uint64_t)1 << (p - 64);
}

static PyObject *deal(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "deal(random, cards, eligible, remaining, slack, seats, players, open)");
        return NULL;
    }
    PyObject *random = args[0];
    /* On the stack, not static: `random` runs Python code, which may deal again. */
    long cards[MAX_CARDS], eligible[MAX_CARDS], remaining[MAX_SEATS], seats[MAX_SEATS];
    long slack[1 << MAX_SEATS];
    unsigned char tight[1 << MAX_SEATS];
    keyed order[MAX_CARDS];
    Py_ssize_t k, ke, m, ms, nslack;
    if (read_longs(args[1], cards, MAX_CARDS, &k) < 0 || read_longs(args[2], eligible, MAX_CARDS, &ke) < 0 ||
        read_longs(args[3], remaining, MAX_SEATS, &m) < 0 || read_longs(args[5], seats, MAX_SEATS, &ms) < 0 ||
        read_longs(args[4], slack, (Py_ssize_t)1 << MAX_SEATS, &nslack) < 0)
        return NULL;
    long players = PyLong_AsLong(args[6]);
    if (players == -1 && PyErr_Occurred()) return NULL;
    int open = PyObject_IsTrue(args[7]);
    if (open < 0) return NULL;
    if (ke != k || ms != m || nslack != ((Py_ssize_t)1 << m) || players < 1 || players > 64) {
        PyErr_SetString(PyExc_ValueError, "deal: the lists do not fit together");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        if (cards[i] < 0 || cards[i] >= MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "deal: a card past the masks' width");
            return NULL;
        }
        order[i].at = (int)i;
        if (draw(random, &order[i].key) < 0) return NULL;
    }
    qsort(order, (size_t)k, sizeof(keyed), by_key);
    uint64_t lo[64] = {0}, hi[64] = {0};
    long everyone = (1L << m) - 1;
    if (!open) {
        long count = 0;
        for (long t = 0; t < (1L << m); t++) {
            tight[t] = t > 0 && t < everyone && slack[t] == 0;
            count += tight[t];
        }
        for (Py_ssize_t j = 0; j < k; j++) {
            long p = cards[order[j].at], mask = eligible[order[j].at];
            if (mask == everyone) continue; /* any seat may hold it: it fills a place left below */
            int choices[MAX_SEATS], n = 0;
            long total = 0;
            for (int i = 0; i < m; i++) {
                if (!(mask >> i & 1) || !remaining[i]) continue;
                if (count) {
                    int ok = 1;
                    for (long t = 0; t < (1L << m) && ok; t++)
                        if ((t >> i & 1) && (mask & ~t) && tight[t]) ok = 0;
                    if (!ok) continue;
                }
                choices[n++] = i;
                total += remaining[i];
            }
            if (n == 0) {
                PyErr_SetString(PyExc_AssertionError, "Hall's condition leaves a seat for every card");
                return NULL;
            }
            double r;
            if (draw(random, &r) < 0) return NULL;
            long pick = (long)(r * (double)total); /* int(random() * total), as in Python */
            int i = choices[0];
            for (int c = 0; c < n; c++) {
                i = choices[c];
                pick -= remaining[i];
                if (pick < 0) break;
            }
            remaining[i] -= 1;
            for (long t = 0; t < (1L << m); t++) {
                if ((t >> i & 1) && (mask & ~t)) {
                    slack[t] -= 1;
                    if (!slack[t] && !tight[t]) {
                        tight[t] = 1;
                        count += 1;
                    }
                }
            }
            give(&lo[seats[i]], &hi[seats[i]], p);
        }
    }
    /* The cards any seat may hold, in their random order, seat by seat. */
    Py_ssize_t j = 0;
    for (int i = 0; i < m; i++) {
        long take = remaining[i];
        while (take > 0 && j < k) {
            long at = order[j++].at;
            if (!open && eligible[at] != everyone) continue;
            give(&lo[seats[i]], &hi[seats[i]], cards[at]);
            take--;
        }
    }
    PyObject *out = PyList_New(players);
    if (out == NULL) return NULL;
    for (long s = 0; s < players; s++) {
        PyObject *low = PyLong_FromUnsignedLongLong(lo[s]), *value = low;
        if (low != NULL && hi[s]) {
            PyObject *high = PyLong_FromUnsignedLongLong(hi[s]), *shift = PyLong_FromLong(64), *up = NULL;
            if (high && shift) up = PyNumber_Lshift(high, shift);
            value = up ? PyNumber_Or(up, low) : NULL;
            Py_XDECREF(high);
            Py_XDECREF(shift);
            Py_XDECREF(up);
            Py_DECREF(low);
        }
        if (value == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, s, value);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"deal", (PyCFunction)(void (*)(void))deal, METH_FASTCALL,
     "deal(random, cards, eligible, remaining, slack, seats, players, open) -> hands."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "hartenjagen.bots._deal",
    "The determinizer's hidden deal in C (internal: see hartenjagen.bots._hidden_deal).", -1, methods,
};

PyMODINIT_FUNC PyInit__deal(void) { return PyModule_Create(&module); }
