/* The hooks of modules of one's own in the playout kernel (included once by _playout.c, before the body).
 *
 * A `playable` hook (an opening, leading or first-trick module of one's own, a house rule) is a pure
 * function of its context, so its answers are kept in a decision tree by exactly the context fields
 * it read: hartenjagen/core/hook_cache.py states the scheme, and this is a copy of its trees in C,
 * with the same semantics: a node names the field the hook read next, its children are keyed by
 * that field's key, a leaf holds the answer (every copy of the cards returned, as a mask). C keys
 * the fields it can compute from its own words (the seat, the hand, the allowed cards, the trick,
 * the led suit, the trick number, hearts broken, the tricks taken); a path through any other (the
 * scores, the trick history, the announcers) is never kept here, and such positions are asked of
 * Python each time (where hook_cache.py's own tree may still answer them).
 *
 * On a miss the kernel calls hartenjagen.core.rollout `native_answer`, which asks the hook as the
 * Python kernel does (`hooks.narrowed_at`: the same context, the same errors) and returns the cards
 * chosen, the answer and the fields on its tree's path, which C then keeps under its own keys. A
 * leading module's `breaks_hearts` is kept the same way, by (card, discarded, trick number), and a
 * scoring module's `points_of` by the captured cards of those it declares its points come from
 * (`point_mask`, its `point_cards`; else every card), once a seat a hand, at the hand's end: the
 * declared cards a seat takes repeat from playout to playout where its whole capture seldom does.
 * A moon module of one's own that declares the cards a shooter needs (`moon_needed`, its
 * `needed_cards`) is asked only when one seat took them all (a few hands in a thousand of random
 * play): `native_shooter` and `native_settle` then ask it as the Python kernel does.
 * Everything here runs holding the GIL, and no pointer into a tree is kept across a call into
 * Python (which may grow or clear it). */

static int read_words(PyObject *value, uint64_t out[2]); /* _playout_read.h */

/* A tree that would grow past this starts afresh (hook_cache.LIMIT is a quarter of it: a node here is
 * about 90 bytes, not a Python object and a dictionary; a hook that reads `allowed` meets tens of
 * thousands of keys in a hand's playouts, and a tree that keeps resetting asks Python again). */
#define TREE_LIMIT 65536 /* < 2^27: a node's index fits an edge's child word */
#define MAX_PATH 12      /* the fields of a context: a path reads each at most once */
#define MAX_TRICKS 104

typedef struct {
    int32_t field; /* the field read next; -1: a leaf */
    uint64_t answer[2];
} node_t;

/* An edge carries a copy of its child's field and of the answer's first word, so that a lookup
 * reads one slot a level, not the slot and then the node (a hook that reads `allowed` has a tree
 * larger than the first-level caches, and `perf` gave the node's load a third of a lookup's time).
 * 32 bytes: two to a cache line, none across one. Only a two-pack answer's second word is read
 * from the node. */
typedef struct {
    uint32_t parent;
    uint32_t child; /* the child node << 5 | (its field + 1: 0 for a leaf); 0: an empty slot (the root is nobody's child) */
    uint64_t key[2];
    uint64_t answer; /* the child's answer, first word */
} edge_t;
#define EDGE_CHILD(e) ((e)->child >> 5)
#define EDGE_FIELD(e) ((int)((e)->child & 31) - 1)

typedef struct {
    node_t *nodes;
    uint32_t size, cap;
    edge_t *edges; /* open addressing, a power of two, at most half full */
    uint32_t edge_cap;
} tree_t;

/* A scoring module's `points_of` by the captured cards (hooks.py `points`: a pure function of them). */
#define POINTS_SLOTS (1u << 16) /* a power of two; kept at most half full, then it starts afresh */
typedef struct {
    uint64_t mask[2];
    int64_t points;
    int used;
} points_t;

typedef struct {
    tree_t trees[HOOK_EXTRAS + MAX_EXTRAS];
    int8_t breaks[2][MAX_TRICKS][52]; /* breaks_hearts by (discarded, completed tricks, card); -1: not asked */
    points_t *points;                 /* POINTS_SLOTS of them, made on first use */
    uint32_t points_used;
} hooks_t;

/* Points beyond this leave the playout to Python (whose points are its own integers, and which says
 * when they pass 64 bits): the kernel's sums then stay far inside a machine word. */
#define POINTS_LIMIT (1LL << 40)

static inline uint32_t points_hash(const uint64_t mask[2]) {
    uint64_t h = mask[0] * 0x9E3779B97F4A7C15ULL ^ mask[1] * 0xC2B2AE3D27D4EB4FULL;
    return (uint32_t)(h ^ h >> 31);
}

/* A position, as the keys need it (masks as two words). */
typedef struct {
    int seat, leader, count, led, tricks, broken, players;
    uint64_t cards[2], allowed[2];
    const int *order; /* the physical cards of the trick so far, in play order */
    const int *won;   /* the tricks each seat has won this hand */
} pos_t;

/* The key of field `field` at `p` (PlaySource.key, as two words): 0, or -1 where C has none. */
static inline int key_of(int field, const pos_t *p, uint64_t out[2]) {
    out[0] = out[1] = 0;
    switch (field) {
    case H_RULES: return 0; /* one value per table */
    case H_SEAT: out[0] = (uint64_t)p->seat; return 0;
    case H_HAND: out[0] = p->cards[0], out[1] = p->cards[1]; return 0;
    case H_ALLOWED: out[0] = p->allowed[0], out[1] = p->allowed[1]; return 0;
    case H_TRICK: /* (leader, *cards in play order): 4 + 4 bits, then 7 a card */
        out[0] = (uint64_t)p->leader | (uint64_t)p->count << 4;
        for (int i = 0; i < p->count; i++) {
            if (i < 8) out[0] |= (uint64_t)p->order[i] << (8 + 7 * i);
            else out[1] |= (uint64_t)p->order[i] << (7 * (i - 8));
        }
        return 0;
    case H_LED_SUIT: out[0] = p->count ? (uint64_t)(p->led + 1) : 0; return 0;
    case H_TRICK_NUMBER: out[0] = (uint64_t)p->tricks; return 0;
    case H_HEARTS_BROKEN: out[0] = (uint64_t)p->broken; return 0;
    case H_TRICKS_TAKEN: /* 7 bits a seat */
        for (int s = 0; s < p->players; s++) {
            if (s < 9) out[0] |= (uint64_t)p->won[s] << (7 * s);
            else out[1] |= (uint64_t)p->won[s] << (7 * (s - 9));
        }
        return 0;
    default: return -1;
    }
}

static inline uint32_t edge_hash(uint32_t parent, const uint64_t key[2]) {
    uint64_t h = key[0] * 0x9E3779B97F4A7C15ULL ^ (key[1] + parent) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (uint32_t)h;
}

static inline const edge_t *edge_find(const tree_t *t, uint32_t parent, const uint64_t key[2]) {
    uint32_t m = t->edge_cap - 1, i = edge_hash(parent, key) & m;
    for (;;) {
        const edge_t *e = &t->edges[i];
        if (!e->child) return NULL;
        if (e->key[0] == key[0] && e->parent == parent && e->key[1] == key[1]) return e;
        i = (i + 1) & m;
    }
}

static void edge_place(tree_t *t, const edge_t *edge) {
    uint32_t m = t->edge_cap - 1, i = edge_hash(edge->parent, edge->key) & m;
    while (t->edges[i].child) i = (i + 1) & m;
    t->edges[i] = *edge;
}

static void edge_put(tree_t *t, uint32_t parent, const uint64_t key[2], uint32_t child) {
    edge_t edge;
    edge.parent = parent, edge.child = child << 5 | (uint32_t)(t->nodes[child].field + 1);
    edge.key[0] = key[0], edge.key[1] = key[1];
    edge.answer = t->nodes[child].answer[0];
    edge_place(t, &edge);
}

/* The answer of the leaf `p` reaches (HookCache.lookup) into `answer`: 1, or 0: no answer kept for
 * it here. `two`: a plan of two packs, whose answers have a second word. */
static inline int tree_find(const tree_t *t, const pos_t *p, int two, uint64_t answer[2]) {
    if (!t->size) return 0;
    int field = t->nodes[0].field;
    if (field < 0) { /* the hook read nothing */
        answer[0] = t->nodes[0].answer[0], answer[1] = t->nodes[0].answer[1];
        return 1;
    }
    uint32_t node = 0;
    for (;;) {
        uint64_t key[2];
        if (key_of(field, p, key) < 0) return 0;
        const edge_t *e = edge_find(t, node, key);
        if (!e) return 0;
        node = EDGE_CHILD(e), field = EDGE_FIELD(e);
        if (field < 0) {
            answer[0] = e->answer, answer[1] = two ? t->nodes[node].answer[1] : 0;
            return 1;
        }
    }
}

/* A hint: fetch the slot a lookup of the root's children by `allowed` would read first, when the
 * tree's root reads `allowed` (a prefetch changes no answer, only when its memory arrives). */
static inline void tree_prefetch(const tree_t *t, const uint64_t allowed[2]) {
    if (t->size && t->nodes[0].field == H_ALLOWED)
        __builtin_prefetch(&t->edges[edge_hash(0, allowed) & (t->edge_cap - 1)]);
}

static void tree_clear(tree_t *t) {
    t->size = 0;
    if (t->edges) memset(t->edges, 0, sizeof(edge_t) * t->edge_cap);
}

/* Room for `more` nodes (and their edges): 0, or -1 when memory is short (then nothing is kept). */
static int tree_reserve(tree_t *t, uint32_t more) {
    uint32_t need = t->size + more;
    if (need > t->cap) {
        uint32_t cap = t->cap ? t->cap : 64;
        while (cap < need) cap *= 2;
        node_t *nodes = realloc(t->nodes, sizeof(node_t) * cap);
        if (!nodes) return -1;
        t->nodes = nodes, t->cap = cap;
    }
    if (2 * need > t->edge_cap) {
        uint32_t cap = t->edge_cap ? t->edge_cap : 128;
        while (cap < 2 * need) cap *= 2;
        /* On a cache line's boundary: a 32-byte slot then never spans two lines. */
        edge_t *old = t->edges, *edges = aligned_alloc(64, sizeof(edge_t) * cap);
        uint32_t old_cap = t->edge_cap;
        if (!edges) return -1;
        memset(edges, 0, sizeof(edge_t) * cap);
        t->edges = edges, t->edge_cap = cap;
        for (uint32_t i = 0; i < old_cap; i++)
            if (old[i].child) edge_place(t, &old[i]);
        free(old);
    }
    return 0;
}

static uint32_t node_new(tree_t *t, int field, const uint64_t answer[2]) {
    uint32_t i = t->size++;
    t->nodes[i].field = field;
    t->nodes[i].answer[0] = answer[0], t->nodes[i].answer[1] = answer[1];
    return i;
}

/* Below `parent` (which reads fields[i]) the rest of the path, ending in a leaf with `answer`. */
static void tree_chain(tree_t *t, uint32_t parent, int i, int n, const int *fields, uint64_t keys[][2],
                       const uint64_t answer[2]) {
    for (; i < n; i++) {
        uint32_t child = node_new(t, i + 1 < n ? fields[i + 1] : -1, answer);
        edge_put(t, parent, keys[i], child);
        parent = child;
    }
}

/* HookCache.insert: keep `answer` at the end of the path `fields` read at `p` (not kept: a field C
 * cannot key, or a hook that read differently from an earlier call agreeing on every field so far). */
static void tree_insert(tree_t *t, const int *fields, int n, const pos_t *p, const uint64_t answer[2]) {
    uint64_t keys[MAX_PATH][2];
    if (n > MAX_PATH) return;
    for (int i = 0; i < n; i++)
        if (key_of(fields[i], p, keys[i]) < 0) return;
    if (t->size + (uint32_t)n + 1 > TREE_LIMIT) tree_clear(t);
    if (tree_reserve(t, (uint32_t)n + 1) < 0) return;
    if (!t->size) {
        uint32_t root = node_new(t, n ? fields[0] : -1, answer);
        tree_chain(t, root, 0, n, fields, keys, answer);
        return;
    }
    uint32_t node = 0;
    for (int i = 0;; i++) {
        int field = t->nodes[node].field;
        if (field < 0 || i >= n || field != fields[i]) return;
        const edge_t *edge = edge_find(t, node, keys[i]);
        if (!edge) {
            tree_chain(t, node, i, n, fields, keys, answer);
            return;
        }
        node = EDGE_CHILD(edge);
    }
}

/* The Python side: hartenjagen.core.rollout `native_answer`, `native_hand`, `native_breaks`,
 * `native_points`, `native_shooter`, `native_settle`. */
static PyObject *py_answer, *py_hand, *py_breaks, *py_points, *py_shooter, *py_settle;

static int hooks_import(void) {
    if (py_settle) return 0;
    PyObject *module = PyImport_ImportModule("hartenjagen.core.rollout");
    if (!module) return -1;
    static const char *names[] = {"native_answer", "native_hand", "native_breaks", "native_points",
                                  "native_shooter", "native_settle"};
    PyObject *found[6] = {NULL};
    int ok = 1;
    for (int i = 0; i < 6 && ok; i++) ok = (found[i] = PyObject_GetAttrString(module, names[i])) != NULL;
    Py_DECREF(module);
    if (!ok) {
        for (int i = 0; i < 6; i++) Py_XDECREF(found[i]);
        return -1;
    }
    py_answer = found[0], py_hand = found[1], py_breaks = found[2], py_points = found[3];
    py_shooter = found[4], py_settle = found[5];
    return 0;
}

static void hooks_free(PyObject *capsule) {
    hooks_t *hooks = PyCapsule_GetPointer(capsule, "hartenjagen._playout.hooks");
    if (!hooks) return;
    for (int i = 0; i < HOOK_EXTRAS + MAX_EXTRAS; i++) {
        free(hooks->trees[i].nodes);
        free(hooks->trees[i].edges);
    }
    free(hooks->points);
    free(hooks);
}

/* Whether the play of `plan` asks a hook of a module of one's own. */
static int plan_asks_hooks(const plan_t *plan) {
    return plan->opening_hook || plan->lead_opens == LEAD_CALLBACK || plan->first_kind == FIRST_CALLBACK ||
           plan->extras || plan->break_callback || plan->scoring_hook || plan->moon_hook;
}

/* The trees of a plan whose play asks hooks (a capsule the plan tuple holds), or None. */
static PyObject *hooks_new(const plan_t *plan) {
    if (!plan_asks_hooks(plan)) Py_RETURN_NONE;
    if (hooks_import() < 0) return NULL;
    hooks_t *hooks = calloc(1, sizeof(hooks_t));
    if (!hooks) return PyErr_NoMemory();
    memset(hooks->breaks, -1, sizeof hooks->breaks);
    PyObject *capsule = PyCapsule_New(hooks, "hartenjagen._playout.hooks", hooks_free);
    if (!capsule) free(hooks);
    return capsule;
}

/* A non-negative int of up to 128 bits, from two words (a new reference). */
static PyObject *long_from_words(uint64_t low, uint64_t high) {
    if (!high) return PyLong_FromUnsignedLongLong(low);
    unsigned char bytes[16];
    for (int i = 0; i < 8; i++) bytes[i] = (unsigned char)(low >> (8 * i)), bytes[i + 8] = (unsigned char)(high >> (8 * i));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, 16, 1, 0);
#endif
}
