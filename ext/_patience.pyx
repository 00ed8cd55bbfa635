"""Patience search kernel: the reference solver's search, in C.

The same depth-first search as ``solver/patience/reference.py``: the same
move order, the same node accounting, the same pruning rules
(``solver/patience/pruning.py``). So on the same position, within the same
budget, the two give the same verdict, the same node count and the same
moves; the tests check exactly that.

C-level state: fixed arrays for rows and cells, an explicit stack of frames
over one arena of moves, and an open-addressing transposition table holding
full state keys (a hash match alone never prunes).

The state key is canonical for row order: for each card it records what
lies under it (another card, the bottom of a row, a cell, the foundation),
6 bits a card. The set of rows is exactly the set of chains this describes,
so two positions that differ only by the order of their rows share a key.
The Zobrist hash XORs one random word per (card, what lies under it); a move
changes one card's entry, so the hash updates in two XORs.

The build rule itself is not written here: the Python wrapper passes the
rules engine's own ``can_build`` as a 52x52 table.
"""

from libc.stdint cimport uint8_t, uint64_t, int64_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from ext._moves cimport foundation_moves, other_moves

cdef extern from *:
    """
    #include <stdint.h>
    /* Map a 64-bit hash onto [0, n) without a division (Lemire's fast range). */
    static inline uint64_t fast_range(uint64_t h, uint64_t n) {
        return (uint64_t)(((unsigned __int128)h * n) >> 64);
    }
    /* Zobrist words from SplitMix64 with a fixed seed: deterministic runs. */
    static uint64_t zobrist[52][55];
    static void init_zobrist(void) {
        uint64_t s = 0x5EED5EED5EED5EEDULL;
        for (int c = 0; c < 52; c++)
            for (int u = 0; u < 55; u++) {
                uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
                zobrist[c][u] = z ^ (z >> 31);
            }
    }
    """
    uint64_t fast_range(uint64_t h, uint64_t n) nogil
    void __builtin_prefetch(const void *addr) nogil
    uint64_t zobrist[52][55]
    void init_zobrist() nogil

init_zobrist()

cdef enum:
    ENTRY_SIZE = KEY_WORDS * 8 + 1   # the key and its tag
    #: A new table's entries: small enough to stay in cache for easy deals.
    INITIAL_CAPACITY = 1 << 15

# Constants the Python side needs, exported rather than restated there (the
# tests check games.patience.rules.MAX_CELLS, which may not import this module).
#: Place codes of a move's source and target: rows are 0..MAX_ROWS-1.
PLACE_CELL = LOC_CELL
PLACE_FOUNDATION = LOC_FOUNDATION
#: Most rows and cells a position may have (the state's fixed arrays).
ROWS_LIMIT = MAX_ROWS
CELLS_LIMIT = MAX_CELLS
#: The transposition table's accounting, which the reference search mirrors
#: (solver/patience/reference.py) so that a memory cap stops both at the same node.
TABLE_ENTRY_BYTES = ENTRY_SIZE
TABLE_INITIAL_CAPACITY = INITIAL_CAPACITY

#: Most moves one position can have: foundation moves, row to row, cell to row, row to cell.
cdef enum:
    MAX_MOVES_PER_NODE = MAX_ROWS + MAX_CELLS + MAX_ROWS * MAX_ROWS + MAX_CELLS * MAX_ROWS + MAX_ROWS

OUTCOMES = {OUT_WON: ("won", None), OUT_UNWINNABLE: ("unwinnable", None),
            OUT_UNRESOLVED_NODES: ("unresolved", "nodes"),
            OUT_UNRESOLVED_TIME: ("unresolved", "time"),
            OUT_UNRESOLVED_MEMORY: ("unresolved", "memory")}


# ------------------------------------------------------------------ state
cdef inline void write_field(uint64_t *key, int card, int under) noexcept nogil:
    """Store what lies under ``card`` as the 6-bit field at bit 6*card of the
    key, plus one so that no field is 0 (an all-zero word marks an empty slot).
    52 fields take 312 of the key's 320 bits; a field may straddle two words."""
    cdef int bit = card * 6
    cdef int word = bit >> 6
    cdef int shift = bit & 63
    cdef uint64_t value = under + 1
    key[word] = (key[word] & ~((<uint64_t>63) << shift)) | (value << shift)
    if shift > 58:
        key[word + 1] = (key[word + 1] & ~((<uint64_t>63) >> (64 - shift))) | (value >> (64 - shift))


cdef inline void set_under(State *s, int card, int under) noexcept nogil:
    s.hash ^= zobrist[card][s.under[card]] ^ zobrist[card][under]
    write_field(s.key, card, under)
    s.under[card] = under


cdef inline void count_hosts_gone(State *s, Rules *r, int card, int change) noexcept nogil:
    """``card`` went home or to a cell (+1), or came back to a row (-1): it is
    a host of each of its builders."""
    cdef int k
    for k in range(r.nbuilders[card]):
        s.hosts_gone[r.builders[card][k]] += change


cdef inline void relocate(State *s, Rules *r, int card, int source, int target) noexcept nogil:
    """Move ``card`` from ``source`` to ``target`` (no legality check: the
    generator only makes legal moves, and undo is the reverse relocation)."""
    cdef int k, under
    if source < LOC_CELL and target >= LOC_CELL:
        count_hosts_gone(s, r, card, 1)
    elif source >= LOC_CELL and target < LOC_CELL:
        count_hosts_gone(s, r, card, -1)
    if source < LOC_CELL:
        s.length[source] -= 1
    elif source == LOC_CELL:
        k = 0
        while s.cells[k] != card:
            k += 1
        while k + 1 < s.ncells:
            s.cells[k] = s.cells[k + 1]
            k += 1
        s.ncells -= 1
    else:
        s.foundation[card // 13] -= 1
        s.in_play += 1
    if target < LOC_CELL:
        if s.length[target]:
            under = s.rows[target][s.length[target] - 1]
        else:
            under = UNDER_BOTTOM
        s.rows[target][s.length[target]] = card
        s.row_of[card] = target
        s.depth_of[card] = s.length[target]
        s.length[target] += 1
    elif target == LOC_CELL:
        k = s.ncells
        while k > 0 and s.cells[k - 1] > card:
            s.cells[k] = s.cells[k - 1]
            k -= 1
        s.cells[k] = card
        s.ncells += 1
        s.row_of[card] = -1
        under = UNDER_CELL
    else:
        s.foundation[card // 13] += 1
        s.in_play -= 1
        s.row_of[card] = -1
        under = UNDER_FOUNDATION
    set_under(s, card, under)


# ------------------------------------------------------------------ moves
cdef inline bint safe_foundation_move(State *s, Rules *r, Move m) noexcept nogil:
    """Dominance (same rule as pruning.is_safe_foundation_move, which
    states the proof): the card can never again be a base for another card,
    because it is in a one-way cell, or each of its possible builders is home
    or in a one-way cell."""
    cdef int k, b
    if m.source == LOC_CELL and r.cells_one_way:
        return True
    for k in range(r.nbuilders[m.card]):
        b = r.builders[m.card][k]
        if s.foundation[b // 13] <= b % 13 and not (r.cells_one_way and s.under[b] == UNDER_CELL):
            return False
    return True


cdef bint dead_end(State *s, Rules *r) noexcept nogil:
    """The last-row and basement-capacity tests of pruning.is_dead_end
    (which states the proofs). Only called when they apply: lost empty rows,
    one-way cells."""
    cdef bint homeless[MAX_ROW_LEN]
    cdef int lowest[4]
    cdef int i, j, k, d, x, y, h, waiting, need
    cdef bint any_homeless, changed, gone, live, could_be_last
    # pruning.last_row_floor: when the rows that could be last all start
    # with one suit, a card of that suit up to this rank stays in play.
    cdef int floor_suit = -1, floor_rank = 0
    if r.last_card_to_foundation_only:
        # pruning.no_last_row: the last row emptied has an innermost card
        # whose suit's cards above it all fit in the basement.
        live = False
        could_be_last = False
        for i in range(r.nrows):
            if s.length[i]:
                live = True
                x = s.rows[i][0]
                need = 0  # cards of x's suit above x still in play
                for y in range(x + 1, (x // 13) * 13 + 13):
                    if s.under[y] != UNDER_FOUNDATION:
                        need += 1
                if need <= r.max_cells:
                    if not could_be_last:
                        floor_suit, floor_rank = x // 13, x % 13 + 1
                    elif floor_suit != x // 13:
                        floor_suit = -1
                    elif x % 13 + 1 > floor_rank:
                        floor_rank = x % 13 + 1
                    could_be_last = True
        if live and not could_be_last:
            return True
    for i in range(r.nrows):
        # A card with more hosts left than its row holds has one elsewhere:
        # it cannot be homeless. Skip rows with no other card (exact filter).
        any_homeless = False
        for d in range(s.length[i]):
            x = s.rows[i][d]
            if r.nhosts[x] - s.hosts_gone[x] < s.length[i]:
                any_homeless = True
                break
        if not any_homeless:
            continue
        any_homeless = False
        for d in range(s.length[i]):
            homeless[d] = False
        changed = True
        while changed:
            changed = False
            for d in range(s.length[i]):
                if homeless[d]:
                    continue
                x = s.rows[i][d]
                if r.nhosts[x] - s.hosts_gone[x] >= s.length[i]:
                    continue  # a host lives outside the row
                gone = True
                for h in range(r.nhosts[x]):
                    y = r.hosts[x][h]
                    if not (s.foundation[y // 13] > y % 13 or s.under[y] == UNDER_CELL
                            or (s.row_of[y] == i and (s.depth_of[y] < d or homeless[s.depth_of[y]]))):
                        gone = False
                        break
                if gone:
                    homeless[d] = True
                    any_homeless = True
                    changed = True
        if not any_homeless:
            continue
        lowest[0] = lowest[1] = lowest[2] = lowest[3] = 14
        if floor_suit >= 0:
            lowest[floor_suit] = floor_rank
        for j in range(s.length[i]):
            y = s.rows[i][j]
            if y % 13 + 1 < lowest[y // 13]:
                lowest[y // 13] = y % 13 + 1
            waiting = 0
            for k in range(j + 1, s.length[i]):
                x = s.rows[i][k]
                if homeless[k] and lowest[x // 13] < x % 13 + 1:
                    waiting += 1
            for k in range(s.ncells):
                if lowest[s.cells[k] // 13] < s.cells[k] % 13 + 1:
                    waiting += 1
            if waiting > r.max_cells:
                return True
    return False


cdef int generate(State *s, Rules *r, Move *out) noexcept nogil:
    """Write the moves to try into ``out`` in the engine's order
    (games.patience.Position.legal_moves, ext/_moves.pxd) and return how many."""
    cdef int n, k
    if r.dead_ends and dead_end(s, r):
        return 0
    n = foundation_moves(&s.rows[0][0], s.length, r.nrows, s.cells, s.ncells, s.foundation, out)
    if r.safe_autoplay:
        for k in range(n):
            if safe_foundation_move(s, r, out[k]):
                out[0] = out[k]
                return 1
    return other_moves(&s.rows[0][0], s.length, r.nrows, s.cells, s.ncells, &r.can_build[0][0],
                       r.empty_rows_take_any, r.last_card_to_foundation_only, r.cells_one_way, r.max_cells, out, n)


# ------------------------------------------------------------------ table
cdef inline uint8_t tag_of(uint64_t h) noexcept nogil:
    # Low bits: the slot index comes from the high bits (fast_range).
    return <uint8_t>(h & 0xFF) if (h & 0xFF) else 1


cdef inline uint64_t find_slot(Table *t, const uint64_t *key, uint64_t h) noexcept nogil:
    """The slot holding ``key``, or the empty slot where it belongs."""
    cdef uint64_t i = fast_range(h, t.capacity)
    cdef uint8_t tag = tag_of(h)
    cdef uint8_t found
    cdef uint64_t *e
    cdef int w
    cdef bint same
    while True:
        found = t.tags[i]
        if found == 0:
            return i
        if found == tag:
            e = t.slots + i * KEY_WORDS
            same = True
            for w in range(KEY_WORDS):
                if e[w] != key[w]:
                    same = False
                    break
            if same:
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


cdef inline int read_field(const uint64_t *key, int card) noexcept nogil:
    cdef int bit = card * 6
    cdef int word = bit >> 6
    cdef int shift = bit & 63
    cdef uint64_t value = key[word] >> shift
    if shift > 58:
        value |= key[word + 1] << (64 - shift)
    return <int>(value & 63) - 1


cdef uint64_t hash_of_key(const uint64_t *key) noexcept nogil:
    """The Zobrist hash of a stored key (the search keeps it incrementally;
    only a rehash needs it from scratch)."""
    cdef uint64_t h = 0
    cdef int c
    for c in range(NCARDS):
        h ^= zobrist[c][read_field(key, c)]
    return h


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


cdef bint table_grow(Table *t) noexcept nogil:
    """Double the table (less if the cap says so), rehashing every key.
    The old and the new table together stay within the memory cap. False
    when it cannot grow by enough to matter."""
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


cdef inline int under_after(State *s, Move m) noexcept nogil:
    """What will lie under the moved card once ``m`` is made."""
    if m.target == LOC_FOUNDATION:
        return UNDER_FOUNDATION
    if m.target == LOC_CELL:
        return UNDER_CELL
    if s.length[m.target]:
        return s.rows[m.target][s.length[m.target] - 1]
    return UNDER_BOTTOM


cdef inline void prefetch_children(State *s, Table *t, Move *moves, int n) noexcept nogil:
    """Start loading the table slot of every child: their hashes are known
    from the moves alone, and the probes then overlap instead of stalling
    one by one. Only a speed hint; the search is unchanged."""
    cdef int k
    cdef uint64_t h
    for k in range(n):
        h = s.hash ^ zobrist[moves[k].card][s.under[moves[k].card]] \
            ^ zobrist[moves[k].card][under_after(s, moves[k])]
        __builtin_prefetch(t.tags + fast_range(h, t.capacity))


cdef double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


# ------------------------------------------------------------------ search
cdef inline bint doubled(void **buffer, int64_t *capacity, size_t item) noexcept nogil:
    """Double a malloc'd array in place; False (array untouched) if out of memory."""
    cdef void *grown = realloc(buffer[0], 2 * capacity[0] * item)
    if grown == NULL:
        return False
    buffer[0] = grown
    capacity[0] *= 2
    return True


cdef Outcome run(State *s, Rules *r, Table *t, int64_t max_nodes, double deadline,
                 int64_t *nodes_out, Move **path_out, int *path_len) noexcept nogil:
    """Depth-first search from ``s``; on a win, ``path_out`` gets a malloc'd
    array of the moves (the caller frees it)."""
    cdef int64_t nodes = 1, arena_len = 0, arena_cap = 4096, frame_cap = 1024
    cdef int top = 0, k
    cdef Move m
    cdef Frame *f
    cdef uint64_t slot
    cdef Outcome outcome = OUT_UNWINNABLE
    cdef Move *arena
    cdef Frame *frames
    path_out[0] = NULL
    path_len[0] = 0
    nodes_out[0] = 1
    if s.in_play == 0:
        return OUT_WON
    if t.max_used < 1:
        return OUT_UNRESOLVED_MEMORY
    store(t, find_slot(t, s.key, s.hash), s.key, s.hash)
    arena = <Move *> malloc(arena_cap * sizeof(Move))
    frames = <Frame *> malloc(frame_cap * sizeof(Frame))
    if arena == NULL or frames == NULL:
        free(arena)
        free(frames)
        return OUT_UNRESOLVED_MEMORY
    frames[0].first = 0
    frames[0].next = 0
    frames[0].nmoves = generate(s, r, arena)
    arena_len = frames[0].nmoves
    while top >= 0:
        f = &frames[top]
        if f.next == f.nmoves:
            arena_len = f.first
            top -= 1
            if top >= 0:
                f = &frames[top]
                m = arena[f.first + f.next - 1]
                relocate(s, r, m.card, m.target, m.source)
                # The siblings' prefetches were spent while the subtree ran.
                prefetch_children(s, t, arena + f.first + f.next, f.nmoves - f.next)
            continue
        m = arena[f.first + f.next]
        f.next += 1
        relocate(s, r, m.card, m.source, m.target)
        if s.in_play == 0:
            path_out[0] = <Move *> malloc((top + 1) * sizeof(Move))
            if path_out[0] == NULL:
                outcome = OUT_UNRESOLVED_MEMORY
                break
            for k in range(top):
                path_out[0][k] = arena[frames[k].first + frames[k].next - 1]
            path_out[0][top] = m
            path_len[0] = top + 1
            outcome = OUT_WON
            break
        slot = find_slot(t, s.key, s.hash)
        if not slot_empty(t, slot):
            relocate(s, r, m.card, m.target, m.source)  # visited: skip it
            continue
        if max_nodes >= 0 and nodes >= max_nodes:
            outcome = OUT_UNRESOLVED_NODES
            break
        if deadline > 0 and nodes % 1024 == 0 and now() > deadline:
            outcome = OUT_UNRESOLVED_TIME
            break
        if t.used >= t.max_used:
            if not table_grow(t):
                outcome = OUT_UNRESOLVED_MEMORY
                break
            slot = find_slot(t, s.key, s.hash)
        store(t, slot, s.key, s.hash)
        nodes += 1
        if (top + 1 == frame_cap and not doubled(<void **> &frames, &frame_cap, sizeof(Frame))) or (
                arena_len + MAX_MOVES_PER_NODE > arena_cap
                and not doubled(<void **> &arena, &arena_cap, sizeof(Move))):
            outcome = OUT_UNRESOLVED_MEMORY
            break
        top += 1
        f = &frames[top]
        f.first = arena_len
        f.next = 0
        f.nmoves = generate(s, r, arena + arena_len)
        prefetch_children(s, t, arena + arena_len, f.nmoves)
        arena_len += f.nmoves
    free(arena)
    free(frames)
    nodes_out[0] = nodes
    return outcome


cpdef bint dead_end_applies(bint empty_rows_take_any, int max_cells, bint cells_one_way) noexcept:
    """The dead-end test is sound only with lost empty rows and one-way cells
    (or none): the rule of pruning.dead_end_applies, which the tests check
    equal to this one on every preset, variant and number of cells."""
    return not empty_rows_take_any and (max_cells == 0 or cells_one_way)


cdef load(State *s, Rules *r, rows, cells, foundations, can_build, builders,
          bint cells_one_way, int max_cells, bint empty_rows_take_any,
          bint last_card_to_foundation_only, bint safe_autoplay, hosts, bint dead_ends):
    """Fill the C state and rules from Python lists of card indexes."""
    cdef int i, j, c
    if len(rows) > MAX_ROWS or len(cells) > MAX_CELLS or max_cells > MAX_CELLS:
        raise ValueError("too many rows or cells for the kernel")
    memset(s, 0, sizeof(State))
    memset(r, 0, sizeof(Rules))
    r.nrows = len(rows)
    r.max_cells = max_cells
    r.cells_one_way = cells_one_way
    r.empty_rows_take_any = empty_rows_take_any
    r.last_card_to_foundation_only = last_card_to_foundation_only
    r.safe_autoplay = safe_autoplay
    r.dead_ends = dead_ends and dead_end_applies(empty_rows_take_any, max_cells, cells_one_way)
    cdef const uint8_t[:] build_table = can_build
    if build_table.shape[0] != NCARDS * NCARDS:
        raise ValueError("can_build must hold 52 x 52 bytes")
    for c in range(NCARDS):
        for j in range(NCARDS):
            r.can_build[c][j] = build_table[c * NCARDS + j]
        if len(builders[c]) > MAX_BUILDERS:
            raise ValueError("too many builders for one card")
        r.nbuilders[c] = len(builders[c])
        for j, b in enumerate(builders[c]):
            r.builders[c][j] = b
        if len(hosts[c]) > MAX_BUILDERS:
            raise ValueError("too many hosts for one card")
        r.nhosts[c] = len(hosts[c])
        for j, b in enumerate(hosts[c]):
            r.hosts[c][j] = b
    # Every card starts "on the foundation"; placing the others fixes the key.
    for c in range(NCARDS):
        s.row_of[c] = -1
        s.under[c] = UNDER_FOUNDATION
        write_field(s.key, c, UNDER_FOUNDATION)
        s.hash ^= zobrist[c][UNDER_FOUNDATION]
    for i in range(4):
        s.foundation[i] = foundations[i]
    for i, row in enumerate(rows):
        for c in row:
            s.rows[i][s.length[i]] = c
            set_under(s, c, s.rows[i][s.length[i] - 1] if s.length[i] else UNDER_BOTTOM)
            s.row_of[c] = i
            s.depth_of[c] = s.length[i]
            s.length[i] += 1
            s.in_play += 1
    for c in sorted(cells):
        s.cells[s.ncells] = c
        s.ncells += 1
        set_under(s, c, UNDER_CELL)
        s.in_play += 1
    for c in range(NCARDS):
        if s.under[c] == UNDER_FOUNDATION or s.under[c] == UNDER_CELL:
            count_hosts_gone(s, r, c, 1)


def moves(rows, cells, foundations, can_build, builders, hosts, *, bint cells_one_way,
          int max_cells, bint empty_rows_take_any, bint last_card_to_foundation_only,
          bint safe_autoplay=True, bint dead_ends=True):
    """The moves the search would try at this position, in order, as
    (card, source, target); the tests compare them with the rules engine."""
    cdef State s
    cdef Rules r
    cdef Move out[MAX_MOVES_PER_NODE]
    load(&s, &r, rows, cells, foundations, can_build, builders, cells_one_way,
         max_cells, empty_rows_take_any, last_card_to_foundation_only, safe_autoplay, hosts, dead_ends)
    cdef int n = generate(&s, &r, out)
    return [(out[k].card, out[k].source, out[k].target) for k in range(n)]


def search(rows, cells, foundations, can_build, builders, hosts, *, bint cells_one_way,
           int max_cells, bint empty_rows_take_any, bint last_card_to_foundation_only,
           bint safe_autoplay=True, bint dead_ends=True, max_nodes=None, timeout=None,
           memory_bytes=1 << 30):
    """Search a position given as card indexes (0..51).

    rows: list of lists, innermost card first; cells: list; foundations: top
    rank per suit; can_build: 52*52 bytes, entry 52*c+t is 1 when card c may
    go on outer card t; builders: for each card, the cards that could go on it;
    hosts: for each card, the cards it could go on.
    Returns (outcome, stopped_by, moves, nodes, peak_table_bytes) where moves are
    (card, source, target) with rows 0.., PLACE_CELL for the cells and
    PLACE_FOUNDATION for the foundation.
    """
    cdef State s
    cdef Rules r
    cdef Table t
    cdef int64_t nodes = 0
    cdef int path_len = 0
    cdef Move *path = NULL
    cdef Outcome outcome
    cdef int64_t node_limit = -1 if max_nodes is None else max_nodes
    cdef double deadline = 0.0
    load(&s, &r, rows, cells, foundations, can_build, builders, cells_one_way,
         max_cells, empty_rows_take_any, last_card_to_foundation_only, safe_autoplay, hosts, dead_ends)
    table_init(&t, INITIAL_CAPACITY, memory_bytes)
    if timeout is not None:
        deadline = now() + timeout
    with nogil:
        outcome = run(&s, &r, &t, node_limit, deadline, &nodes, &path, &path_len)
    free(t.slots)
    free(t.tags)
    moves = [(path[k].card, path[k].source, path[k].target) for k in range(path_len)]
    free(path)
    verdict, stopped_by = OUTCOMES[outcome]
    return verdict, stopped_by, moves, nodes, t.peak_bytes
