"""The ladder's players in C: ``puzzles/reference.py`` compiled.

Plays a patience position to its end with one of the reference's policies
(random, greedy with random moves mixed in, two-move look-ahead, greedy
rollouts), drawing the same SplitMix64 numbers in the same order and
refusing the same repeated positions (the same 64-bit additive Zobrist
hash), so both engines play the same game move for move; the tests check
exactly that. The wrapper is ``puzzles/kernel.py``.

C-level state: one ``Game`` (the board, the positions met, the moves and
the random stream) per call, nothing shared between calls. A move is made
and unmade in place: scoring a candidate, looking two moves ahead and
trying a rollout all undo what they did. The positions met are a
linear-probing hash set of their hashes; a rollout's trial game removes its
keys newest first, which leaves the table exactly as it was.

The build rule itself is not written here: the Python wrapper passes the
rules engine's own ``can_build`` as a 52x52 table.
"""

from libc.stdint cimport uint8_t, uint64_t, int64_t
from libc.string cimport memset

from butterfly.ext._moves cimport foundation_moves, other_moves
from butterfly.ext._signals cimport stopping, raise_pending

# Constants the Python side checks equal to puzzles/reference.py's.
MAX_MOVES = GAME_MAX_MOVES
CELL_SLOT = HASH_CELL_SLOT
HOME_WEIGHT = W_HOME
CELL_WEIGHT = W_CELL
NEXT_COVER_WEIGHT = W_NEXT_COVER
SECOND_COVER_WEIGHT = W_SECOND_COVER
RANDOM = POLICY_RANDOM
GREEDY = POLICY_GREEDY
LOOKAHEAD = POLICY_LOOKAHEAD
ROLLOUT = POLICY_ROLLOUT
_POLICY_CODES = (RANDOM, GREEDY, LOOKAHEAD, ROLLOUT)
#: Place codes of a move's source and target (butterfly.ext._patience's): rows are 0..
PLACE_CELL = LOC_CELL
PLACE_FOUNDATION = LOC_FOUNDATION

cdef enum:
    EPSILON_SCALE = 1000000   # epsilon_ppm is per million


# ------------------------------------------------------------------ random
cdef inline uint64_t mix(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint64_t next_u64(uint64_t *state) noexcept nogil:
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    return mix(state[0])


cdef inline uint64_t below(uint64_t *state, uint64_t bound) noexcept nogil:
    """SplitMix64.below: reject outputs under 2**64 % bound (unsigned
    negation is 2**64 - bound, which leaves the same remainder)."""
    cdef uint64_t threshold = (<uint64_t>0 - bound) % bound
    cdef uint64_t x
    while True:
        x = next_u64(state)
        if x >= threshold:
            return x % bound


cdef inline uint64_t zobrist_of(int slot, int depth, int card) noexcept nogil:
    """reference.zobrist: the first output of SplitMix64 seeded from the
    place. Computed, not tabled: a table of every (slot, depth, card) would
    not fit in the first-level cache."""
    return mix(<uint64_t>((slot * 64 + depth) * 64 + card + 1) + <uint64_t>0x9E3779B97F4A7C15)


# ------------------------------------------------------------------ board
cdef inline bint is_won(const Board *b) noexcept nogil:
    return b.foundation[0] == 13 and b.foundation[1] == 13 and b.foundation[2] == 13 and b.foundation[3] == 13


cdef inline int cover(const Board *b, int card) noexcept nogil:
    cdef int row = b.row_of[card]
    if row < 0:
        return 0
    return b.length[row] - 1 - b.depth_of[card]


cdef int score(const Board *b) noexcept nogil:
    """reference.score."""
    cdef int suit, top
    cdef int value = W_HOME * (b.foundation[0] + b.foundation[1] + b.foundation[2] + b.foundation[3])
    value -= W_CELL * b.ncells
    for suit in range(4):
        top = b.foundation[suit]
        if top < 13:
            value -= W_NEXT_COVER * cover(b, suit * 13 + top)
        if top < 12:
            value -= W_SECOND_COVER * cover(b, suit * 13 + top + 1)
    return value


cdef void relocate(Board *b, int card, int source, int target) noexcept nogil:
    """Move ``card`` from ``source`` to ``target``, keeping the hash (no
    legality check: moves come from the generator, and undo is the reverse
    relocation)."""
    cdef int k, depth
    if source < LOC_CELL:
        b.length[source] -= 1
        b.hash -= zobrist_of(source, b.length[source], card)
    elif source == LOC_CELL:
        k = 0
        while b.cells[k] != card:
            k += 1
        while k + 1 < b.ncells:
            b.cells[k] = b.cells[k + 1]
            k += 1
        b.ncells -= 1
        b.hash -= zobrist_of(HASH_CELL_SLOT, 0, card)
    else:
        b.foundation[card // 13] -= 1
    if target < LOC_CELL:
        depth = b.length[target]
        b.rows[target][depth] = card
        b.row_of[card] = target
        b.depth_of[card] = depth
        b.length[target] += 1
        b.hash += zobrist_of(target, depth, card)
    elif target == LOC_CELL:
        k = b.ncells
        while k > 0 and b.cells[k - 1] > card:
            b.cells[k] = b.cells[k - 1]
            k -= 1
        b.cells[k] = card
        b.ncells += 1
        b.row_of[card] = -1
        b.hash += zobrist_of(HASH_CELL_SLOT, 0, card)
    else:
        # Legal, so the foundation held card % 13: the reference's
        # "top = rank" is this increment.
        b.foundation[card // 13] += 1
        b.row_of[card] = -1


cdef inline uint64_t hash_after(const Board *b, Step m) noexcept nogil:
    """The hash of the position after ``m``, without making it."""
    cdef uint64_t h = b.hash
    if m.source < LOC_CELL:
        h -= zobrist_of(m.source, b.length[m.source] - 1, m.card)
    elif m.source == LOC_CELL:
        h -= zobrist_of(HASH_CELL_SLOT, 0, m.card)
    if m.target < LOC_CELL:
        h += zobrist_of(m.target, b.length[m.target], m.card)
    elif m.target == LOC_CELL:
        h += zobrist_of(HASH_CELL_SLOT, 0, m.card)
    return h


cdef inline int score_after(Board *b, Step m) noexcept nogil:
    cdef int value
    relocate(b, m.card, m.source, m.target)
    value = score(b)
    relocate(b, m.card, m.target, m.source)
    return value


# ------------------------------------------------------------------ moves
cdef int generate(const Board *b, const Layout *r, Step *out) noexcept nogil:
    """Every legal move in Position.legal_moves order (butterfly/ext/_moves.pxd); how many."""
    cdef int n = foundation_moves(&b.rows[0][0], b.length, r.nrows, b.cells, b.ncells, b.foundation, out)
    return other_moves(&b.rows[0][0], b.length, r.nrows, b.cells, b.ncells, &r.can_build[0][0],
                       r.empty_rows_take_any, r.last_card_to_foundation_only, r.cells_one_way, r.max_cells, out, n)


# ------------------------------------------------------------------ seen
cdef inline uint64_t home_slot(uint64_t key) noexcept nogil:
    return key >> (64 - SEEN_BITS)  # the hash is a sum of mixed words: its high bits are as good as any


cdef bint seen_has(const Seen *t, uint64_t key) noexcept nogil:
    cdef uint64_t i
    if key == 0:
        return t.has_zero
    i = home_slot(key)
    while t.slots[i]:
        if t.slots[i] == key:
            return True
        i = (i + 1) & (SEEN_CAPACITY - 1)
    return False


cdef void seen_add(Seen *t, uint64_t key) noexcept nogil:
    """Add a key not yet in the set (the candidates are exactly those)."""
    cdef uint64_t i
    if key == 0:
        t.has_zero = True
        return
    i = home_slot(key)
    while t.slots[i]:
        i = (i + 1) & (SEEN_CAPACITY - 1)
    t.slots[i] = key


cdef void seen_remove_newest(Seen *t, uint64_t key) noexcept nogil:
    """Remove the key added last. Every slot it probed past was full when it
    was added and, the newer keys being gone, still is: emptying its slot
    restores the table as it was before the key came."""
    cdef uint64_t i
    if key == 0:
        t.has_zero = False
        return
    i = home_slot(key)
    while t.slots[i] != key:
        i = (i + 1) & (SEEN_CAPACITY - 1)
    t.slots[i] = 0


# ------------------------------------------------------------------ game
cdef int candidates(Game *g, const Layout *r, Step *out, uint64_t *keys) noexcept nogil:
    """reference.Game.candidates: the legal moves whose result is not yet
    met, with those results' hashes; how many."""
    cdef int n = generate(&g.board, r, out)
    cdef int k, kept = 0
    cdef uint64_t key
    for k in range(n):
        key = hash_after(&g.board, out[k])
        if not seen_has(&g.seen, key):
            out[kept] = out[k]
            keys[kept] = key
            kept += 1
    return kept


cdef inline void advance(Game *g, Step m, uint64_t key) noexcept nogil:
    relocate(&g.board, m.card, m.source, m.target)
    seen_add(&g.seen, key)
    g.moves[g.nmoves] = m
    g.nmoves += 1
    g.keys[g.nmoves] = key


cdef inline void retreat(Game *g) noexcept nogil:
    """Undo the last move and forget its position (the newest key)."""
    seen_remove_newest(&g.seen, g.keys[g.nmoves])
    g.nmoves -= 1
    relocate(&g.board, g.moves[g.nmoves].card, g.moves[g.nmoves].target, g.moves[g.nmoves].source)


cdef int pick(uint64_t *rng, const int *values, int n) noexcept nogil:
    """reference._pick: the first best index, or one uniform draw among the tied."""
    cdef int k, best = values[0], tied = 0, draw
    for k in range(n):
        if values[k] > best:
            best = values[k]
            tied = 1
        elif values[k] == best:
            tied += 1
    draw = 0 if tied == 1 else <int>below(rng, tied)
    for k in range(n):
        if values[k] == best:
            if draw == 0:
                return k
            draw -= 1
    return 0  # not reached


cdef int pick_pair(uint64_t *rng, const int *first, const int *second, int n) noexcept nogil:
    """reference._pick over (first, second) tuples: compared lexicographically."""
    cdef int k, tied = 0, draw
    cdef int best_first = first[0], best_second = second[0]
    for k in range(n):
        if first[k] > best_first or (first[k] == best_first and second[k] > best_second):
            best_first = first[k]
            best_second = second[k]
            tied = 1
        elif first[k] == best_first and second[k] == best_second:
            tied += 1
    draw = 0 if tied == 1 else <int>below(rng, tied)
    for k in range(n):
        if first[k] == best_first and second[k] == best_second:
            if draw == 0:
                return k
            draw -= 1
    return 0  # not reached


cdef int greedy_choice(Game *g, const Step *found, int n, int64_t epsilon_ppm) noexcept nogil:
    cdef int values[MAX_CANDIDATES]
    cdef int k
    if epsilon_ppm and <int64_t>below(&g.rng, EPSILON_SCALE) < epsilon_ppm:
        return <int>below(&g.rng, n)
    for k in range(n):
        values[k] = score_after(&g.board, found[k])
    return pick(&g.rng, values, n)


cdef int lookahead_value(Game *g, const Layout *r, Step m, uint64_t key) noexcept nogil:
    """reference._lookahead_value: the best score of ``m``'s result and the
    results of the moves after it that meet no position met nor ``m``'s."""
    cdef Step after[MAX_CANDIDATES]
    cdef int n, k, value, best
    cdef uint64_t later
    relocate(&g.board, m.card, m.source, m.target)
    best = score(&g.board)
    n = generate(&g.board, r, after)
    for k in range(n):
        later = hash_after(&g.board, after[k])
        if later != key and not seen_has(&g.seen, later):
            value = score_after(&g.board, after[k])
            if value > best:
                best = value
    relocate(&g.board, m.card, m.target, m.source)
    return best


cdef bint greedy_game(Game *g, const Layout *r, int limit) noexcept nogil:
    """reference._greedy_game with the move count ``limit`` counted from the
    start of the whole game; True if won."""
    cdef Step found[MAX_CANDIDATES]
    cdef uint64_t keys[MAX_CANDIDATES]
    cdef int n, choice
    while not is_won(&g.board):
        g.steps += 1
        if g.nmoves >= limit or stopping(g.steps, &g.stopped):
            return False
        n = candidates(g, r, found, keys)
        if n == 0:
            return False
        choice = 0 if n == 1 else greedy_choice(g, found, n, 0)
        advance(g, found[choice], keys[choice])
    return True


cdef int rollout_choice(Game *g, const Layout *r, const Step *found, const uint64_t *keys, int n,
                        int horizon, bint *won) noexcept nogil:
    """reference._rollout_choice. When a trial wins, it is left played (the
    candidate and its greedy game) and ``won`` is set; otherwise every trial
    is undone."""
    cdef int final[MAX_CANDIDATES]
    cdef int first[MAX_CANDIDATES]
    cdef int k, start
    cdef int length = GAME_MAX_MOVES - g.nmoves - 1
    if horizon and horizon < length:
        length = horizon
    won[0] = False
    for k in range(n):
        advance(g, found[k], keys[k])
        start = g.nmoves
        if greedy_game(g, r, start + length):
            won[0] = True
            return k
        final[k] = score(&g.board)
        while g.nmoves > start:
            retreat(g)
        first[k] = score(&g.board)
        retreat(g)
    return pick_pair(&g.rng, final, first, n)


cdef bint run(Game *g, const Layout *r, int policy, int64_t epsilon_ppm, int horizon) noexcept nogil:
    """reference.play's loop; True if won."""
    cdef Step found[MAX_CANDIDATES]
    cdef uint64_t keys[MAX_CANDIDATES]
    cdef int values[MAX_CANDIDATES]
    cdef int n, k, choice
    cdef bint won
    while not is_won(&g.board):
        if g.nmoves >= GAME_MAX_MOVES or g.stopped:
            return False
        n = candidates(g, r, found, keys)
        if n == 0:
            return False
        if n == 1:
            choice = 0
        elif policy == POLICY_RANDOM:
            choice = -1
            for k in range(n):
                if found[k].target == LOC_FOUNDATION:
                    choice = k
                    break
            if choice < 0:
                choice = <int>below(&g.rng, n)
        elif policy == POLICY_GREEDY:
            choice = greedy_choice(g, found, n, epsilon_ppm)
        elif policy == POLICY_LOOKAHEAD:
            for k in range(n):
                values[k] = lookahead_value(g, r, found[k], keys[k])
            choice = pick(&g.rng, values, n)
        else:
            choice = rollout_choice(g, r, found, keys, n, horizon, &won)
            if won:
                return True
        advance(g, found[choice], keys[choice])
    return True


# ------------------------------------------------------------------ entry
cdef load(Game *g, Layout *r, rows, cells, foundations, can_build, bint cells_one_way, int max_cells,
          bint empty_rows_take_any, bint last_card_to_foundation_only):
    """Fill the C game and rules from Python lists of card indexes."""
    cdef int i, j, c, depth
    cdef Board *b = &g.board
    cdef uint8_t placed[NCARDS]
    if len(rows) > MAX_ROWS:
        raise ValueError(f"at most {MAX_ROWS} rows, not {len(rows)}")
    if len(cells) > max_cells:
        raise ValueError(f"{len(cells)} cards in {max_cells} cells")
    if len(foundations) != 4 or any(not 0 <= f <= 13 for f in foundations):
        raise ValueError("foundations must be 4 ranks, each 0 to 13")
    cdef const uint8_t[:] build_table = can_build
    if build_table.shape[0] != NCARDS * NCARDS:
        raise ValueError("can_build must hold 52 x 52 bytes")
    memset(g, 0, sizeof(Game))
    memset(r, 0, sizeof(Layout))
    memset(placed, 0, sizeof(placed))
    r.nrows = len(rows)
    r.max_cells = max_cells
    r.cells_one_way = cells_one_way
    r.empty_rows_take_any = empty_rows_take_any
    r.last_card_to_foundation_only = last_card_to_foundation_only
    for c in range(NCARDS):
        for j in range(NCARDS):
            r.can_build[c][j] = build_table[c * NCARDS + j]
        b.row_of[c] = -1
    for i in range(4):
        b.foundation[i] = foundations[i]
    every = [card for row in rows for card in row] + list(cells)
    for card in every:
        if not 0 <= card < NCARDS:
            raise ValueError(f"card index {card} out of range (0 to 51)")
        c = card
        if placed[c]:
            raise ValueError(f"card index {card} is placed twice")
        placed[c] = 1
    # No card twice, so no row is longer than the deck: it fits MAX_ROW_LEN.
    for i, row in enumerate(rows):
        for depth, c in enumerate(row):
            b.rows[i][depth] = c
            b.row_of[c] = i
            b.depth_of[c] = depth
            b.hash += zobrist_of(i, depth, c)
        b.length[i] = len(row)
    for c in sorted(cells):
        b.cells[b.ncells] = c
        b.ncells += 1
        b.hash += zobrist_of(HASH_CELL_SLOT, 0, c)
    g.keys[0] = b.hash
    seen_add(&g.seen, b.hash)


def play(*, rows, cells, foundations, can_build, bint cells_one_way, max_cells, bint empty_rows_take_any,
         bint last_card_to_foundation_only, policy, seed, epsilon_ppm=0, horizon=0):
    """Play a position (card indexes, as ``butterfly.ext._patience.Search`` takes it)
    to its end with ``policy`` (RANDOM, GREEDY, LOOKAHEAD, ROLLOUT), the
    random stream seeded with ``seed`` (any int, taken mod 2**64);
    ``epsilon_ppm``: greedy's random moves per million (0..1,000,000);
    ``horizon``: the rollouts' length (0: to the end).

    Returns (won, moves) with moves as (card, source, target): rows 0..,
    PLACE_CELL, PLACE_FOUNDATION.
    """
    cdef Game g
    cdef Layout r
    cdef bint won
    cdef int64_t eps
    cdef int steps, code
    # Numbers checked as Python ints first: out of range is a ValueError, never an OverflowError.
    if policy not in _POLICY_CODES:
        raise ValueError(f"unknown policy {policy!r}")
    if not 0 <= max_cells <= MAX_CELLS:
        raise ValueError(f"max_cells must be 0 to {MAX_CELLS}, not {max_cells}")
    if not 0 <= epsilon_ppm <= EPSILON_SCALE:
        raise ValueError(f"epsilon_ppm must be 0 to {EPSILON_SCALE}, not {epsilon_ppm}")
    if horizon < 0:
        raise ValueError(f"horizon must be 0 (none) or more, not {horizon}")
    code = policy
    eps = epsilon_ppm
    steps = min(horizon, GAME_MAX_MOVES)  # no trial is longer than a game anyway
    load(&g, &r, rows, cells, foundations, can_build, cells_one_way, max_cells, empty_rows_take_any,
         last_card_to_foundation_only)
    g.rng = seed & 0xFFFFFFFFFFFFFFFF
    with nogil:
        won = run(&g, &r, code, eps, steps)
    if g.stopped:
        raise_pending()
    return bool(won), [(g.moves[k].card, g.moves[k].source, g.moves[k].target) for k in range(g.nmoves)]


def zobrist(int slot, int depth, int card):
    """reference.zobrist, as the kernel computes it."""
    return zobrist_of(slot, depth, card)
