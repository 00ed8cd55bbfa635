"""Patience search kernel: the reference solver's search, in C.

The same depth-first search as ``butterfly/solver/patience/reference.py``: the same
move order, the same node accounting, the same pruning rules
(``butterfly/solver/patience/pruning.py``). So on the same position, within the same
budget, the two give the same verdict, the same node count and the same
moves; the tests check exactly that.

C-level state: fixed arrays for rows and cells, an explicit stack of frames
over one arena of moves, and an open-addressing transposition table holding
full state keys (a hash match alone never prunes).

The state key is canonical for row order: for each card it records what
lies under it (another card, the bottom of a row, a cell, the foundation),
6 bits a card. The set of rows is exactly the set of chains this describes,
so two positions that differ only by the order of their rows share a key.
The Zobrist hash XORs one word per (card, what lies under it); a move
changes one card's entry, so the hash updates in two XORs (the words are
linear in the key's bits, so a rehash reads a stored key a byte at a time:
butterfly/ext/_position.pxd).

Two things only save memory probes and change no answer: a child that
puts back the card just moved is the parent, always in the table, so it is
skipped without looking (the reference looks and skips it as visited); and
each child's table slot is prefetched, its key as well as its tag.

The build rule itself is not written here: the Python wrapper passes the
rules engine's own ``can_build`` as a 52x52 table.
"""

from libc.stdint cimport uint8_t, uint64_t, int64_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset

from butterfly.ext._position cimport (
    init_zobrist, zobrist, fast_range, __builtin_prefetch, relocate, generate, hash_of_key, same_key, under_after, now,
    load, dead_ends_sound,
)
from butterfly.ext._signals cimport SIGNAL_INTERVAL, signalled, stopping, raise_pending

init_zobrist()

cdef enum:
    ENTRY_SIZE = KEY_WORDS * 8 + 1   # the key and its tag
    #: A new table's entries: small enough to stay in cache for easy deals.
    INITIAL_CAPACITY = 1 << 15

# Constants the Python side needs, exported rather than restated there (the
# tests check butterfly.games.patience.rules.MAX_CELLS, which may not import this module).
#: Place codes of a move's source and target: rows are 0..MAX_ROWS-1.
PLACE_CELL = LOC_CELL
PLACE_FOUNDATION = LOC_FOUNDATION
#: Most rows and cells a position may have (the state's fixed arrays).
ROWS_LIMIT = MAX_ROWS
CELLS_LIMIT = MAX_CELLS
#: The transposition table's accounting, which the reference search mirrors
#: (butterfly/solver/patience/reference.py) so that a memory cap stops both at the same node.
TABLE_ENTRY_BYTES = ENTRY_SIZE
TABLE_INITIAL_CAPACITY = INITIAL_CAPACITY

OUTCOMES = {OUT_WON: ("won", None), OUT_UNWINNABLE: ("unwinnable", None),
            OUT_UNRESOLVED_NODES: ("unresolved", "nodes"),
            OUT_UNRESOLVED_TIME: ("unresolved", "time"),
            OUT_UNRESOLVED_MEMORY: ("unresolved", "memory")}


# ------------------------------------------------------------------ table
cdef inline uint8_t tag_of(uint64_t h) noexcept nogil:
    # Low bits: the slot index comes from the high bits (fast_range).
    return <uint8_t>(h & 0xFF) if (h & 0xFF) else 1


cdef inline uint64_t find_slot(Table *t, const uint64_t *key, uint64_t h) noexcept nogil:
    """The slot holding ``key``, or the empty slot where it belongs."""
    cdef uint64_t i = fast_range(h, t.capacity)
    cdef uint8_t tag = tag_of(h)
    cdef uint8_t found
    while True:
        found = t.tags[i]
        if found == 0:
            return i
        if found == tag and same_key(t.slots + i * KEY_WORDS, key):
            return i
        i += 1
        if i == t.capacity:
            i = 0


cdef inline bint slot_empty(Table *t, uint64_t i) noexcept nogil:
    return t.tags[i] == 0


cdef inline void store(Table *t, uint64_t i, const uint64_t *key, uint64_t h) noexcept nogil:
    cdef int w
    for w in range(KEY_WORDS):
        t.slots[i * KEY_WORDS + w] = key[w]
    t.tags[i] = tag_of(h)
    t.used += 1


cdef inline uint64_t load_limit(uint64_t capacity) noexcept nogil:
    return capacity - capacity // 4  # linear probing stays fast up to 3/4 full


cdef bint table_init(Table *t, uint64_t capacity, uint64_t memory_bytes) noexcept nogil:
    t.memory_bytes = memory_bytes
    t.used = 0
    t.peak_bytes = 0
    if capacity * ENTRY_SIZE > memory_bytes:
        capacity = memory_bytes // ENTRY_SIZE
    t.capacity = capacity
    t.max_used = load_limit(capacity)
    t.slots = NULL
    t.tags = NULL
    if capacity < 4:
        t.capacity = 0
        t.max_used = 0
        return False
    if capacity == INITIAL_CAPACITY and spare_slots != NULL:
        t.slots, t.tags = take_spare()
    else:
        t.slots = <uint64_t *> malloc(capacity * KEY_WORDS * 8)
        t.tags = <uint8_t *> calloc(capacity, 1)
    if t.slots == NULL or t.tags == NULL:
        free(t.slots)
        free(t.tags)
        t.slots = NULL
        t.tags = NULL
        t.capacity = 0
        t.max_used = 0
        return False
    t.peak_bytes = capacity * ENTRY_SIZE
    return True


# A new table's arrays, kept from the last search that ended with them
# (one pair, for the first capacity only): a fresh allocation's pages are
# faulted in one by one as the search first touches them, which cost a
# search of a few thousand nodes about half as much again as its probes.
# Only the tags need clearing (0 marks an empty slot). Taken and given back
# with the GIL held, so no two searches share them.
cdef uint64_t *spare_slots = NULL
cdef uint8_t *spare_tags = NULL


cdef (uint64_t *, uint8_t *) take_spare() noexcept nogil:
    global spare_slots, spare_tags
    cdef uint64_t *slots = spare_slots
    cdef uint8_t *tags = spare_tags
    spare_slots = NULL
    spare_tags = NULL
    memset(tags, 0, INITIAL_CAPACITY)
    return slots, tags


cdef void table_free(Table *t) noexcept nogil:
    """Free a table's arrays, or keep them as the spare when they are of the first capacity."""
    global spare_slots, spare_tags
    if t.capacity == INITIAL_CAPACITY and spare_slots == NULL and t.slots != NULL and t.tags != NULL:
        spare_slots = t.slots
        spare_tags = t.tags
    else:
        free(t.slots)
        free(t.tags)
    t.slots = NULL
    t.tags = NULL


cdef bint table_grow(Table *t, bint *stopped) noexcept nogil:
    """Double the table (less if the cap says so), rehashing every key.
    The old and the new table together stay within the memory cap. False
    when it cannot grow by enough to matter, or when a signal handler
    raised while it rehashed (a second or more for the largest tables):
    then ``stopped`` is set and the table is left as it was."""
    cdef uint64_t old_bytes = t.capacity * ENTRY_SIZE
    cdef uint64_t capacity = 2 * t.capacity
    cdef uint64_t room, i, h
    cdef uint64_t *e
    if old_bytes >= t.memory_bytes:
        return False
    room = (t.memory_bytes - old_bytes) // ENTRY_SIZE
    if capacity > room:
        capacity = room
    if load_limit(capacity) <= t.used + t.used // 8:
        return False
    cdef Table bigger
    bigger.slots = <uint64_t *> malloc(capacity * KEY_WORDS * 8)
    bigger.tags = <uint8_t *> calloc(capacity, 1)
    if bigger.slots == NULL or bigger.tags == NULL:
        free(bigger.slots)
        free(bigger.tags)
        return False
    bigger.capacity = capacity
    bigger.used = 0
    if old_bytes + capacity * ENTRY_SIZE > t.peak_bytes:
        t.peak_bytes = old_bytes + capacity * ENTRY_SIZE
    for i in range(t.capacity):
        if stopping(i, stopped):
            free(bigger.slots)
            free(bigger.tags)
            return False
        if t.tags[i]:
            e = t.slots + i * KEY_WORDS
            h = hash_of_key(e)
            store(&bigger, find_slot(&bigger, e, h), e, h)
    free(t.slots)
    free(t.tags)
    t.slots = bigger.slots
    t.tags = bigger.tags
    t.capacity = capacity
    t.max_used = load_limit(capacity)
    return True


cdef inline void prefetch_children(State *s, Table *t, Move *moves, int n) noexcept nogil:
    """Start loading the table slot of every child: their hashes are known
    from the moves alone, and the probes then overlap instead of stalling
    one by one. Only a speed hint; the search is unchanged."""
    cdef int k
    cdef uint64_t h, i
    for k in range(n):
        h = s.hash ^ zobrist[moves[k].card][s.under[moves[k].card]] \
            ^ zobrist[moves[k].card][under_after(s, moves[k])]
        i = fast_range(h, t.capacity)
        __builtin_prefetch(t.tags + i)
        __builtin_prefetch(t.slots + i * KEY_WORDS)  # read when the tag matches, written when the child is new


# ------------------------------------------------------------------ search
cdef inline bint undoes(State *s, Move m, Move last) noexcept nogil:
    """Does ``m`` put back the card that ``last`` (the move into this
    position) moved, onto what it lay on before? Then it leads to the
    parent: the same canonical key, as only that card's place differs
    (a row emptied by ``last`` counts as any empty row)."""
    cdef Move back = last
    back.target = last.source
    return m.card == last.card and under_after(s, m) == under_after(s, back)


cdef inline bint doubled(void **buffer, int64_t *capacity, size_t item) noexcept nogil:
    """Double a malloc'd array in place; False (array untouched) if out of memory."""
    cdef void *grown = realloc(buffer[0], 2 * capacity[0] * item)
    if grown == NULL:
        return False
    buffer[0] = grown
    capacity[0] *= 2
    return True


cdef class Search:
    """One depth-first search from a position that can stop at a node count
    and later go on from exactly where it stopped: run in slices, it expands
    the same nodes in the same order as in one run (the interleaved restart
    schedule, butterfly/solver/patience/solve.py, alternates it with short attempts).
    Any other stop (a win, a proof, time, memory, a signal) ends it.

    The position is given as card indexes (0..51). rows: list of lists,
    innermost card first; cells: list; foundations: top rank per suit;
    can_build: 52*52 bytes, entry 52*c+t is 1 when card c may go on outer
    card t; builders: for each card, the cards that could go on it; hosts:
    for each card, the cards it could go on."""
    cdef State s
    cdef Rules r
    cdef Table t
    cdef Move *arena
    cdef Frame *frames
    cdef int64_t nodes, arena_len, arena_cap, frame_cap
    #: Children looked up in the table, and the longest line the search has
    #: stood at: what the kernel's speed at scale is made of (bench/patience.py).
    cdef readonly int64_t probes, deepest
    cdef int top
    cdef Outcome outcome
    cdef bint over
    cdef object line

    def __cinit__(self, rows, cells, foundations, can_build, builders, hosts, *, bint cells_one_way,
                  int max_cells, bint empty_rows_take_any, bint last_card_to_foundation_only,
                  bint safe_autoplay=True, bint dead_ends=True,
                  bint next_home_builders=False, memory_bytes=1 << 30):
        load(&self.s, &self.r, rows, cells, foundations, can_build, builders, cells_one_way,
             max_cells, empty_rows_take_any, last_card_to_foundation_only, safe_autoplay, hosts, dead_ends,
             next_home_builders)
        table_init(&self.t, INITIAL_CAPACITY, memory_bytes)
        self.arena = NULL
        self.frames = NULL
        self.nodes = 1
        self.line = []
        self.over = True
        if self.s.in_play == 0:
            self.outcome = OUT_WON
        elif self.t.max_used < 1:
            self.outcome = OUT_UNRESOLVED_MEMORY
        else:
            store(&self.t, find_slot(&self.t, self.s.key, self.s.hash), self.s.key, self.s.hash)
            self.arena_cap = 4096
            self.frame_cap = 1024
            self.arena = <Move *> malloc(self.arena_cap * sizeof(Move))
            self.frames = <Frame *> malloc(self.frame_cap * sizeof(Frame))
            if self.arena == NULL or self.frames == NULL:
                self.outcome = OUT_UNRESOLVED_MEMORY
            else:
                self.top = 0
                self.frames[0].first = 0
                self.frames[0].next = 0
                self.frames[0].nmoves = generate(&self.s, &self.r, self.arena)
                self.arena_len = self.frames[0].nmoves
                self.outcome = OUT_UNRESOLVED_NODES
                self.over = False
        if self.over:
            self.release()

    def __dealloc__(self):
        self.release()

    cdef void release(self) noexcept:
        free(self.arena)
        free(self.frames)
        table_free(&self.t)
        self.arena = NULL
        self.frames = NULL

    @property
    def table_bytes(self):
        """Bytes the table holds now (0 once the search is over)."""
        return 0 if self.over else self.t.capacity * ENTRY_SIZE

    def run(self, max_nodes=None, timeout=None):
        """Go on until the search has expanded ``max_nodes`` in all (None: no
        limit), or for ``timeout`` seconds. Returns (outcome, stopped_by,
        moves, nodes, peak_table_bytes), nodes counted from the start, moves
        as (card, source, target) with rows 0.., PLACE_CELL for the cells and
        PLACE_FOUNDATION for the foundation; stopped by ``nodes``, it may be
        run again."""
        cdef int64_t node_limit = -1 if max_nodes is None else max_nodes
        cdef double deadline = 0.0
        cdef Move *path = NULL
        cdef int path_len = 0, k
        if not self.over:
            if timeout is not None:
                deadline = now() + timeout
            with nogil:
                self.outcome = self.advance(node_limit, deadline, &path, &path_len)
            if self.outcome != OUT_UNRESOLVED_NODES:
                self.over = True
                self.release()
            if self.outcome == OUT_SIGNALLED:
                raise_pending()
            self.line = [(path[k].card, path[k].source, path[k].target) for k in range(path_len)]
            free(path)
        verdict, stopped_by = OUTCOMES[self.outcome]
        return verdict, stopped_by, list(self.line), self.nodes, self.t.peak_bytes

    cdef Outcome advance(self, int64_t max_nodes, double deadline, Move **path_out,
                         int *path_len) noexcept nogil:
        """The search's loop, from its current frame; on a win, ``path_out``
        gets a malloc'd array of the moves (the caller frees it). Stopped by
        ``max_nodes``, the last move tried is taken back and counted as not
        yet tried, so the next call starts where this one stopped."""
        cdef State *s = &self.s
        cdef Rules *r = &self.r
        cdef Table *t = &self.t
        cdef int k
        cdef Move m
        cdef Frame *f
        cdef uint64_t slot
        cdef bint stopped = False
        while self.top >= 0:
            f = &self.frames[self.top]
            if f.next == f.nmoves:
                self.arena_len = f.first
                self.top -= 1
                if self.top >= 0:
                    f = &self.frames[self.top]
                    m = self.arena[f.first + f.next - 1]
                    relocate(s, r, m.card, m.target, m.source)
                    # The siblings' prefetches were spent while the subtree ran.
                    prefetch_children(s, t, self.arena + f.first + f.next, f.nmoves - f.next)
                continue
            m = self.arena[f.first + f.next]
            f.next += 1
            if self.top and undoes(s, m, self.arena[self.frames[self.top - 1].first
                                                    + self.frames[self.top - 1].next - 1]):
                continue  # the parent, in the table since it was expanded: skipped as visited, without the probe
            relocate(s, r, m.card, m.source, m.target)
            if s.in_play == 0:
                path_out[0] = <Move *> malloc((self.top + 1) * sizeof(Move))
                if path_out[0] == NULL:
                    return OUT_UNRESOLVED_MEMORY
                for k in range(self.top):
                    path_out[0][k] = self.arena[self.frames[k].first + self.frames[k].next - 1]
                path_out[0][self.top] = m
                path_len[0] = self.top + 1
                return OUT_WON
            slot = find_slot(t, s.key, s.hash)
            self.probes += 1
            if not slot_empty(t, slot):
                relocate(s, r, m.card, m.target, m.source)  # visited: skip it
                continue
            if max_nodes >= 0 and self.nodes >= max_nodes:
                relocate(s, r, m.card, m.target, m.source)
                f.next -= 1
                return OUT_UNRESOLVED_NODES
            if deadline > 0 and self.nodes % 1024 == 0 and now() > deadline:
                return OUT_UNRESOLVED_TIME
            if (self.nodes & (SIGNAL_INTERVAL - 1)) == 0 and signalled():
                return OUT_SIGNALLED
            if t.used >= t.max_used:
                if not table_grow(t, &stopped):
                    return OUT_SIGNALLED if stopped else OUT_UNRESOLVED_MEMORY
                slot = find_slot(t, s.key, s.hash)
            store(t, slot, s.key, s.hash)
            self.nodes += 1
            if (self.top + 1 == self.frame_cap
                    and not doubled(<void **> &self.frames, &self.frame_cap, sizeof(Frame))) or (
                    self.arena_len + MAX_MOVES_PER_NODE > self.arena_cap
                    and not doubled(<void **> &self.arena, &self.arena_cap, sizeof(Move))):
                return OUT_UNRESOLVED_MEMORY
            self.top += 1
            if self.top > self.deepest:
                self.deepest = self.top
            f = &self.frames[self.top]
            f.first = self.arena_len
            f.next = 0
            f.nmoves = generate(s, r, self.arena + self.arena_len)
            prefetch_children(s, t, self.arena + self.arena_len, f.nmoves)
            self.arena_len += f.nmoves
        return OUT_UNWINNABLE


cpdef bint dead_end_applies(bint empty_rows_take_any, int max_cells, bint cells_one_way) noexcept:
    """The dead-end test is sound only with lost empty rows and one-way cells
    (or none): the rule of pruning.dead_end_applies, which the tests check
    equal to this one on every preset, variant and number of cells."""
    return dead_ends_sound(empty_rows_take_any, max_cells, cells_one_way)


def moves(rows, cells, foundations, can_build, builders, hosts, *, bint cells_one_way,
          int max_cells, bint empty_rows_take_any, bint last_card_to_foundation_only,
          bint safe_autoplay=True, bint dead_ends=True,
          bint next_home_builders=False):
    """The moves the search would try at this position, in order, as
    (card, source, target); the tests compare them with the rules engine."""
    cdef State s
    cdef Rules r
    cdef Move out[MAX_MOVES_PER_NODE]
    load(&s, &r, rows, cells, foundations, can_build, builders, cells_one_way,
         max_cells, empty_rows_take_any, last_card_to_foundation_only, safe_autoplay, hosts, dead_ends,
         next_home_builders)
    cdef int n = generate(&s, &r, out)
    return [(out[k].card, out[k].source, out[k].target) for k in range(n)]
