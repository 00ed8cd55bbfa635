"""Shortest-line search kernel: the A* of ``butterfly/solver/patience/shortest.py``, in C.

The same search as its Python twin: the same lower bound (butterfly/ext/_bound.pyx,
whose twin is butterfly/solver/patience/bound.py), the same pruned moves
(butterfly/ext/_position.pxd, shared with the depth-first kernel), the same order
(smallest f = g + h, then largest g, then last pushed) and the same node
accounting, so the two return the same line and node count; the tests
check exactly that.

Memory: every position met is a record in one arena (its full key, g, h,
parent, the step that reached it, closed or not); an open-addressing index
maps keys to records (a one-byte tag from the hash, then the record's full
key is compared: a hash match alone never merges two positions); the open
list is a bucket queue, one stack of record numbers per (f, g). All three
grow by doubling, and the sum of what they hold (old and new blocks
together while one grows) never exceeds the memory cap.

Shared distances (``Distances``, the twin's ``shortest.Distances``): an
open-addressing table, key to a proved lower bound on the position's
distance (a byte) and the length of a known line from it (its steps are
kept beside, in a dict keyed by the key's bytes). A search given one reads
it for every position it meets and, unweighted, writes what it proved
(docs/solver.md, "Distances shared between searches").

A record's position is rebuilt from its key when it is expanded: rows in
the key's order (empty rows first, then by innermost card), as the twin's
``decode`` does.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset, memcpy

from butterfly.ext._patience cimport (
    State, Rules, Move, NCARDS, MAX_ROWS, MAX_MOVES_PER_NODE, LOC_FOUNDATION, UNDER_BOTTOM, UNDER_CELL,
    UNDER_FOUNDATION, KEY_WORDS,
)
from butterfly.ext._position cimport (
    init_zobrist, fast_range, relocate, generate, hash_of_key, same_key, read_field, under_after, now, load,
    count_hosts_gone,
)
from butterfly.ext._bound cimport bound_of, bound_after, moves_twice, keeping_the_count, cycle_cards
from butterfly.ext._signals cimport signalled, stopping, raise_pending

init_zobrist()

cdef enum:
    MAX_LINE_LEN = 4095     # the longest line searched for (butterfly.solver.patience.shortest.MAX_LINE)
    NO_PARENT = 0xFFFFFFFF
    START_GOAL = 0xFFFFFFFE  # the line is the start's own, from the shared table
    NO_LINE = 0xFFFF         # a shared entry with no line known
    MAX_KNOWN_LOWER = 255    # butterfly.solver.patience.shortest.MAX_KNOWN
    FIRST_KNOWN_SLOTS = 1 << 12
    FIRST_NODES = 1 << 12
    FIRST_SLOTS = 1 << 13
    # Positions taken from the queue and worked on (each gets a strong bound, up
    # to milliseconds, or is expanded) between two looks at signals (butterfly/ext/_signals.pxd).
    POPS_PER_LOOK = 1 << 4

#: Exported for the twin's tests: where a step puts its card, besides a card.
EMPTY_ROW = UNDER_BOTTOM
TO_CELL = UNDER_CELL
TO_FOUNDATION = UNDER_FOUNDATION
MAX_LINE = MAX_LINE_LEN

cdef enum Stop:
    STOP_NONE = 0
    STOP_NODES = 1
    STOP_TIME = 2
    STOP_MEMORY = 3
    STOP_SIGNAL = 4     # a signal handler raised: no answer
    STOP_LINE = 5       # a line found, and only the first was asked for

STOPS = {STOP_NONE: None, STOP_NODES: "nodes", STOP_TIME: "time", STOP_MEMORY: "memory", STOP_LINE: "line"}


ctypedef struct Node:
    uint64_t key[KEY_WORDS]
    uint32_t parent
    uint16_t g
    uint8_t h
    uint8_t card       # the step that reached it: the card moved ...
    uint8_t onto       # ... and what it landed on (a card, or UNDER_*)
    uint8_t closed
    uint8_t strong     # h is the strong bound (moves_twice) as far as its effort went
    uint8_t own        # proved from the position's own deadlock graph (the twin's _Node.own)


ctypedef struct Known:
    uint64_t key[KEY_WORDS]
    uint16_t upper     # the length of a known line from the position (NO_LINE: none)
    uint8_t lower      # no line from the position is shorter
    uint8_t used


ctypedef struct Table:
    Known *slots
    uint64_t capacity  # a power of two, at least twice the entries
    uint64_t count
    uint64_t limit     # the most entries


ctypedef struct Stack:
    uint32_t *items
    uint32_t size
    uint32_t capacity


ctypedef struct Search:
    Node *nodes
    uint64_t node_count
    uint64_t node_capacity
    uint8_t *tags           # the index: a tag (0: empty) and a record number per slot
    uint32_t *slots
    uint64_t slot_capacity
    Stack *buckets[MAX_LINE_LEN + 1]   # per f, one stack per g (0..f), made when first used
    int top_g[MAX_LINE_LEN + 1]        # per f, no stack above this g holds anything
    int min_f                          # no stack below this f holds anything
    uint64_t bytes                     # held now ...
    uint64_t peak_bytes                # ... the most held at once ...
    uint64_t memory_bytes              # ... and the cap


# ------------------------------------------------------------------ memory
cdef inline bint reserve(Search *a, uint64_t extra) noexcept nogil:
    """May ``extra`` more bytes be held at once? (counted in the peak)"""
    if a.bytes + extra > a.memory_bytes:
        return False
    if a.bytes + extra > a.peak_bytes:
        a.peak_bytes = a.bytes + extra
    return True


cdef inline uint8_t tag_of(uint64_t h) noexcept nogil:
    return <uint8_t>(h & 0xFF) if (h & 0xFF) else 1


cdef inline uint64_t find(Search *a, const uint64_t *key, uint64_t h) noexcept nogil:
    """The slot of ``key`` in the index, or the empty slot where it belongs."""
    cdef uint64_t i = fast_range(h, a.slot_capacity)
    cdef uint8_t tag = tag_of(h)
    while a.tags[i]:
        if a.tags[i] == tag and same_key(a.nodes[a.slots[i]].key, key):
            return i
        i += 1
        if i == a.slot_capacity:
            i = 0
    return i


cdef bint grow_index(Search *a, bint *stopped) noexcept nogil:
    """Double the index, re-placing every record (hashes recomputed from the
    keys). False when it cannot, or when a signal handler raised while it
    re-placed them (a second or more for the largest): then ``stopped`` is
    set, and the index, part-filled, is only fit to be released."""
    cdef uint64_t capacity = 2 * a.slot_capacity
    cdef uint64_t i, old_bytes = a.slot_capacity * 5, new_bytes = capacity * 5
    cdef uint8_t *tags
    cdef uint32_t *slots
    cdef uint64_t h, slot
    if not reserve(a, new_bytes):
        return False
    tags = <uint8_t *> calloc(capacity, 1)
    slots = <uint32_t *> malloc(capacity * 4)
    if tags == NULL or slots == NULL:
        free(tags)
        free(slots)
        return False
    free(a.tags)
    free(a.slots)
    a.tags, a.slots, a.slot_capacity = tags, slots, capacity
    a.bytes += new_bytes - old_bytes
    for i in range(a.node_count):
        if stopping(i, stopped):
            return False
        h = hash_of_key(a.nodes[i].key)
        slot = find(a, a.nodes[i].key, h)
        a.tags[slot] = tag_of(h)
        a.slots[slot] = <uint32_t> i
    return True


cdef bint grow_nodes(Search *a) noexcept nogil:
    cdef uint64_t capacity = 2 * a.node_capacity
    cdef uint64_t old_bytes = a.node_capacity * sizeof(Node), new_bytes = capacity * sizeof(Node)
    cdef Node *grown
    if capacity > NO_PARENT or not reserve(a, new_bytes):  # realloc may hold both blocks
        return False
    grown = <Node *> realloc(a.nodes, new_bytes)
    if grown == NULL:
        return False
    a.nodes, a.node_capacity = grown, capacity
    a.bytes += new_bytes - old_bytes
    return True


cdef bint push(Search *a, int f, int g, uint32_t node) noexcept nogil:
    cdef Stack *s
    cdef uint32_t *grown
    cdef uint32_t capacity
    if a.buckets[f] == NULL:
        if not reserve(a, (f + 1) * sizeof(Stack)):
            return False
        a.buckets[f] = <Stack *> calloc(f + 1, sizeof(Stack))
        if a.buckets[f] == NULL:
            return False
        a.bytes += (f + 1) * sizeof(Stack)
        a.top_g[f] = -1
    s = &a.buckets[f][g]
    if s.size == s.capacity:
        capacity = 16 if s.capacity == 0 else 2 * s.capacity
        if not reserve(a, capacity * 4):
            return False
        grown = <uint32_t *> realloc(s.items, capacity * 4)
        if grown == NULL:
            return False
        a.bytes += (capacity - s.capacity) * 4
        s.items, s.capacity = grown, capacity
    s.items[s.size] = node
    s.size += 1
    if g > a.top_g[f]:
        a.top_g[f] = g
    if f < a.min_f:
        a.min_f = f
    return True


cdef bint pop(Search *a, int limit, int *f_out, int *g_out, uint32_t *node_out) noexcept nogil:
    """The entry of smallest f below ``limit``, then largest g, then pushed last."""
    cdef int f, g
    cdef Stack *s
    f = a.min_f
    while f < limit:
        if a.buckets[f] != NULL:
            g = a.top_g[f]
            while g >= 0:
                s = &a.buckets[f][g]
                if s.size:
                    s.size -= 1
                    f_out[0], g_out[0], node_out[0] = f, g, s.items[s.size]
                    a.min_f, a.top_g[f] = f, g
                    return True
                g -= 1
            a.top_g[f] = -1
        f += 1
        a.min_f = f
    f_out[0] = limit
    return False


cdef void release(Search *a) noexcept nogil:
    cdef int f, g
    for f in range(MAX_LINE_LEN + 1):
        if a.buckets[f] != NULL:
            for g in range(f + 1):
                free(a.buckets[f][g].items)
            free(a.buckets[f])
    free(a.nodes)
    free(a.tags)
    free(a.slots)


# ------------------------------------------------------------------ shared distances
cdef Known *known_get(Table *t, const uint64_t *key, uint64_t h) noexcept nogil:
    """The entry of ``key`` (NULL: none, or no table)."""
    cdef uint64_t i
    if t == NULL or t.count == 0:
        return NULL
    i = h & (t.capacity - 1)
    while t.slots[i].used:
        if same_key(t.slots[i].key, key):
            return &t.slots[i]
        i = (i + 1) & (t.capacity - 1)
    return NULL


cdef Known *known_put(Table *t, const uint64_t *key, uint64_t h) noexcept nogil:
    """The entry of ``key``, made if new (lower 0, no line); NULL when the
    table holds its limit or cannot grow."""
    cdef uint64_t i, j, capacity
    cdef Known *grown
    cdef Known *e = known_get(t, key, h)
    if e != NULL:
        return e
    if t.count >= t.limit:
        return NULL
    if (t.count + 1) * 2 > t.capacity:
        capacity = FIRST_KNOWN_SLOTS if t.capacity == 0 else 2 * t.capacity
        grown = <Known *> calloc(capacity, sizeof(Known))
        if grown == NULL:
            return NULL
        for i in range(t.capacity):
            if t.slots[i].used:
                j = hash_of_key(t.slots[i].key) & (capacity - 1)
                while grown[j].used:
                    j = (j + 1) & (capacity - 1)
                grown[j] = t.slots[i]
        free(t.slots)
        t.slots, t.capacity = grown, capacity
    i = h & (t.capacity - 1)
    while t.slots[i].used:
        i = (i + 1) & (t.capacity - 1)
    e = &t.slots[i]
    memcpy(e.key, key, KEY_WORDS * 8)
    e.upper, e.lower, e.used = NO_LINE, 0, 1
    t.count += 1
    return e


cdef void record_bounds(Search *a, Table *t, int reached) noexcept nogil:
    """Every position the search worked on is no nearer a win than ``reached``
    (proved of the start) less its g (the twin's ``_record``)."""
    cdef uint64_t i
    cdef int value
    cdef Node *n
    cdef Known *e
    for i in range(a.node_count):
        n = &a.nodes[i]
        if n.closed or n.strong:
            value = reached - n.g
            if value < n.h:
                value = n.h
            if value > MAX_KNOWN_LOWER:
                value = MAX_KNOWN_LOWER
            e = known_put(t, n.key, hash_of_key(n.key))
            if e != NULL and value > e.lower:
                e.lower = <uint8_t> value


#: The bytes of one slot of the shared table (butterfly.solver.patience.shortest.KNOWN_SLOT_BYTES).
KNOWN_SLOT_BYTES = sizeof(Known)


cdef class Distances:
    """Facts proved about positions' distances, shared between searches (the
    twin's ``butterfly.solver.patience.shortest.Distances``): at most
    ``limit`` positions."""

    cdef Table table
    cdef dict lines   # key bytes -> the steps of the known line

    def __cinit__(self, limit=1 << 19):  # butterfly.solver.patience.shortest.DISTANCE_ENTRIES
        self.table.limit = limit
        self.lines = {}

    def __dealloc__(self):
        free(self.table.slots)

    def __len__(self):
        return self.table.count

    def values(self):
        """Every entry's (lower bound, line length or None), in no set order."""
        cdef uint64_t i
        found = []
        for i in range(self.table.capacity):
            if self.table.slots[i].used:
                upper = self.table.slots[i].upper
                found.append((self.table.slots[i].lower, None if upper == NO_LINE else upper))
        return found

    cdef list line_of(self, const uint64_t *key):
        return list(self.lines[(<const char *> key)[:KEY_WORDS * 8]])

    cdef void add_line(self, const uint64_t *key, list steps, int at, bint exact):
        """Position ``at`` of the line ``steps``: its tail is a line from it (exact: no shorter one)."""
        cdef int length = len(steps) - at
        cdef Known *e = known_put(&self.table, key, hash_of_key(key))
        if e == NULL:
            return
        if e.upper == NO_LINE or length < e.upper:
            e.upper = <uint16_t> length
            self.lines[(<const char *> key)[:KEY_WORDS * 8]] = steps[at:]
        if exact and e.lower < length:
            e.lower = <uint8_t> (length if length < MAX_KNOWN_LOWER else MAX_KNOWN_LOWER)


# ------------------------------------------------------------------ positions from keys
cdef void decode(State *s, Rules *r, const uint64_t *key) noexcept nogil:
    """The position of ``key``: rows in the key's order (empty rows first,
    then by innermost card), cells sorted (the twin's ``decode``)."""
    cdef int above[NCARDS]
    cdef int c, i, x, chains = 0
    memset(s, 0, sizeof(State))
    for c in range(NCARDS):
        above[c] = -1
    for c in range(NCARDS):
        s.under[c] = read_field(key, c)
        s.row_of[c] = -1
        if s.under[c] < NCARDS:
            above[s.under[c]] = c
        elif s.under[c] == UNDER_BOTTOM:
            chains += 1
    i = r.nrows - chains
    for c in range(NCARDS):
        if s.under[c] == UNDER_BOTTOM:
            x = c
            while x >= 0:
                s.rows[i][s.length[i]] = x
                s.row_of[x] = i
                s.depth_of[x] = s.length[i]
                s.length[i] += 1
                s.in_play += 1
                if above[x] < 0:
                    s.outer |= (<uint64_t> 1) << x
                x = above[x]
            i += 1
        elif s.under[c] == UNDER_CELL:
            s.cells[s.ncells] = c
            s.ncells += 1
            s.in_play += 1
            count_hosts_gone(s, r, c, 1)
        elif s.under[c] == UNDER_FOUNDATION:
            s.foundation[c // 13] += 1
            count_hosts_gone(s, r, c, 1)
    memcpy(s.key, key, KEY_WORDS * 8)
    s.hash = hash_of_key(key)


# ------------------------------------------------------------------ the search
cdef inline int queue_f(int g, int h, int weight) noexcept nogil:
    """Where an entry goes in the queue: g + h, or g + h weighted (percent)."""
    cdef int f = g + h * weight // 100
    return f if f <= MAX_LINE_LEN else MAX_LINE_LEN


cdef Stop run(State *start, Rules *r, Search *a, int best, int weight, int effort, int64_t max_nodes, double deadline,
              bint first_line, Table *known, int64_t *nodes_out, int *best_out, int *lower_out, uint32_t *goal_parent,
              uint8_t *goal_card, uint8_t *goal_onto, uint64_t *goal_key, bint *goal_known) noexcept nogil:
    """A* from ``start`` for a line shorter than ``best`` (butterfly.solver.patience.shortest.search);
    with ``first_line``, it stops once a position's children give a line; ``known``: a shared
    table to read (NULL: none). A goal whose line goes on with the table's line from the
    position after it says so (``goal_known``, that position's key in ``goal_key``)."""
    cdef State s
    cdef Move moves[MAX_MOVES_PER_NODE]
    cdef int extra[MAX_ROWS]
    cdef int f = best, g, h, own = 0, n, k, parent_h, parent_own, quick_h, onto, last, moved, below, parked
    cdef int floor, ceiling
    cdef uint64_t on_cycles, movers, keeps
    cdef uint32_t index, child
    cdef uint64_t slot
    cdef int64_t nodes = 0, worked = 0
    cdef Node *node
    cdef Known *entry
    cdef Move m
    cdef Stop stop = STOP_NONE
    cdef bint stopped = False
    goal_parent[0] = NO_PARENT
    goal_known[0] = False
    best_out[0] = best
    lower_out[0] = best
    # The start is record 0.
    memcpy(a.nodes[0].key, start.key, KEY_WORDS * 8)
    a.nodes[0].parent = NO_PARENT
    a.nodes[0].g = 0
    a.nodes[0].h = a.nodes[0].own = bound_of(start, r, extra)
    entry = known_get(known, start.key, start.hash)
    if entry != NULL:
        if entry.lower > a.nodes[0].h:
            a.nodes[0].h = entry.lower
        if entry.upper != NO_LINE and entry.upper < best:
            best = entry.upper
            goal_parent[0] = START_GOAL
            goal_known[0] = True
            memcpy(goal_key, start.key, KEY_WORDS * 8)
    a.nodes[0].closed = False
    a.nodes[0].strong = False
    a.node_count = 1
    slot = find(a, start.key, start.hash)
    a.tags[slot] = tag_of(start.hash)
    a.slots[slot] = 0
    if not push(a, queue_f(0, a.nodes[0].h, weight), 0, 0):
        nodes_out[0] = 0
        lower_out[0] = 0
        return STOP_MEMORY
    while pop(a, best if weight == 100 else MAX_LINE_LEN + 1, &f, &g, &index):
        node = &a.nodes[index]
        if node.closed or node.g != g or g + node.h >= best:
            continue  # reached again by a shorter path since pushed, or no longer shorter than the best
        worked += 1
        if (worked & (POPS_PER_LOOK - 1)) == 0 and signalled():
            stop = STOP_SIGNAL
            break
        if deadline > 0 and now() > deadline:
            # Looked at every position taken (its strong bound may take milliseconds): the popped
            # f is the smallest, a lower bound, as when a limit stops an expansion.
            stop = STOP_TIME
            break
        decode(&s, r, node.key)
        if not node.strong:
            # Worked out when a position is taken from the queue (most never are), one
            # step at a time; if it says more, the position waits its turn again.
            node.strong = True
            moved, below = -1, 0
            if index != 0 and node.onto != UNDER_FOUNDATION:
                # Every set of fewer cards than the parent needs leaves the card just moved where
                # it lies: a set holding it that serves this position serves the parent too (docs/solver.md).
                moved, below = node.card, a.nodes[node.parent].own - s.in_play
            floor = node.h - s.in_play
            # One more than the bound at most, which puts the position back in the queue: a
            # position goes no higher than the layers the search reaches (docs/solver.md).
            # (g + h is below the best line: the ceiling never reaches it.)
            ceiling = floor + 1
            h = s.in_play + moves_twice(&s, r, effort, floor, ceiling, moved, below, &parked)
            if h - s.in_play >= ceiling:
                node.strong = False  # stopped there: worked out further when taken again
            if h > node.own and (h > node.h or node.h == node.own):
                # A budget refuted proves it of the position's own graph; when h came from
                # the parking test, one found at the floor may be above what the graph needs.
                node.own = h
            h = s.in_play + parked
            if h > node.h:
                node.h = h
                if g + h < best and not push(a, queue_f(g, h, weight), g, index):
                    stop = STOP_MEMORY
                    break
                continue
        if max_nodes >= 0 and nodes >= max_nodes:
            stop = STOP_NODES
            break
        node.closed = True
        nodes += 1
        last = node.card if index != 0 else -1  # (node moves if the arena grows)
        parent_h = node.h
        parent_own = node.own
        quick_h = bound_of(&s, r, extra)
        n = generate(&s, r, moves)
        g += 1
        keeps = 0  # the twin's keeps
        if effort > 0:
            movers = 0
            for k in range(n):
                if moves[k].target != LOC_FOUNDATION and moves[k].card != last:
                    movers |= <uint64_t> 1 << moves[k].card
            on_cycles = cycle_cards(&s)
            keeps = movers & ~on_cycles
            if parent_own > s.in_play and movers & on_cycles and g + parent_h - 1 < best:
                keeps |= keeping_the_count(&s, r, movers & on_cycles, parent_own - s.in_play, effort)
        for k in range(n):
            m = moves[k]
            if m.card == last:
                continue  # moved by the last move: one move from the parent does better
            onto = under_after(&s, m)
            relocate(&s, r, m.card, m.source, m.target)
            if s.in_play == 0:
                if g < best:
                    best = g
                    goal_parent[0], goal_card[0], goal_onto[0] = index, m.card, onto
                    goal_known[0] = False
                relocate(&s, r, m.card, m.target, m.source)
                continue
            slot = find(a, s.key, s.hash)
            if a.tags[slot] and a.nodes[a.slots[slot]].g <= g:
                relocate(&s, r, m.card, m.target, m.source)
                continue
            entry = known_get(known, s.key, s.hash)
            if entry != NULL and entry.upper != NO_LINE and g + entry.upper < best:
                best = g + entry.upper  # a line through it
                goal_parent[0], goal_card[0], goal_onto[0] = index, m.card, onto
                goal_known[0] = True
                memcpy(goal_key, s.key, KEY_WORDS * 8)
            if a.tags[slot]:
                child = a.slots[slot]
                h = a.nodes[child].h
            else:
                # The twin's own and pathmax (butterfly.solver.patience.shortest.search), and a
                # shared table's bound.
                own = bound_after(&s, r, extra, quick_h, m)
                if m.target != LOC_FOUNDATION and (keeps >> m.card) & 1:
                    if own < parent_own:
                        own = parent_own
                elif own < parent_own - 1:
                    own = parent_own - 1
                h = own if own > parent_h - 1 else parent_h - 1
                if entry != NULL and entry.lower > h:
                    h = entry.lower
            if g + h >= best:
                relocate(&s, r, m.card, m.target, m.source)
                continue
            if not a.tags[slot]:
                if a.node_count == a.node_capacity and not grow_nodes(a):
                    stop = STOP_MEMORY
                    break
                if (a.node_count + 1) * 4 > a.slot_capacity * 3:
                    if not grow_index(a, &stopped):
                        stop = STOP_SIGNAL if stopped else STOP_MEMORY
                        break
                    slot = find(a, s.key, s.hash)
                child = <uint32_t> a.node_count
                a.node_count += 1
                memcpy(a.nodes[child].key, s.key, KEY_WORDS * 8)
                a.nodes[child].h = h
                a.nodes[child].own = own
                a.nodes[child].strong = False
                a.tags[slot] = tag_of(s.hash)
                a.slots[slot] = child
            a.nodes[child].g = g
            a.nodes[child].parent = index
            a.nodes[child].card = m.card
            a.nodes[child].onto = onto
            a.nodes[child].closed = False
            if not push(a, queue_f(g, h, weight), g, child):
                stop = STOP_MEMORY
                break
            relocate(&s, r, m.card, m.target, m.source)
        if stop == STOP_NONE and first_line and goal_parent[0] != NO_PARENT:
            stop = STOP_LINE
        if stop != STOP_NONE:
            break
    nodes_out[0] = nodes
    best_out[0] = best
    if weight != 100 and stop != STOP_NONE:
        f = a.nodes[0].h  # weighted, the queue's order proves nothing beyond the start's bound
    lower_out[0] = f if f < best else best
    return stop


def search(rows, cells, foundations, can_build, builders, hosts, *, bint cells_one_way,
           int max_cells, bint empty_rows_take_any, bint last_card_to_foundation_only,
           bint safe_autoplay=True, bint dead_ends=True,
           bint next_home_builders=False, upper=None, int weight=100, int effort=2000,
           max_nodes=None, timeout=None, memory_bytes=1 << 30, bint first_line=False, Distances distances=None):
    """A* from a position given as card indexes (the inputs of
    ``_patience.Search``), for a line shorter than ``upper`` (None: any);
    ``weight`` (percent) weighs the bound in the queue's order; with
    ``first_line`` it stops at the first line found (stopped by "line");
    ``distances``: a shared table to read and, unweighted, to add to.
    Returns (exhausted, steps, nodes, lower, stopped_by, peak_bytes), as
    butterfly.solver.patience.shortest.Answer holds them; steps are (card, onto)."""
    cdef State s
    cdef Rules r
    cdef Search *a
    cdef int64_t nodes = 0
    cdef int best = MAX_LINE_LEN + 1, lower = 0
    cdef int64_t node_limit = -1 if max_nodes is None else max_nodes
    cdef double deadline = 0.0
    cdef uint32_t goal_parent = NO_PARENT, index
    cdef uint8_t goal_card = 0, goal_onto = 0
    cdef uint64_t goal_key[KEY_WORDS]
    cdef bint goal_known = False
    cdef Table *known = NULL if distances is None else &distances.table
    cdef list chain = []
    cdef Stop stop
    cdef uint64_t first = FIRST_NODES * sizeof(Node) + FIRST_SLOTS * 5
    load(&s, &r, rows, cells, foundations, can_build, builders, cells_one_way,
         max_cells, empty_rows_take_any, last_card_to_foundation_only, safe_autoplay, hosts, dead_ends,
         next_home_builders)
    if s.in_play == 0:
        return True, [], 1, 0, None, 0
    if upper is not None and upper < best:
        best = upper
    a = <Search *> calloc(1, sizeof(Search))
    if a == NULL:
        raise MemoryError()
    a.memory_bytes = memory_bytes
    a.min_f = MAX_LINE_LEN + 1
    if reserve(a, first):
        a.nodes = <Node *> malloc(FIRST_NODES * sizeof(Node))
        a.tags = <uint8_t *> calloc(FIRST_SLOTS, 1)
        a.slots = <uint32_t *> malloc(FIRST_SLOTS * 4)
        a.bytes = first
    if a.nodes == NULL or a.tags == NULL or a.slots == NULL:
        release(a)
        free(a)
        return False, [], 0, 0, "memory", 0
    a.node_capacity, a.slot_capacity = FIRST_NODES, FIRST_SLOTS
    if timeout is not None:
        deadline = now() + timeout
    with nogil:
        stop = run(&s, &r, a, best, weight, effort, node_limit, deadline, first_line, known, &nodes, &best, &lower,
                   &goal_parent, &goal_card, &goal_onto, goal_key, &goal_known)
    if stop == STOP_SIGNAL:
        release(a)
        free(a)
        raise_pending()
    steps = []
    if goal_parent != NO_PARENT and goal_parent != START_GOAL:
        # The search's path (the twin's _line), then the table's line from the position after it.
        steps.append((goal_card, goal_onto))
        index = goal_parent
        chain.append(index)
        while a.nodes[index].parent != NO_PARENT:
            steps.append((a.nodes[index].card, a.nodes[index].onto))
            index = a.nodes[index].parent
            chain.append(index)
        steps.reverse()
        chain.reverse()
    if goal_known:
        steps.extend(distances.line_of(goal_key))
    if distances is not None and weight == 100 and stop != STOP_LINE:
        # What it proved (the twin's _record): at least ``lower`` from the start, less g; the line's tails.
        record_bounds(a, known, lower)
        for at in range(len(chain)):
            distances.add_line(a.nodes[<uint32_t> chain[at]].key, steps, at, stop == STOP_NONE)
        if goal_known and stop == STOP_NONE:
            distances.add_line(goal_key, steps, len(chain), True)
    peak = a.peak_bytes
    release(a)
    free(a)
    return stop == STOP_NONE, steps, nodes, lower, STOPS[stop], peak
