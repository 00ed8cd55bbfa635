"""Shortest-line search kernel: the A* of ``solver/patience/shortest.py``, in C.

The same search as its Python twin: the same lower bound, the same pruned
moves (ext/_position.pxd, shared with the depth-first kernel), the same
order (smallest f = g + h, then largest g, then last pushed) and the same
node accounting, so the two return the same line and node count; the tests
check exactly that.

Memory: every position met is a record in one arena (its full key, g, h,
parent, the step that reached it, closed or not); an open-addressing index
maps keys to records (a one-byte tag from the hash, then the record's full
key is compared: a hash match alone never merges two positions); the open
list is a bucket queue, one stack of record numbers per (f, g). All three
grow by doubling, and the sum of what they hold (old and new blocks
together while one grows) never exceeds the memory cap.

A record's position is rebuilt from its key when it is expanded: rows in
the key's order (empty rows first, then by innermost card), as the twin's
``decode`` does.
"""

from libc.stdint cimport uint8_t, int8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset, memcpy

from butterfly.ext._patience cimport (
    State, Rules, Move, NCARDS, MAX_ROWS, MAX_CELLS, MAX_ROW_LEN, MAX_MOVES_PER_NODE, LOC_CELL, LOC_FOUNDATION,
    UNDER_BOTTOM, UNDER_CELL, UNDER_FOUNDATION, KEY_WORDS,
)
from butterfly.ext._position cimport (
    init_zobrist, fast_range, relocate, generate, hash_of_key, same_key, read_field, under_after, now, load,
    count_hosts_gone, dead_ends_sound, __builtin_ctzll,
)
from butterfly.ext._signals cimport signalled, stopping, raise_pending

cdef extern from *:
    int __builtin_popcountll(unsigned long long x) nogil

init_zobrist()

cdef enum:
    MAX_LINE_LEN = 4095     # the longest line searched for (solver.patience.shortest.MAX_LINE)
    NO_WAY = 1000           # solver.patience.shortest.NO_WAY
    NO_PARENT = 0xFFFFFFFF
    FIRST_NODES = 1 << 12
    FIRST_SLOTS = 1 << 13
    # Positions taken from the queue and worked on (each gets a strong bound, up
    # to milliseconds, or is expanded) between two looks at signals (ext/_signals.pxd).
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


# ------------------------------------------------------------------ the bound
cdef int row_extra(const uint8_t *row, int n, bint innermost_stays, uint64_t stays) noexcept nogil:
    """butterfly.solver.patience.shortest.row_extra: the cards of the row that must
    move at least twice, those of ``stays`` (a bit per card) moving once;
    NO_WAY when they cannot."""
    cdef int best[MAX_ROW_LEN]
    cdef int of_suit[4][MAX_ROW_LEN]  # per suit, where its cards lie in the row so far
    cdef int count[4]
    cdef int longest[4]
    cdef int staying[4]  # per suit, where in of_suit its last staying card is
    cdef int i, j, k, suit, b
    for suit in range(4):
        count[suit] = 0
        longest[suit] = 0
        staying[suit] = -1
    for i in range(n):
        suit = row[i] // 13
        b = 0
        for k in range(max(staying[suit], 0), count[suit]):  # a run holds the suit's staying cards so far
            j = of_suit[suit][k]
            if row[j] > row[i] and best[j] > b:
                b = best[j]
        best[i] = b + 1 if b else (1 if staying[suit] < 0 else 0)
        of_suit[suit][count[suit]] = i
        count[suit] += 1
        if (innermost_stays and i == 0) or (stays >> row[i]) & 1:
            if not best[i]:
                return NO_WAY
            staying[suit] = count[suit] - 1
            longest[suit] = best[i]  # (runs that end before it do not hold it)
        elif best[i] > longest[suit]:
            longest[suit] = best[i]
    return n - longest[0] - longest[1] - longest[2] - longest[3]


cdef int bound_of(State *s, Rules *r, int *extra) noexcept nogil:
    """butterfly.solver.patience.shortest.lower_bound, keeping each row's part in ``extra``."""
    cdef int i, h = s.in_play
    for i in range(r.nrows):
        extra[i] = row_extra(s.rows[i], s.length[i], r.last_card_to_foundation_only, 0)
        h += extra[i]
    return h


cdef int bound_after(State *s, Rules *r, const int *extra, int h, Move m) noexcept nogil:
    """The bound of ``s`` (already moved by ``m``) from its parent's: only
    the rows ``m`` left and reached have changed."""
    if m.target == LOC_FOUNDATION:
        h -= 1
    if m.source < LOC_CELL:
        h += row_extra(s.rows[m.source], s.length[m.source], r.last_card_to_foundation_only, 0) - extra[m.source]
    if m.target < LOC_CELL:
        h += row_extra(s.rows[m.target], s.length[m.target], r.last_card_to_foundation_only, 0) - extra[m.target]
    return h


ctypedef struct Twice:
    # The rows in play (in order), for moves_twice.
    const uint8_t *rows[MAX_ROWS]
    int nrows
    int8_t row_of[NCARDS]
    uint8_t depth_of[NCARDS]
    bint innermost_stays
    int spent
    int effort
    bint cut           # a branch was left out for want of effort since it was last cleared
    # The parking test (parks), on where the rules make it sound, and what it reads.
    bint parking
    bint cleared       # a set that clears the rows was met, passing the test or not
    int length[MAX_ROWS]   # each row's length in the position
    const State *position
    const Rules *rules


cdef enum:
    # What moves_twice knows of a card.
    GONE = 0
    PENDING_ROW = 1
    WAITING = 2  # waits only to go home: a cell's card, or one chosen to move twice that has left its row
    TWICE = 3    # chosen to move twice, still in its row (it leaves once it is the outer card)


cdef enum:
    # Where feasible's walk along the rows stands with a row not on the walk under way.
    UNSEEN = -1
    DONE = -2


cdef int longest_run(const uint8_t *row, int n, bint innermost_stays, uint64_t stays, int suit,
                     int skip) noexcept nogil:
    """row_extra's longest run of ``suit`` in the row, leaving out the card
    at ``skip`` (-1: none); -1 when no run holds the suit's staying cards."""
    cdef int best[MAX_ROW_LEN]
    cdef int i, j, b, staying = -1, longest = 0
    for i in range(n):
        if row[i] // 13 != suit or i == skip:
            continue
        b = 0
        for j in range(max(staying, 0), i):
            if row[j] // 13 == suit and j != skip and row[j] > row[i] and best[j] > b:
                b = best[j]
        best[i] = b + 1 if b else (1 if staying < 0 else 0)
        if (innermost_stays and i == 0) or (stays >> row[i]) & 1:
            if not best[i]:
                return -1
            staying = i
            longest = best[i]
        elif best[i] > longest:
            longest = best[i]
    return longest


cdef bint spares_its_row(Twice *t, int c, const int *tops, const uint8_t *status, uint64_t stays) noexcept nogil:
    """The twin's ``eases_its_row``: would the row's own count of pending
    card ``c`` (one that may move twice) drop without it? Only the run of
    its suit can change, and the count drops unless that run gets shorter
    (the row's count is not NO_WAY, or no cycle would be looked at)."""
    cdef uint8_t pending[MAX_ROW_LEN]
    cdef int i = t.row_of[c], d, x, n = 0, at = -1
    for d in range(tops[i]):
        x = t.rows[i][d]
        if status[x] == PENDING_ROW:
            if x == c:
                at = n
            pending[n] = x
            n += 1
    return longest_run(pending, n, t.innermost_stays, stays, c // 13, at) \
        >= longest_run(pending, n, t.innermost_stays, stays, c // 13, -1)


cdef inline void leave_twice(Twice *t, int i, int *tops, uint8_t *status) noexcept nogil:
    """Cards chosen to move twice leave row ``i`` while they are its outer card, to wait."""
    while tops[i] and status[t.rows[i][tops[i] - 1]] == TWICE:
        tops[i] -= 1
        status[t.rows[i][tops[i]]] = WAITING


cdef enum:
    EVENTS = 2 * NCARDS  # a card's first move (its index) and its move home (NCARDS + its index)


cdef inline int departs(uint64_t chosen, int c) noexcept nogil:
    """The event of card ``c``'s first move: leaving to wait if chosen, else going home."""
    return c if (chosen >> c) & 1 else NCARDS + c


cdef inline bint before(const uint64_t *reach, int a, int b) noexcept nogil:
    """Is event ``a`` before event ``b`` in every order that keeps the edges?"""
    return (reach[2 * a + (b >= NCARDS)] >> (b - NCARDS if b >= NCARDS else b)) & 1


cdef bint parks(Twice *t, uint64_t chosen) noexcept nogil:
    """The parking test: can the cards of ``chosen`` each move exactly twice
    and every other card once? False when, at some moment, more of the cards
    waiting then (cells' cards too) lack a host of their own, however hosts
    are shared out one card each, than there are cells (docs/solver.md, "The
    bounds"): a chosen card leaves onto a card that then carries it until it
    goes home (a row's outer card, or a chosen card waiting on a row), or
    into the basement until it goes home."""
    cdef int succ[EVENTS][2]
    cdef uint64_t reach[2 * EVENTS]
    cdef int8_t state[EVENTS]  # 0 unseen, 1 on the stack, 2 done
    cdef int stack[EVENTS]
    cdef int i, d, c, x, h, k, a, e, v, w, nstack, higher, above
    cdef int group[MAX_CELLS + NCARDS]  # (at most 52 cards: a bit each in ``adjacent``)
    cdef uint64_t carriers[MAX_CELLS + NCARDS]  # each one's hosts, a bit per card
    cdef int ngroup = 0
    cdef bint blocked, pushed, shrinking
    cdef uint64_t adjacent[MAX_CELLS + NCARDS]
    cdef uint64_t lies[NCARDS]  # the hosts a chosen card may go onto where they lie
    cdef uint64_t waits_on[NCARDS]  # ... or once they have left their rows to wait
    cdef uint64_t hosts[NCARDS]
    cdef uint64_t kept, alive, more
    if t.position.ncells + __builtin_popcountll(chosen) <= t.rules.max_cells:
        return True  # (the cells hold every card that could wait)
    for e in range(EVENTS):
        succ[e][0] = succ[e][1] = -1
        state[e] = 2
    # in play: the rows' cards and the cells'
    for i in range(t.nrows):
        for d in range(t.length[i]):
            c = t.rows[i][d]
            state[c] = state[NCARDS + c] = 0
            if d:
                succ[departs(chosen, c)][0] = departs(chosen, t.rows[i][d - 1])
    for k in range(t.position.ncells):
        state[NCARDS + t.position.cells[k]] = 0
    for c in range(NCARDS):
        if (chosen >> c) & 1:
            succ[c][1] = NCARDS + c
    for k in range(4):
        higher = -1
        for d in range(12, -1, -1):
            c = k * 13 + d
            if state[NCARDS + c] == 0:
                if higher >= 0:
                    succ[NCARDS + c][1] = NCARDS + higher
                higher = c
    # reach[2e], reach[2e+1]: the first moves and the moves home that must follow event e
    for e in range(EVENTS):
        reach[2 * e] = reach[2 * e + 1] = 0
    for e in range(EVENTS):
        if state[e] != 0:
            continue
        nstack = 1
        stack[0] = e
        state[e] = 1
        while nstack:
            v = stack[nstack - 1]
            pushed = False
            for k in range(2):
                w = succ[v][k]
                if w >= 0 and state[w] == 0:
                    state[w] = 1
                    stack[nstack] = w
                    nstack += 1
                    pushed = True
                    break
            if pushed:
                continue
            nstack -= 1
            for k in range(2):
                w = succ[v][k]
                if w >= 0:
                    reach[2 * v] |= reach[2 * w]
                    reach[2 * v + 1] |= reach[2 * w + 1]
                    if w >= NCARDS:
                        reach[2 * v + 1] |= <uint64_t> 1 << (w - NCARDS)
                    else:
                        reach[2 * v] |= <uint64_t> 1 << w
            state[v] = 2
    # each chosen card's hosts that are not ruled out
    for x in range(NCARDS):
        if not (chosen >> x) & 1:
            continue
        lies[x] = waits_on[x] = 0
        for k in range(t.rules.nhosts[x]):
            h = t.rules.hosts[x][k]
            if t.row_of[h] < 0:
                continue  # home or in the basement
            i = t.row_of[h]
            blocked = False
            for d in range(t.depth_of[h] + 1, t.length[i]):
                above = t.rows[i][d]
                if above == x or before(reach, x, departs(chosen, above)):
                    blocked = True  # h cannot be the outer card when x leaves
                    break
            if blocked:
                continue
            if not before(reach, departs(chosen, h), NCARDS + x):
                lies[x] |= <uint64_t> 1 << h  # x on h where h lies: h stays until x goes home
            elif (chosen >> h) & 1 and not before(reach, NCARDS + h, NCARDS + x) and not before(reach, x, h):
                waits_on[x] |= <uint64_t> 1 << h  # x on h where h waits
        hosts[x] = lies[x] | waits_on[x]
    shrinking = True
    while shrinking:  # a host that can only wait in the basement carries nothing while it waits
        shrinking = False
        for x in range(NCARDS):
            if not (chosen >> x) & 1:
                continue
            kept = lies[x]
            more = waits_on[x]
            while more:
                h = __builtin_ctzll(more)
                more &= more - 1
                if hosts[h]:
                    kept |= <uint64_t> 1 << h
            if kept != hosts[x]:
                hosts[x] = kept
                shrinking = True
    # every card that waits: the cells' and the chosen
    for k in range(t.position.ncells):
        group[ngroup] = -1 - t.position.cells[k]
        carriers[ngroup] = 0
        ngroup += 1
    for x in range(NCARDS):
        if (chosen >> x) & 1:
            group[ngroup] = x
            carriers[ngroup] = hosts[x]
            ngroup += 1
    for a in range(ngroup):
        adjacent[a] = 0
        for k in range(ngroup):
            if k != a and overlap(reach, group[a], group[k]):
                adjacent[a] |= <uint64_t> 1 << k
    # A card with at least as many places (cells and hosts) as the cards waiting with it can
    # always be given one, so it is in no smallest group short of places: leave it out.
    alive = (<uint64_t> 1 << ngroup) - 1
    shrinking = True
    while shrinking:
        shrinking = False
        more = alive
        while more:
            a = __builtin_ctzll(more)
            more &= more - 1
            if t.rules.max_cells + __builtin_popcountll(carriers[a]) > __builtin_popcountll(adjacent[a] & alive):
                alive &= ~(<uint64_t> 1 << a)
                shrinking = True
    if __builtin_popcountll(alive) <= t.rules.max_cells:
        return True
    return not short_of_places(adjacent, carriers, t.rules.max_cells, 0, alive, 0)


cdef bint short_of_places(const uint64_t *adjacent, const uint64_t *carriers, int cells, uint64_t group,
                          uint64_t candidates, uint64_t excluded) noexcept nogil:
    """Bron and Kerbosch's search of the largest groups of cards waiting at
    one moment (each pair overlapping: intervals that meet pairwise share a
    moment), ``group`` and as many of ``candidates`` as overlap all of them
    (``excluded``: tried already): is one of them short of places, more of
    its cards without a host of their own than ``cells``? Only the largest
    groups are looked at: a card more adds at most one to what is short."""
    cdef uint64_t pivots, more
    cdef int u, v, best = -1, most = -1
    if __builtin_popcountll(group) + __builtin_popcountll(candidates) <= cells:
        return False
    if not candidates:
        return not excluded and short_of_hosts(carriers, cells, group)
    pivots = candidates | excluded
    while pivots:  # the pivot with the most candidates beside it: only the others are branched on
        u = __builtin_ctzll(pivots)
        pivots &= pivots - 1
        if __builtin_popcountll(candidates & adjacent[u]) > most:
            most = __builtin_popcountll(candidates & adjacent[u])
            best = u
    more = candidates & ~adjacent[best]
    while more:
        v = __builtin_ctzll(more)
        more &= more - 1
        if short_of_places(adjacent, carriers, cells, group | (<uint64_t> 1 << v), candidates & adjacent[v],
                           excluded & adjacent[v]):
            return True
        candidates &= ~(<uint64_t> 1 << v)
        excluded |= <uint64_t> 1 << v
    return False


cdef bint short_of_hosts(const uint64_t *carriers, int cells, uint64_t group) noexcept nogil:
    """Do more of ``group`` than ``cells`` go without a host when hosts are
    shared out one card each as well as they can be (Kuhn's augmenting
    paths)? The cells take any cards, so that is all that is short."""
    cdef int owner[NCARDS]
    cdef int short = 0, a
    cdef uint64_t seen
    for a in range(NCARDS):
        owner[a] = -1
    while group:
        a = __builtin_ctzll(group)
        group &= group - 1
        seen = 0
        if not augment(a, carriers, owner, &seen):
            short += 1
            if short > cells:
                return True
    return False


cdef bint augment(int a, const uint64_t *carriers, int *owner, uint64_t *seen) noexcept nogil:
    """Give ``a`` a host, moving the cards holding hosts to others of theirs where need be."""
    cdef uint64_t more = carriers[a]
    cdef int h
    while more:
        h = __builtin_ctzll(more)
        more &= more - 1
        if (seen[0] >> h) & 1:
            continue
        seen[0] |= <uint64_t> 1 << h
        if owner[h] < 0 or augment(owner[h], carriers, owner, seen):
            owner[h] = a
            return True
    return False


cdef inline bint overlap(const uint64_t *reach, int a, int b) noexcept nogil:
    """Must a and b (cards; -1 - card for a cell's) be waiting at one moment?"""
    return (a < 0 or before(reach, a, NCARDS + (b if b >= 0 else -1 - b))) and \
        (b < 0 or before(reach, b, NCARDS + (a if a >= 0 else -1 - a)))


cdef bint feasible(Twice *t, const int *tops_in, const uint8_t *status_in, uint64_t stays, int budget,
                   const int *extras_in, uint32_t dirty, uint64_t chosen) noexcept nogil:
    """The twin's ``_Twice.feasible``: can the pending cards be sent home,
    each once, but for those chosen and at most ``budget`` more of them, none
    of ``stays`` among them? ``status_in``: per card, PENDING_ROW, WAITING,
    TWICE or GONE (home, sent home, or not in play). ``extras_in``: the rows'
    own counts as the caller had them (NULL: none), still right for a row not
    in ``dirty`` (a bit per row: a card of it chosen or made to stay since):
    sending a row's outer card home leaves its count as it was (the suit's
    lowest pending card, it ends the longest run of its suit, which is one
    card shorter without it), and a card chosen is not counted."""
    cdef int tops[MAX_ROWS]
    cdef uint8_t status[NCARDS]
    cdef int low[4]
    cdef uint8_t pending[MAX_ROW_LEN]
    cdef int extras[MAX_ROWS]
    cdef int next_row[MAX_ROWS]
    cdef int mark[MAX_ROWS]  # on the walk under way: its place in ``order``; UNSEEN; or DONE
    cdef int order[MAX_ROWS]
    cdef int choices[MAX_ROWS]
    cdef int movable[MAX_ROWS]  # the cycles' outer cards that may move twice, cycle after cycle
    cdef int cycle_end[MAX_ROWS]  # where each cycle's cards end in ``movable``
    cdef int i, j, k, c, d, n, x, extra, nchoices = -1, nmovable = 0, ncycles = 0, first, norder, top, suit
    cdef int beyond = 0
    cdef bint sent, left, spared
    cdef uint64_t once
    cdef uint32_t chosen_rows
    t.spent += 1
    memcpy(status, status_in, NCARDS)
    for i in range(t.nrows):
        tops[i] = tops_in[i]
        leave_twice(t, i, tops, status)
    for suit in range(4):
        low[suit] = 0
        while low[suit] < 13 and status[suit * 13 + low[suit]] == GONE:
            low[suit] += 1
    sent = True
    while sent:  # send home every card that can go: a suit's lowest pending card, if waiting or a row's outer card
        sent = False
        for suit in range(4):
            while low[suit] < 13:
                c = suit * 13 + low[suit]
                if status[c] != WAITING:
                    i = t.row_of[c]
                    if tops[i] - 1 != t.depth_of[c]:
                        break  # (a card chosen to move twice is never a row's outer card here)
                    tops[i] -= 1
                    leave_twice(t, i, tops, status)
                status[c] = GONE
                sent = True
                while low[suit] < 13 and status[suit * 13 + low[suit]] == GONE:
                    low[suit] += 1
    left = False
    for suit in range(4):
        if low[suit] < 13:
            left = True
    if not left:
        if not t.parking or parks(t, chosen):
            return True
        t.cleared = True
        return budget >= 1  # the chosen cards cannot all move just twice: one more move at least
    if budget <= 0:
        return False
    extra = 0
    for i in range(t.nrows):
        if extras_in != NULL and not (dirty >> i) & 1:
            extras[i] = extras_in[i]
        else:
            n = 0
            for d in range(tops[i]):
                c = t.rows[i][d]
                if status[c] == PENDING_ROW:
                    pending[n] = c
                    n += 1
            extras[i] = row_extra(pending, n, t.innermost_stays, stays) if n else 0
        extra += extras[i]
    if extra > budget:
        return False
    # Each row's outer card waits for its suit's lowest pending card, which lies in a row under
    # its outer card (a waiting or outer one would have gone home): follow these links from every
    # row to the cycle of rows they run into, each cycle once, and keep the one with the fewest
    # outer cards that may move twice (the first of them to leave cannot go home).
    for i in range(t.nrows):
        mark[i] = UNSEEN
        if tops[i]:
            suit = t.rows[i][tops[i] - 1] // 13
            next_row[i] = t.row_of[suit * 13 + low[suit]]
    for i in range(t.nrows):
        if not tops[i] or mark[i] != UNSEEN:
            continue
        norder = 0
        x = i
        while mark[x] == UNSEEN:
            mark[x] = norder
            order[norder] = x
            norder += 1
            x = next_row[x]
        if mark[x] != DONE:  # a cycle not met before, from order[mark[x]] on
            first = nmovable
            for j in range(mark[x], norder):
                top = tops[order[j]]
                c = t.rows[order[j]][top - 1]
                if not (stays >> c) & 1 and not (t.innermost_stays and top == 1):
                    movable[nmovable] = c
                    nmovable += 1
            if nchoices < 0 or nmovable - first < nchoices:
                nchoices = nmovable - first
                memcpy(choices, movable + first, nchoices * sizeof(int))
            cycle_end[ncycles] = nmovable
            ncycles += 1
        for j in range(norder):
            mark[order[j]] = DONE
    if nchoices <= 0:
        return False  # (a cycle none of whose cards may move twice cannot be broken)
    # The twin's ``beyond``: cycles of rows share no row. Counted only when it can
    # matter (each cycle adds at most one), and only until it is too many.
    if extra + ncycles > budget:
        first = 0
        for j in range(ncycles):
            spared = False
            for k in range(first, cycle_end[j]):
                if spares_its_row(t, movable[k], tops, status, stays):
                    spared = True
                    break
            first = cycle_end[j]
            beyond += not spared
            if extra + beyond > budget:
                return False
    once = stays
    chosen_rows = 0  # (this call's extras are right for its own state)
    for k in range(nchoices):
        c = choices[k]
        if t.spent >= t.effort:
            t.cut = True
            return False
        status[c] = TWICE
        chosen_rows |= <uint32_t> 1 << t.row_of[c]
        if feasible(t, tops, status, once, budget - 1, extras, chosen_rows, chosen | (<uint64_t> 1 << c)):
            return True
        status[c] = PENDING_ROW
        once |= <uint64_t> 1 << c  # every set that holds c was tried
    return False


cdef int start_twice(Twice *t, State *s, Rules *r, int *tops, uint8_t *status, int effort) noexcept nogil:
    """Set ``t`` up for searches of ``s`` (``tops`` and ``status`` the start
    of each) of ``effort`` steps. The rows' own count."""
    cdef int i, d, c, count = 0
    t.nrows = 0
    t.innermost_stays = r.last_card_to_foundation_only
    t.spent = 0
    t.effort = effort
    t.cut = False
    t.parking = False
    t.cleared = False
    t.position = s
    t.rules = r
    memset(status, GONE, NCARDS)
    for c in range(NCARDS):
        t.row_of[c] = -1
    for i in range(r.nrows):
        if s.length[i]:
            t.rows[t.nrows] = s.rows[i]
            tops[t.nrows] = s.length[i]
            t.length[t.nrows] = s.length[i]
            for d in range(s.length[i]):
                c = s.rows[i][d]
                t.row_of[c] = t.nrows
                t.depth_of[c] = d
                status[c] = PENDING_ROW
            count += row_extra(s.rows[i], s.length[i], t.innermost_stays, 0)
            t.nrows += 1
    for i in range(s.ncells):
        status[s.cells[i]] = WAITING
    return count


cdef int moves_twice(State *s, Rules *r, int effort, int floor, int ceiling, int moved, int below,
                     int *parked) noexcept nogil:
    """butterfly.solver.patience.shortest.moves_twice: the fewest cards that must move
    at least twice, proved within ``effort`` settled states, from ``floor`` up
    to ``ceiling`` at most (the twin's ``ceiling``; -1: none); card ``moved``
    (-1: none) moves once in every set of fewer than ``below`` cards (the
    twin's ``moved`` and ``below``). ``parked`` (NULL: not asked) gets the
    bound with the parking test."""
    cdef Twice t
    cdef int tops[MAX_ROWS]
    cdef uint8_t status[NCARDS]
    cdef int budget = start_twice(&t, s, r, tops, status, effort)
    cdef int count = -1
    cdef bint found
    cdef uint64_t once
    t.parking = parked != NULL and dead_ends_sound(r.empty_rows_take_any, r.max_cells, r.cells_one_way)
    if floor > budget:
        budget = floor
    while True:
        if ceiling >= 0 and budget >= ceiling:  # every smaller budget refuted in full
            if parked != NULL:
                parked[0] = budget
            return budget
        once = <uint64_t> 1 << moved if moved >= 0 and budget < below else 0
        t.cleared = False
        found = feasible(&t, tops, status, once, budget, NULL, 0, 0)
        if count < 0 and (found or t.cleared):
            count = budget
        if found or t.spent >= t.effort:
            if parked != NULL:
                parked[0] = budget
            return count if count >= 0 else budget
        if t.cleared:  # refuted in full, but for sets that failed the test: one budget more takes one
            parked[0] = budget + 1
            return count
        budget += 1  # refuted in full: no branch was left out for want of effort


cdef uint64_t keeping_the_count(State *s, Rules *r, uint64_t cards, int count, int effort) noexcept nogil:
    """butterfly.solver.patience.shortest.keeping_the_count, as a bit per card."""
    cdef Twice t
    cdef int tops[MAX_ROWS]
    cdef uint8_t status[NCARDS]
    cdef uint8_t was
    cdef int c
    cdef uint64_t kept = 0
    start_twice(&t, s, r, tops, status, effort)
    for c in range(NCARDS):
        if not (cards >> c) & 1:
            continue
        t.spent = 0
        t.cut = False
        was = status[c]
        if was == PENDING_ROW:  # (a waiting card chosen to move twice just waits: the twin's too)
            status[c] = TWICE
        if not feasible(&t, tops, status, kept, count - 1, NULL, 0, 0) and not t.cut:  # (no parking test here)
            kept |= <uint64_t> 1 << c  # (so it moves once in the searches of the cards after it)
        status[c] = was
    return kept


cdef uint64_t cycle_cards(State *s) noexcept nogil:
    """butterfly.solver.patience.shortest.cards_on_cycles, as a bit per card: the cards
    of the deadlock graph's strongly connected components of more than one
    card (Tarjan's algorithm, without recursion: every card has at most two
    edges, to the card it lies on and to its suit's next higher card in play)."""
    cdef int8_t edges[NCARDS][2]
    cdef int8_t index[NCARDS]
    cdef int8_t low[NCARDS]
    cdef int8_t next_edge[NCARDS]
    cdef uint8_t on_stack[NCARDS]
    cdef int8_t stack[NCARDS]
    cdef int8_t calls[NCARDS]
    cdef int i, d, c, v, w, x, higher, counter = 0, nstack = 0, ncalls = 0, size
    cdef uint64_t found = 0, part
    for c in range(NCARDS):
        edges[c][0] = edges[c][1] = -1
        index[c] = -1
    for i in range(MAX_ROWS):
        for d in range(1, s.length[i]):
            edges[s.rows[i][d]][0] = s.rows[i][d - 1]
    for c in range(NCARDS):
        if s.under[c] < UNDER_FOUNDATION:
            index[c] = -2  # in play, not yet visited
    for c in range(3, -1, -1):
        higher = -1
        for d in range(12, -1, -1):
            if index[c * 13 + d] == -2:
                edges[c * 13 + d][1] = higher
                higher = c * 13 + d
    for c in range(NCARDS):
        if index[c] != -2:
            continue
        w = c  # the card to visit next, if any (-1: none)
        while True:
            if w >= 0:
                index[w] = low[w] = counter
                counter += 1
                next_edge[w] = 0
                stack[nstack] = w
                nstack += 1
                on_stack[w] = True
                calls[ncalls] = w
                ncalls += 1
                w = -1
            if not ncalls:
                break
            v = calls[ncalls - 1]
            if next_edge[v] < 2:
                x = edges[v][next_edge[v]]
                next_edge[v] += 1
                if x >= 0 and index[x] == -2:
                    w = x
                elif x >= 0 and on_stack[x] and index[x] < low[v]:
                    low[v] = index[x]
                continue
            ncalls -= 1
            if low[v] == index[v]:
                part = 0
                size = 0
                while True:
                    nstack -= 1
                    x = stack[nstack]
                    on_stack[x] = False
                    part |= <uint64_t> 1 << x
                    size += 1
                    if x == v:
                        break
                if size > 1:
                    found |= part
            if ncalls and low[v] < low[calls[ncalls - 1]]:
                low[calls[ncalls - 1]] = low[v]
    return found


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
              bint first_line, int64_t *nodes_out, int *best_out, int *lower_out, uint32_t *goal_parent,
              uint8_t *goal_card, uint8_t *goal_onto) noexcept nogil:
    """A* from ``start`` for a line shorter than ``best`` (solver.patience.shortest.search);
    with ``first_line``, it stops once a position's children give a line."""
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
    cdef Move m
    cdef Stop stop = STOP_NONE
    cdef bint stopped = False
    goal_parent[0] = NO_PARENT
    best_out[0] = best
    lower_out[0] = best
    # The start is record 0.
    memcpy(a.nodes[0].key, start.key, KEY_WORDS * 8)
    a.nodes[0].parent = NO_PARENT
    a.nodes[0].g = 0
    a.nodes[0].h = a.nodes[0].own = bound_of(start, r, extra)
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
        elif deadline > 0 and nodes % 64 == 0 and now() > deadline:
            stop = STOP_TIME
        if stop != STOP_NONE:
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
                relocate(&s, r, m.card, m.target, m.source)
                continue
            slot = find(a, s.key, s.hash)
            if a.tags[slot]:
                child = a.slots[slot]
                if a.nodes[child].g <= g:
                    relocate(&s, r, m.card, m.target, m.source)
                    continue
                h = a.nodes[child].h
            else:
                # The twin's own and pathmax (solver.patience.shortest.search).
                own = bound_after(&s, r, extra, quick_h, m)
                if m.target != LOC_FOUNDATION and (keeps >> m.card) & 1:
                    if own < parent_own:
                        own = parent_own
                elif own < parent_own - 1:
                    own = parent_own - 1
                h = own if own > parent_h - 1 else parent_h - 1
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


cdef int load_fields(State *s, Rules *r, dict fields) except -1:
    """``load`` a position given as solver.patience.kernel.kernel_fields gives it."""
    return load(s, r, fields["rows"], fields["cells"], fields["foundations"], fields["can_build"], fields["builders"],
                fields["cells_one_way"], fields["max_cells"], fields["empty_rows_take_any"],
                fields["last_card_to_foundation_only"], fields["safe_autoplay"], fields["hosts"], fields["dead_ends"],
                fields["next_home_builders"])


def lower_bound(dict fields):
    """butterfly.solver.patience.shortest.lower_bound, for the tests."""
    cdef State s
    cdef Rules r
    cdef int extra[MAX_ROWS]
    load_fields(&s, &r, fields)
    return bound_of(&s, &r, extra)


def strong_bound(dict fields, int effort, int floor, int moved=-1, int below=0, bint parking=False, int ceiling=-1):
    """Cards in play plus solver.patience.shortest.moves_twice, or with
    ``parking`` its moves_parked's second number, for the tests."""
    cdef State s
    cdef Rules r
    cdef int parked, count
    load_fields(&s, &r, fields)
    count = moves_twice(&s, &r, effort, floor, ceiling, moved, below, &parked if parking else NULL)
    return s.in_play + (parked if parking else count)


def cards_on_cycles(dict fields):
    """butterfly.solver.patience.shortest.cards_on_cycles (card indexes), for the tests."""
    cdef State s
    cdef Rules r
    cdef uint64_t found
    load_fields(&s, &r, fields)
    found = cycle_cards(&s)
    return frozenset(c for c in range(NCARDS) if (found >> c) & 1)


def cards_keeping_the_count(dict fields, cards, int count, int effort):
    """butterfly.solver.patience.shortest.keeping_the_count (card indexes), for the tests."""
    cdef State s
    cdef Rules r
    cdef uint64_t asked = 0, kept
    load_fields(&s, &r, fields)
    for c in cards:
        asked |= <uint64_t> 1 << <int> c
    kept = keeping_the_count(&s, &r, asked, count, effort)
    return frozenset(c for c in range(NCARDS) if (kept >> c) & 1)


def search(rows, cells, foundations, can_build, builders, hosts, *, bint cells_one_way,
           int max_cells, bint empty_rows_take_any, bint last_card_to_foundation_only,
           bint safe_autoplay=True, bint dead_ends=True,
           bint next_home_builders=False, upper=None, int weight=100, int effort=2000,
           max_nodes=None, timeout=None, memory_bytes=1 << 30, bint first_line=False):
    """A* from a position given as card indexes (the inputs of
    ``_patience.Search``), for a line shorter than ``upper`` (None: any);
    ``weight`` (percent) weighs the bound in the queue's order; with
    ``first_line`` it stops at the first line found (stopped by "line").
    Returns (exhausted, steps, nodes, lower, stopped_by, peak_bytes), as
    solver.patience.shortest.Answer holds them; steps are (card, onto)."""
    cdef State s
    cdef Rules r
    cdef Search *a
    cdef int64_t nodes = 0
    cdef int best = MAX_LINE_LEN + 1, lower = 0
    cdef int64_t node_limit = -1 if max_nodes is None else max_nodes
    cdef double deadline = 0.0
    cdef uint32_t goal_parent = NO_PARENT, index
    cdef uint8_t goal_card = 0, goal_onto = 0
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
        stop = run(&s, &r, a, best, weight, effort, node_limit, deadline, first_line, &nodes, &best, &lower,
                   &goal_parent, &goal_card, &goal_onto)
    if stop == STOP_SIGNAL:
        release(a)
        free(a)
        raise_pending()
    steps = []
    if goal_parent != NO_PARENT:
        steps.append((goal_card, goal_onto))
        index = goal_parent
        while a.nodes[index].parent != NO_PARENT:
            steps.append((a.nodes[index].card, a.nodes[index].onto))
            index = a.nodes[index].parent
        steps.reverse()
    peak = a.peak_bytes
    release(a)
    free(a)
    return stop == STOP_NONE, steps, nodes, lower, STOPS[stop], peak
