# The patience position in C, shared by the search kernels: the depth-first
# search (_patience.pyx) and the shortest-line search (_shortest.pyx). The
# state and its key, moves made and undone, the pruned move generator (safe
# foundation moves, the dead-end tests of butterfly/solver/patience/pruning.py) and the
# loading of a position from Python lists. Everything is inline so that each
# kernel compiles it into its own hot loop; each kernel calls init_zobrist()
# once when it is imported (the Zobrist words are static, one copy a module).

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from butterfly.ext._moves cimport add, foundation_moves
from butterfly.ext._patience cimport (
    State, Rules, Move, NCARDS, MAX_ROWS, MAX_CELLS, MAX_ROW_LEN, MAX_BUILDERS, LOC_CELL, LOC_FOUNDATION,
    UNDER_BOTTOM, UNDER_CELL, UNDER_FOUNDATION, KEY_WORDS,
)

cdef extern from *:
    """
    #include <stdint.h>
    /* Map a 64-bit hash onto [0, n) without a division (Lemire's fast range). */
    static inline uint64_t fast_range(uint64_t h, uint64_t n) {
        return (uint64_t)(((unsigned __int128)h * n) >> 64);
    }
    /* Zobrist words, linear in the key's bits: one word from SplitMix64
       (fixed seed: deterministic runs) for each of the key's 312 bits, and a
       card's word for what lies under it the XOR of the words of the bits
       its field sets. So the hash of a key is the XOR of its bits' words,
       which key_bytes gives a byte at a time: a rehash reads 40 bytes, not
       52 fields. */
    static uint64_t zobrist[52][55];
    static uint64_t key_bytes[40][256];
    static void init_zobrist(void) {
        uint64_t s = 0x5EED5EED5EED5EEDULL, bit[320] = {0};
        for (int b = 0; b < 312; b++) {
            uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            bit[b] = z ^ (z >> 31);
        }
        for (int c = 0; c < 52; c++)
            for (int u = 0; u < 55; u++) {
                uint64_t z = 0;
                for (int k = 0; k < 6; k++)
                    if (((u + 1) >> k) & 1)  /* the key stores what lies under, plus one */
                        z ^= bit[6 * c + k];
                zobrist[c][u] = z;
            }
        for (int p = 0; p < 40; p++)
            for (int v = 0; v < 256; v++) {
                uint64_t z = 0;
                for (int k = 0; k < 8; k++)
                    if ((v >> k) & 1)
                        z ^= bit[8 * p + k];
                key_bytes[p][v] = z;
            }
    }
    """
    uint64_t fast_range(uint64_t h, uint64_t n) nogil
    void __builtin_prefetch(const void *addr) nogil
    int __builtin_ctz(unsigned int x) nogil
    int __builtin_ctzll(unsigned long long x) nogil
    uint64_t zobrist[52][55]
    uint64_t key_bytes[40][256]
    void init_zobrist() nogil


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
        s.outer &= ~((<uint64_t> 1) << card)
        if s.length[source]:
            s.outer |= (<uint64_t> 1) << s.rows[source][s.length[source] - 1]
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
            s.outer &= ~((<uint64_t> 1) << under)
        else:
            under = UNDER_BOTTOM
        s.outer |= (<uint64_t> 1) << card
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
cdef inline bint gone(State *s, Rules *r, int card) noexcept nogil:
    """Home, or in a one-way cell: never a row card again."""
    return s.foundation[card // 13] > card % 13 or (r.cells_one_way and s.under[card] == UNDER_CELL)


cdef inline bint only_card_or_gone(State *s, Rules *r, int b, int card) noexcept nogil:
    """Is every builder of b either ``card`` or gone?"""
    cdef int k, d
    for k in range(r.nbuilders[b]):
        d = r.builders[b][k]
        if d != card and not gone(s, r, d):
            return False
    return True


cdef inline bint safe_foundation_move(State *s, Rules *r, Move m) noexcept nogil:
    """Dominance (same rules as pruning.is_safe_foundation_move, which
    states the proofs): the card can never again be a base for another card,
    because it is in a one-way cell, or each of its possible builders is home
    or in a one-way cell (rule 1) or, with next_home_builders, next home with
    nothing but the card able to go on it (rule 1b)."""
    cdef int k, b
    if m.source == LOC_CELL and r.cells_one_way:
        return True
    for k in range(r.nbuilders[m.card]):
        b = r.builders[m.card][k]
        if gone(s, r, b):
            continue
        if r.next_home_builders and s.foundation[b // 13] == b % 13 and only_card_or_gone(s, r, b, m.card):
            continue  # rule 1b: b could only wait on the card, and may go home instead
        return False
    return True


cdef inline bint dead_end(State *s, Rules *r) noexcept nogil:
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


cdef inline int generate(State *s, Rules *r, Move *out) noexcept nogil:
    """Write the moves to try into ``out`` in the engine's order
    (butterfly.games.patience.Position.legal_moves, butterfly/ext/_moves.pxd) and return how many."""
    cdef int n, k
    if r.dead_ends and dead_end(s, r):
        return 0
    n = foundation_moves(&s.rows[0][0], s.length, r.nrows, s.cells, s.ncells, s.foundation, out)
    if r.safe_autoplay:
        for k in range(n):
            if safe_foundation_move(s, r, out[k]):
                out[0] = out[k]
                return 1
    return other_moves(s, r, out, n)


cdef inline uint32_t host_rows(State *s, Rules *r, int card) noexcept nogil:
    """The rows (a bit each) whose outer card ``card`` may be built on: those
    whose outer card is one of its hosts (the build table is made from them)."""
    cdef uint32_t rows = 0
    cdef uint64_t outer_hosts = r.host_mask[card] & s.outer
    while outer_hosts:
        rows |= (<uint32_t> 1) << s.row_of[__builtin_ctzll(outer_hosts)]
        outer_hosts &= outer_hosts - 1
    return rows


cdef inline void add_to_rows(Move *out, int *n, int card, int source, uint32_t rows) noexcept nogil:
    while rows:
        add(out, n, card, source, __builtin_ctz(rows))
        rows &= rows - 1


cdef inline int other_moves(State *s, Rules *r, Move *out, int n) noexcept nogil:
    """butterfly/ext/_moves.pxd's other_moves, the same moves in the same order (the
    tests hold the two equal), but each card's target rows found from its
    few hosts instead of by trying every row: row to row, cell to row (free
    cells only), row to cell; the new total."""
    cdef uint32_t empty = 0
    cdef int i, k, size
    if r.empty_rows_take_any:
        for i in range(r.nrows):
            if s.length[i] == 0:
                empty |= (<uint32_t> 1) << i
    for i in range(r.nrows):
        size = s.length[i]
        if size == 0 or (r.last_card_to_foundation_only and size == 1):
            continue
        add_to_rows(out, &n, s.rows[i][size - 1], i, host_rows(s, r, s.rows[i][size - 1]) | empty)
    if not r.cells_one_way:
        for k in range(s.ncells):
            add_to_rows(out, &n, s.cells[k], LOC_CELL, host_rows(s, r, s.cells[k]) | empty)
    if s.ncells < r.max_cells:
        for i in range(r.nrows):
            size = s.length[i]
            if size and not (r.last_card_to_foundation_only and size == 1):
                add(out, &n, s.rows[i][size - 1], i, LOC_CELL)
    return n


cdef inline int read_field(const uint64_t *key, int card) noexcept nogil:
    cdef int bit = card * 6
    cdef int word = bit >> 6
    cdef int shift = bit & 63
    cdef uint64_t value = key[word] >> shift
    if shift > 58:
        value |= key[word + 1] << (64 - shift)
    return <int>(value & 63) - 1


cdef inline bint same_key(const uint64_t *a, const uint64_t *b) noexcept nogil:
    """Two full keys equal (the tables compare keys whenever a tag matches)."""
    cdef int w
    for w in range(KEY_WORDS):
        if a[w] != b[w]:
            return False
    return True


cdef inline uint64_t hash_of_key(const uint64_t *key) noexcept nogil:
    """The Zobrist hash of a stored key (the search keeps it incrementally;
    only a rehash needs it from scratch)."""
    cdef uint64_t h = 0
    cdef int p
    for p in range(KEY_WORDS * 8):
        h ^= key_bytes[p][(key[p >> 3] >> ((p & 7) * 8)) & 0xFF]
    return h


cdef inline int under_after(State *s, Move m) noexcept nogil:
    """What will lie under the moved card once ``m`` is made."""
    if m.target == LOC_FOUNDATION:
        return UNDER_FOUNDATION
    if m.target == LOC_CELL:
        return UNDER_CELL
    if s.length[m.target]:
        return s.rows[m.target][s.length[m.target] - 1]
    return UNDER_BOTTOM


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef inline bint dead_ends_sound(bint empty_rows_take_any, int max_cells, bint cells_one_way) noexcept nogil:
    """The dead-end test is sound only with lost empty rows and one-way cells
    (or none): the rule of pruning.dead_end_applies, which the tests check
    equal to this one (through _patience.dead_end_applies) on every preset,
    variant and number of cells."""
    return not empty_rows_take_any and (max_cells == 0 or cells_one_way)


cdef inline int load(State *s, Rules *r, rows, cells, foundations, can_build, builders,
                     bint cells_one_way, int max_cells, bint empty_rows_take_any,
                     bint last_card_to_foundation_only, bint safe_autoplay, hosts, bint dead_ends,
                     bint next_home_builders) except -1:
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
    r.next_home_builders = next_home_builders
    r.dead_ends = dead_ends and dead_ends_sound(empty_rows_take_any, max_cells, cells_one_way)
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
            r.host_mask[c] |= (<uint64_t> 1) << b
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
        if s.length[i]:
            s.outer |= (<uint64_t> 1) << s.rows[i][s.length[i] - 1]
    for c in sorted(cells):
        s.cells[s.ncells] = c
        s.ncells += 1
        set_under(s, c, UNDER_CELL)
        s.in_play += 1
    for c in range(NCARDS):
        if s.under[c] == UNDER_FOUNDATION or s.under[c] == UNDER_CELL:
            count_hosts_gone(s, r, c, 1)

    return 0
