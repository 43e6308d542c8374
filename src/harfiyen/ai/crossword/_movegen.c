/* The compiled core of the crossword move generator (harfiyen.ai.crossword.movegen).
 *
 * It runs the same search as MoveGenerator._search, in the same order, over the
 * same data: the lexicon's DAWG table and the left automaton (copied once per
 * lexicon into C arrays by Tables), the tile values and premiums of a rule set
 * (Core) and, per call, the scratch board's lane arrays, the rack counts and the
 * blanks. It returns the same compact records (score, direction, lane, start,
 * codes). See movegen.py for the algorithm; the comments here only cover what
 * differs in representation:
 *
 *  - the DAWG table is copied with each row's slot 0 holding
 *    (children bitmask << 1) | accepts, so one load gives both (letters are
 *    at most 31 so that fits 32 bits);
 *  - the left automaton is the same flat record list [mask, sep, children...];
 *  - plays are collected in a C buffer and turned into Python tuples at the end.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 15
#define CELLS (SIZE * SIZE)
#define BLANK_CODE 64
#define MAX_LETTERS 31

#if defined(__GNUC__) || defined(__clang__)
#define CTZ(x) __builtin_ctz(x)
#define POPCOUNT(x) __builtin_popcount(x)
#else
static int CTZ(uint32_t x) { int n = 0; while (!(x & 1u)) { x >>= 1; n++; } return n; }
static int POPCOUNT(uint32_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
#endif

/* -- Tables: the automata of one lexicon ------------------------------------------ */

typedef struct {
    PyObject_HEAD
    int32_t *table;     /* the DAWG, slot 0 of a row = (mask << 1) | accepts */
    Py_ssize_t table_len;
    int32_t *nodes;     /* the left automaton's records */
    Py_ssize_t nodes_len;
    int stride;
} TablesObject;

static int
read_int32_list(PyObject *seq, int32_t **out, Py_ssize_t *len, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    int32_t *buf = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(int32_t));
    if (!buf) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            PyMem_Free(buf);
            Py_DECREF(fast);
            return -1;
        }
        if (v < INT32_MIN || v > INT32_MAX) {
            PyMem_Free(buf);
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: value out of the int32 range", what);
            return -1;
        }
        buf[i] = (int32_t)v;
    }
    Py_DECREF(fast);
    *out = buf;
    *len = n;
    return 0;
}

static void
Tables_dealloc(TablesObject *self)
{
    PyMem_Free(self->table);
    PyMem_Free(self->nodes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
Tables_init(TablesObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"table", "stride", "nodes", NULL};
    PyObject *table_obj, *nodes_obj;
    int stride;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiO", kwlist, &table_obj, &stride, &nodes_obj))
        return -1;
    if (self->table || self->nodes) {
        PyErr_SetString(PyExc_RuntimeError, "Tables is already initialised");
        return -1;
    }
    if (stride < 2 || stride > MAX_LETTERS + 1) {
        PyErr_Format(PyExc_ValueError, "stride %d: at most %d letters", stride, MAX_LETTERS);
        return -1;
    }
    int32_t *table, *nodes;
    Py_ssize_t tlen, nlen;
    if (read_int32_list(table_obj, &table, &tlen, "table") < 0)
        return -1;
    if (read_int32_list(nodes_obj, &nodes, &nlen, "nodes") < 0) {
        PyMem_Free(table);
        return -1;
    }
    self->table = table;
    self->table_len = tlen;
    self->nodes = nodes;
    self->nodes_len = nlen;
    self->stride = stride;
    /* Check every target once, so that the search never reads out of bounds. */
    if (tlen == 0 || tlen % stride) {
        PyErr_SetString(PyExc_ValueError, "table length is not a multiple of the stride");
        return -1;
    }
    for (Py_ssize_t row = 0; row < tlen; row += stride) {
        uint32_t mask = 0;
        if (table[row] != 0 && table[row] != 1) {
            PyErr_SetString(PyExc_ValueError, "table: bad accept flag");
            return -1;
        }
        for (int s = 1; s < stride; s++) {
            int32_t t = table[row + s];
            if (t >= 0) {
                if (t >= tlen || t % stride) {
                    PyErr_SetString(PyExc_ValueError, "table: target out of range");
                    return -1;
                }
                mask |= 1u << (s - 1);
            } else if (t != -1) {
                PyErr_SetString(PyExc_ValueError, "table: bad target");
                return -1;
            }
        }
        table[row] = (int32_t)((mask << 1) | (uint32_t)table[row]);
    }
    /* Records are [mask, sep, child...]: every child must start a record. */
    char *starts = PyMem_Calloc((size_t)(nlen ? nlen : 1), 1);
    if (!starts) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    int ok = nlen >= 2;
    while (ok && at < nlen) {
        if (at + 2 > nlen) {
            ok = 0;
            break;
        }
        uint32_t mask = (uint32_t)nodes[at];
        int32_t sep = nodes[at + 1];
        if ((stride - 1 < 32 && (mask >> (stride - 1))) || sep >= tlen || (sep >= 0 && sep % stride)) {
            ok = 0;
            break;
        }
        starts[at] = 1;
        at += 2 + POPCOUNT(mask);
    }
    ok = ok && at == nlen;
    for (Py_ssize_t r = 0; ok && r < nlen; r += 2 + POPCOUNT((uint32_t)nodes[r])) {
        int k = POPCOUNT((uint32_t)nodes[r]);
        for (int c = 0; c < k; c++) {
            int32_t t = nodes[r + 2 + c];
            if (t < 0 || t >= nlen || !starts[t]) {
                ok = 0;
                break;
            }
        }
    }
    PyMem_Free(starts);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "nodes: not a left automaton");
        return -1;
    }
    return 0;
}

static PyObject *
Tables_nbytes(TablesObject *self, void *closure)
{
    return PyLong_FromSsize_t((self->table_len + self->nodes_len) * (Py_ssize_t)sizeof(int32_t));
}

static PyGetSetDef Tables_getset[] = {
    {"nbytes", (getter)Tables_nbytes, NULL, "Bytes of the two C arrays.", NULL},
    {NULL},
};

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "harfiyen.ai.crossword._movegen.Tables",
    .tp_doc = "Tables(table, stride, nodes): a lexicon's DAWG table and left automaton in C.",
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tables_init,
    .tp_dealloc = (destructor)Tables_dealloc,
    .tp_getset = Tables_getset,
};

/* -- Core: Tables plus a rule set's values and premiums ------------------------------ */

typedef struct {
    PyObject_HEAD
    TablesObject *tables;
    int letters;                        /* alphabet size: all_letters = (1 << letters) - 1 */
    int values[MAX_LETTERS + 1];
    int lm[2][CELLS];
    int wm[2][CELLS];
    int bingo;
    int bingo_min;
} CoreObject;

static int
read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < INT32_MIN || v > INT32_MAX) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: value out of range", what);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* Both directions' lists, [across, down], of CELLS ints each. */
static int
read_pair(PyObject *pair, int out[2][CELLS], const char *what)
{
    PyObject *fast = PySequence_Fast(pair, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 2) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected one list per direction", what);
        return -1;
    }
    int rc = read_ints(PySequence_Fast_GET_ITEM(fast, 0), out[0], CELLS, what);
    if (rc == 0)
        rc = read_ints(PySequence_Fast_GET_ITEM(fast, 1), out[1], CELLS, what);
    Py_DECREF(fast);
    return rc;
}

static void
Core_dealloc(CoreObject *self)
{
    Py_XDECREF(self->tables);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
Core_init(CoreObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {
        "tables", "letters", "values", "letter_mult", "word_mult", "bingo", "bingo_min", NULL,
    };
    PyObject *tables, *values, *lm, *wm;
    int letters, bingo, bingo_min;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!iOOOii", kwlist, &TablesType, &tables,
                                     &letters, &values, &lm, &wm, &bingo, &bingo_min))
        return -1;
    TablesObject *t = (TablesObject *)tables;
    if (!t->table) {
        PyErr_SetString(PyExc_ValueError, "tables are not initialised");
        return -1;
    }
    if (letters < 1 || letters > t->stride - 1) {
        PyErr_SetString(PyExc_ValueError, "letters: outside the automaton's alphabet");
        return -1;
    }
    memset(self->values, 0, sizeof(self->values));
    if (read_ints(values, self->values, letters + 1, "values") < 0)
        return -1;
    if (read_pair(lm, self->lm, "letter_mult") < 0 || read_pair(wm, self->wm, "word_mult") < 0)
        return -1;
    Py_INCREF(tables);
    Py_XSETREF(self->tables, t);
    self->letters = letters;
    self->bingo = bingo;
    self->bingo_min = bingo_min;
    return 0;
}

/* -- the search --------------------------------------------------------------------- */

typedef struct {
    int32_t score;
    uint8_t direction, lane, start, len;
    uint8_t codes[SIZE];
} Rec;

typedef struct {
    const int32_t *table;
    const int32_t *nodes;
    const int *values;
    /* the current lane */
    int fx[SIZE], fv[SIZE], xs[SIZE], anch[SIZE], lm[SIZE], wm[SIZE], bon[SIZE], free_left[SIZE];
    uint32_t cc[SIZE];
    uint8_t buf[SIZE];
    int cnt[MAX_LETTERS + 1];
    int total, bingo, bingo_min, floor, direction, lane, dup_single;
    Rec *recs;
    Py_ssize_t n, cap;
    int oom;
} State;

static void
emit(State *S, int score, int start, int end)
{
    if (S->n == S->cap) {
        Py_ssize_t cap = S->cap ? 2 * S->cap : 256;
        Rec *grown = PyMem_RawRealloc(S->recs, (size_t)cap * sizeof(Rec));
        if (!grown) {
            S->oom = 1;
            return;
        }
        S->recs = grown;
        S->cap = cap;
    }
    Rec *r = &S->recs[S->n++];
    r->score = score;
    r->direction = (uint8_t)S->direction;
    r->lane = (uint8_t)S->lane;
    r->start = (uint8_t)start;
    r->len = (uint8_t)(end - start);
    memcpy(r->codes, S->buf + start, (size_t)(end - start));
}

/* Squares start..j-1 hold the word so far; d is its DAWG node. */
static void
right(State *S, int j, int32_t d, int start, int msum, int wmul, int xsum, int nt,
      uint32_t rmask, int nb)
{
    const int32_t *table = S->table;
    while (j < SIZE) {
        int s = S->fx[j];
        if (!s)
            break;
        d = table[d + s];
        if (d < 0)
            return;
        msum += S->fv[j];
        j++;
    }
    uint32_t head = (uint32_t)table[d];
    if ((head & 1u) && j - start > 1 && !(nt == 1 && S->dup_single)) {
        int score = msum * wmul + xsum + (nt >= S->bingo_min ? S->bingo : 0);
        if (score >= S->floor)
            emit(S, score, start, j);
    }
    if (j == SIZE || !(rmask || nb))
        return;
    uint32_t m = (head >> 1) & S->cc[j];
    if (!m)
        return;
    int lmj = S->lm[j], w = S->wm[j], x = S->xs[j], bo = S->bon[j];
    int w2 = wmul * w;
    int j1 = j + 1, nt1 = nt + 1;
    uint8_t *buf = S->buf;
    uint32_t mr = m & rmask;
    while (mr) {
        uint32_t b = mr & (0u - mr);
        mr ^= b;
        int s = CTZ(b) + 1;
        int v = S->values[s] * lmj;
        int c = --S->cnt[s];
        buf[j] = (uint8_t)s;
        right(S, j1, table[d + s], start, msum + v, w2,
              xsum + bo + (x >= 0 ? (x + v) * w : 0), nt1, c ? rmask : rmask ^ b, nb);
        S->cnt[s] = c + 1;
    }
    if (nb) {
        int xb = xsum + bo + (x >= 0 ? x * w : 0);
        while (m) {
            uint32_t b = m & (0u - m);
            m ^= b;
            int s = CTZ(b) + 1;
            buf[j] = (uint8_t)(s | BLANK_CODE);
            right(S, j1, table[d + s], start, msum, w2, xb, nt1, rmask, nb - 1);
        }
    }
}

/* The word so far is i..r0-1 (read leftwards to left node n), i-1 is empty; after
 * the separator the right part starts at r0. */
static void
left(State *S, int i, int32_t n, int r0, int msum, int wmul, int xsum, int nt,
     uint32_t rmask, int nb)
{
    const int32_t *nodes = S->nodes;
    int32_t d = nodes[n + 1];
    if (d >= 0)
        right(S, r0, d, i, msum, wmul, xsum, nt, rmask, nb);
    if (i == 0 || !(rmask || nb))
        return;
    int j = i - 1;
    if (S->anch[j])
        return;
    uint32_t mask = (uint32_t)nodes[n];
    int32_t base = n + 2;
    int lmj = S->lm[j];
    int w2 = wmul * S->wm[j];
    int xb = xsum + S->bon[j];
    int nt1 = nt + 1;
    int room = S->total - nt1;
    if (S->free_left[j] < room)
        room = S->free_left[j];
    uint8_t *buf = S->buf;
    uint32_t m = mask & rmask;
    while (m) {
        uint32_t b = m & (0u - m);
        m ^= b;
        int32_t child = nodes[base + POPCOUNT(mask & (b - 1))];
        if (nodes[child + 1] + room < 0)
            continue;
        int s = CTZ(b) + 1;
        int c = --S->cnt[s];
        buf[j] = (uint8_t)s;
        left(S, j, child, r0, msum + S->values[s] * lmj, w2, xb, nt1,
             c ? rmask : rmask ^ b, nb);
        S->cnt[s] = c + 1;
    }
    if (nb) {
        m = mask;
        while (m) {
            uint32_t b = m & (0u - m);
            m ^= b;
            int32_t child = nodes[base + POPCOUNT(mask & (b - 1))];
            if (nodes[child + 1] + room < 0)
                continue;
            buf[j] = (uint8_t)((CTZ(b) + 1) | BLANK_CODE);
            left(S, j, child, r0, msum, w2, xb, nt1, rmask, nb - 1);
        }
    }
}

/* A letter is on anchor a (left node n, the board run right of it already read);
 * a board run to its left is forced. */
static void
at_anchor(State *S, int a, int r0, int32_t n, int msum, int wmul, int xsum, uint32_t rmask,
          int nb)
{
    const int32_t *nodes = S->nodes;
    int i = a;
    while (i > 0) {
        int s = S->fx[i - 1];
        if (!s)
            break;
        uint32_t mask = (uint32_t)nodes[n];
        uint32_t b = 1u << (s - 1);
        if (!(mask & b))
            return;
        n = nodes[n + 2 + POPCOUNT(mask & (b - 1))];
        msum += S->fv[i - 1];
        i--;
    }
    if (i < a) {
        /* The square left of the run touches it, so it is an anchor: stop here. */
        int32_t d = nodes[n + 1];
        if (d >= 0)
            right(S, r0, d, i, msum, wmul, xsum, 1, rmask, nb);
    } else {
        left(S, a, n, r0, msum, wmul, xsum, 1, rmask, nb);
    }
}

typedef struct {
    int fixed[2][CELLS], fixed_value[2][CELLS], cross[2][CELLS], cross_sum[2][CELLS],
        anchor[2][CELLS];
} Board;

static void
load_lane(State *S, const CoreObject *core, const Board *B, int d, int lane, int bonus_row,
          int bonus_col, int bonus_points)
{
    int base = lane * SIZE;
    for (int k = 0; k < SIZE; k++) {
        S->fx[k] = B->fixed[d][base + k];
        S->fv[k] = B->fixed_value[d][base + k];
        S->cc[k] = (uint32_t)B->cross[d][base + k];
        S->xs[k] = B->cross_sum[d][base + k];
        S->anch[k] = B->anchor[d][base + k] != 0;
        S->lm[k] = core->lm[d][base + k];
        S->wm[k] = core->wm[d][base + k];
        int row = d == 0 ? lane : k, col = d == 0 ? k : lane;
        S->bon[k] = (row == bonus_row && col == bonus_col) ? bonus_points : 0;
        S->buf[k] = 0;
    }
    S->free_left[0] = 0;
    for (int k = 1; k < SIZE; k++)
        S->free_left[k] = (S->fx[k - 1] || S->anch[k - 1]) ? 0 : S->free_left[k - 1] + 1;
}

/* The plays from anchor a of the loaded lane. */
static void
search_anchor(State *S, int a, uint32_t rack_mask, int blanks, uint32_t all_letters)
{
    const int32_t *nodes = S->nodes;
    S->dup_single = S->direction == 1 && S->xs[a] >= 0;
    /* A board run right of the anchor is read first (leftwards, from its far end). */
    int r0 = a + 1;
    while (r0 < SIZE && S->fx[r0])
        r0++;
    int32_t n0 = 0;
    int ms0 = 0;
    int q = r0 - 1;
    while (q > a) {
        int s = S->fx[q];
        uint32_t mask = (uint32_t)nodes[n0];
        uint32_t b = 1u << (s - 1);
        if (!(mask & b))
            break;
        n0 = nodes[n0 + 2 + POPCOUNT(mask & (b - 1))];
        ms0 += S->fv[q];
        q--;
    }
    if (q > a)
        return;
    uint32_t start_mask = (uint32_t)nodes[n0];
    uint32_t m = start_mask & S->cc[a] & all_letters;
    int lma = S->lm[a], wma = S->wm[a], xa = S->xs[a], boa = S->bon[a];
    int room;
    if (a && S->fx[a - 1]) {
        room = SIZE;
    } else {
        room = S->total - 1;
        if (S->free_left[a] < room)
            room = S->free_left[a];
    }
    uint32_t mr = m & rack_mask;
    while (mr) {
        uint32_t b = mr & (0u - mr);
        mr ^= b;
        int32_t child = nodes[n0 + 2 + POPCOUNT(start_mask & (b - 1))];
        if (nodes[child + 1] + room < 0)
            continue;
        int s = CTZ(b) + 1;
        int v = S->values[s] * lma;
        int c = --S->cnt[s];
        S->buf[a] = (uint8_t)s;
        at_anchor(S, a, r0, child, ms0 + v, wma, boa + (xa >= 0 ? (xa + v) * wma : 0),
                  c ? rack_mask : rack_mask ^ b, blanks);
        S->cnt[s] = c + 1;
    }
    if (blanks) {
        int xb = boa + (xa >= 0 ? xa * wma : 0);
        while (m) {
            uint32_t b = m & (0u - m);
            m ^= b;
            int32_t child = nodes[n0 + 2 + POPCOUNT(start_mask & (b - 1))];
            if (nodes[child + 1] + room < 0)
                continue;
            S->buf[a] = (uint8_t)((CTZ(b) + 1) | BLANK_CODE);
            at_anchor(S, a, r0, child, ms0, wma, xb, rack_mask, blanks - 1);
        }
    }
}

static int
cmp_desc(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a < b) - (a > b);
}

/* With keep: the keep-th best score so far becomes the floor, and plays below it go
 * (plays at the floor stay: which of them belong in the best keep is decided later). */
static int
raise_floor(State *S, int keep)
{
    if (S->n < keep)
        return 0;
    int *scores = PyMem_RawMalloc((size_t)S->n * sizeof(int));
    if (!scores)
        return -1;
    for (Py_ssize_t i = 0; i < S->n; i++)
        scores[i] = S->recs[i].score;
    qsort(scores, (size_t)S->n, sizeof(int), cmp_desc);
    int floor = scores[keep - 1];
    PyMem_RawFree(scores);
    if (floor > S->floor)
        S->floor = floor;
    Py_ssize_t w = 0;
    for (Py_ssize_t r = 0; r < S->n; r++)
        if (S->recs[r].score >= S->floor)
            S->recs[w++] = S->recs[r];
    S->n = w;
    return 0;
}

static PyObject *
records(const State *S)
{
    PyObject *out = PyList_New(S->n);
    if (!out)
        return NULL;
    /* Thousands of new containers would start several collections, each walking the
     * records made so far (a third of the time with a blank on the rack): they hold
     * only ints, so one collection afterwards (if due) is enough. No Python code
     * runs in between. */
    int was_enabled = PyGC_Disable();
    for (Py_ssize_t i = 0; i < S->n; i++) {
        const Rec *r = &S->recs[i];
        PyObject *codes = PyList_New(r->len);
        if (!codes)
            goto fail;
        for (int k = 0; k < r->len; k++)
            PyList_SET_ITEM(codes, k, PyLong_FromLong(r->codes[k]));
        PyObject *rec = PyTuple_New(5);
        if (!rec) {
            Py_DECREF(codes);
            goto fail;
        }
        PyTuple_SET_ITEM(rec, 0, PyLong_FromLong(r->score));
        PyTuple_SET_ITEM(rec, 1, PyLong_FromLong(r->direction));
        PyTuple_SET_ITEM(rec, 2, PyLong_FromLong(r->lane));
        PyTuple_SET_ITEM(rec, 3, PyLong_FromLong(r->start));
        PyTuple_SET_ITEM(rec, 4, codes);
        PyList_SET_ITEM(out, i, rec);
    }
    if (was_enabled)
        PyGC_Enable();
    return out;
fail:
    if (was_enabled)
        PyGC_Enable();
    Py_DECREF(out);
    return NULL;
}

/* -- anchor bounds (bounds.py: the same formula, for the best-N search) ------------- */

typedef struct {
    int bound, d, lane, pos;
} Bounded;

static void
sort_desc(int *v, int n)
{
    for (int i = 1; i < n; i++) {
        int x = v[i], j = i - 1;
        while (j >= 0 && v[j] < x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
}

/* Larger first, as Python's sorted(..., reverse=True) of (bound, d, lane, pos). */
static int
cmp_bounded(const void *x, const void *y)
{
    const Bounded *a = x, *b = y;
    if (a->bound != b->bound)
        return a->bound < b->bound ? 1 : -1;
    if (a->d != b->d)
        return a->d < b->d ? 1 : -1;
    if (a->lane != b->lane)
        return a->lane < b->lane ? 1 : -1;
    return (a->pos < b->pos) - (a->pos > b->pos);
}

/* Every anchor with an upper bound on what a play from it scores, best first; returns
 * the count (0 when the rack is empty). */
static int
anchor_bounds(const CoreObject *core, const Board *B, const int *cnt, int blanks,
              int bonus_row, int bonus_col, int bonus_points, Bounded *out)
{
    int tiles[SIZE];
    int k = 0;
    for (int s = 1; s <= core->letters; s++)
        for (int c = 0; c < cnt[s] && k < SIZE; c++)  /* a negative count adds nothing */
            tiles[k++] = core->values[s];
    for (int c = 0; c < blanks && k < SIZE; c++)
        tiles[k++] = 0;
    if (!k)
        return 0;
    sort_desc(tiles, k);
    int top = tiles[0];
    int bingo = k >= core->bingo_min ? core->bingo : 0;
    int count = 0;
    for (int d = 0; d < 2; d++)
        for (int lane = 0; lane < SIZE; lane++) {
            int base = lane * SIZE;
            const int *fixed = B->fixed[d] + base, *fval = B->fixed_value[d] + base;
            const int *xs = B->cross_sum[d] + base, *anchor = B->anchor[d] + base;
            const int *lmul = core->lm[d] + base, *wmul = core->wm[d] + base;
            for (int pos = 0; pos < SIZE; pos++) {
                if (!anchor[pos])
                    continue;
                int empties[SIZE];
                int ne = 0, fsum = 0;
                empties[ne++] = pos;
                int i = pos - 1;
                if (i >= 0 && fixed[i]) {
                    while (i >= 0 && fixed[i])
                        fsum += fval[i--];
                } else {
                    while (i >= 0 && ne < k && !anchor[i])
                        empties[ne++] = i--;
                }
                int right = 0;
                for (int j = pos + 1; j < SIZE && (fixed[j] || right < k - 1); j++) {
                    if (fixed[j]) {
                        fsum += fval[j];
                    } else {
                        empties[ne++] = j;
                        right++;
                    }
                }
                int lms[SIZE], wms[SIZE], cross[SIZE];
                int nc = 0, extra = 0;
                for (int e = 0; e < ne; e++) {
                    int sq = empties[e];
                    lms[e] = lmul[sq];
                    wms[e] = wmul[sq];
                    if (xs[sq] >= 0)
                        cross[nc++] = (xs[sq] + top * lmul[sq]) * wmul[sq];
                    int row = d == 0 ? lane : sq, col = d == 0 ? sq : lane;
                    if (row == bonus_row && col == bonus_col && bonus_points > extra)
                        extra = bonus_points;
                }
                sort_desc(lms, ne);
                sort_desc(wms, ne);
                sort_desc(cross, nc);
                int letters = 0, word = 1, crosses = 0;
                for (int e = 0; e < ne && e < k; e++) {
                    letters += tiles[e] * lms[e];
                    word *= wms[e];
                }
                for (int e = 0; e < nc && e < k; e++)
                    crosses += cross[e];
                if (bingo && ne >= core->bingo_min)
                    extra += bingo;
                out[count].bound = (fsum + letters) * word + crosses + extra;
                out[count].d = d;
                out[count].lane = lane;
                out[count].pos = pos;
                count++;
            }
        }
    qsort(out, (size_t)count, sizeof(Bounded), cmp_bounded);
    return count;
}

static PyObject *
Core_search(CoreObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {
        "fixed", "fixed_value", "cross", "cross_sum", "anchor", "counts", "blanks",
        "bonus_row", "bonus_col", "bonus_points", "keep", NULL,
    };
    PyObject *fixed, *fixed_value, *cross, *cross_sum, *anchor, *counts;
    int blanks, bonus_row, bonus_col, bonus_points, keep = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOiiii|i", kwlist, &fixed, &fixed_value,
                                     &cross, &cross_sum, &anchor, &counts, &blanks, &bonus_row,
                                     &bonus_col, &bonus_points, &keep))
        return NULL;
    if (!self->tables) {
        PyErr_SetString(PyExc_ValueError, "Core is not initialised");
        return NULL;
    }
    Board *B = PyMem_Malloc(sizeof(Board));
    State *S = PyMem_Calloc(1, sizeof(State));
    Bounded *order = PyMem_Malloc(2 * CELLS * sizeof(Bounded));
    PyObject *result = NULL;
    if (!B || !S || !order) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_pair(fixed, B->fixed, "fixed") < 0 ||
        read_pair(fixed_value, B->fixed_value, "fixed_value") < 0 ||
        read_pair(cross, B->cross, "cross") < 0 ||
        read_pair(cross_sum, B->cross_sum, "cross_sum") < 0 ||
        read_pair(anchor, B->anchor, "anchor") < 0 ||
        read_ints(counts, S->cnt, self->letters + 1, "counts") < 0)
        goto done;
    for (int d = 0; d < 2; d++)
        for (int k = 0; k < CELLS; k++) {
            int f = B->fixed[d][k];
            if (f < 0 || f > self->letters) {
                PyErr_SetString(PyExc_ValueError, "fixed: not a letter symbol");
                goto done;
            }
        }
    S->table = self->tables->table;
    S->nodes = self->tables->nodes;
    S->values = self->values;
    S->bingo = self->bingo;
    S->bingo_min = self->bingo_min;
    S->floor = -1;
    S->cnt[0] = 0;
    uint32_t rack_mask = 0;
    int total = blanks;
    for (int s = 1; s <= self->letters; s++) {
        if (S->cnt[s] < 0) {
            PyErr_SetString(PyExc_ValueError, "counts: negative");
            goto done;
        }
        if (S->cnt[s])
            rack_mask |= 1u << (s - 1);
        total += S->cnt[s];
    }
    if (blanks < 0) {
        PyErr_SetString(PyExc_ValueError, "blanks: negative");
        goto done;
    }
    S->total = total;
    uint32_t all_letters = (1u << self->letters) - 1u;

    /* The anchors to visit, in order: by their bounds (with keep, best first), else all
     * of them lane by lane. */
    int count = 0;
    if (keep > 0) {
        count = anchor_bounds(self, B, S->cnt, blanks, bonus_row, bonus_col, bonus_points, order);
    } else {
        for (int d = 0; d < 2; d++)
            for (int k = 0; k < CELLS; k++)
                if (B->anchor[d][k]) {
                    order[count].bound = 0;
                    order[count].d = d;
                    order[count].lane = k / SIZE;
                    order[count].pos = k % SIZE;
                    count++;
                }
    }

    /* The search reads C arrays only: other threads (the server's bots) may run. */
    Py_BEGIN_ALLOW_THREADS
    int current_d = -1, current_lane = -1;
    for (int k = 0; k < count && !S->oom; k++) {
        if (keep > 0) {
            if (raise_floor(S, keep) < 0) {
                S->oom = 1;
                break;
            }
            if (order[k].bound < S->floor)
                break;
        }
        if (order[k].d != current_d || order[k].lane != current_lane) {
            current_d = S->direction = order[k].d;
            current_lane = S->lane = order[k].lane;
            load_lane(S, self, B, current_d, current_lane, bonus_row, bonus_col, bonus_points);
        }
        search_anchor(S, order[k].pos, rack_mask, blanks, all_letters);
    }
    Py_END_ALLOW_THREADS
    if (S->oom) {
        PyErr_NoMemory();
        goto done;
    }
    result = records(S);
done:
    if (S)
        PyMem_RawFree(S->recs);
    PyMem_Free(S);
    PyMem_Free(B);
    PyMem_Free(order);
    return result;
}

static PyObject *
Core_bounds(CoreObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {
        "fixed", "fixed_value", "cross_sum", "anchor", "counts", "blanks", "bonus_row",
        "bonus_col", "bonus_points", NULL,
    };
    PyObject *fixed, *fixed_value, *cross_sum, *anchor, *counts;
    int blanks, bonus_row, bonus_col, bonus_points;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOiiii", kwlist, &fixed, &fixed_value,
                                     &cross_sum, &anchor, &counts, &blanks, &bonus_row,
                                     &bonus_col, &bonus_points))
        return NULL;
    if (!self->tables) {
        PyErr_SetString(PyExc_ValueError, "Core is not initialised");
        return NULL;
    }
    Board *B = PyMem_Malloc(sizeof(Board));
    Bounded *bounded = PyMem_Malloc(2 * CELLS * sizeof(Bounded));
    int cnt[MAX_LETTERS + 1] = {0};
    PyObject *out = NULL;
    if (!B || !bounded) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_pair(fixed, B->fixed, "fixed") < 0 ||
        read_pair(fixed_value, B->fixed_value, "fixed_value") < 0 ||
        read_pair(cross_sum, B->cross_sum, "cross_sum") < 0 ||
        read_pair(anchor, B->anchor, "anchor") < 0 ||
        read_ints(counts, cnt, self->letters + 1, "counts") < 0)
        goto done;
    int count = anchor_bounds(self, B, cnt, blanks, bonus_row, bonus_col, bonus_points, bounded);
    out = PyList_New(count);
    if (!out)
        goto done;
    for (int k = 0; k < count; k++) {
        PyObject *item = Py_BuildValue("(iiii)", bounded[k].bound, bounded[k].d,
                                       bounded[k].lane, bounded[k].pos);
        if (!item) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, k, item);
    }
done:
    PyMem_Free(B);
    PyMem_Free(bounded);
    return out;
}

static PyMethodDef Core_methods[] = {
    {"bounds", (PyCFunction)(void (*)(void))Core_bounds, METH_VARARGS | METH_KEYWORDS,
     "(bound, direction, lane, anchor) of every anchor, best first (as bounds.py)."},
    {"search", (PyCFunction)(void (*)(void))Core_search, METH_VARARGS | METH_KEYWORDS,
     "The records of every play; with keep, a superset of the keep best."},
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "harfiyen.ai.crossword._movegen.Core",
    .tp_doc = "Core(tables, letters, values, letter_mult, word_mult, bingo, bingo_min).",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef movegen_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "harfiyen.ai.crossword._movegen",
    .m_doc = "The compiled core of the crossword move generator.",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__movegen(void)
{
    if (PyType_Ready(&TablesType) < 0 || PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&movegen_module);
    if (!m)
        return NULL;
    Py_INCREF(&TablesType);
    if (PyModule_AddObject(m, "Tables", (PyObject *)&TablesType) < 0) {
        Py_DECREF(&TablesType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "MAX_LETTERS", MAX_LETTERS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
