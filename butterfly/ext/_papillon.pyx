# Papillon endgame kernel: exact capture enumeration on rank counts and the
# max-n / paranoid searches of the last deal (stock empty), in C.
#
# It restates the rules of butterfly/games/papillon/rules.py for the last deal; the
# oracle tests (tests/solver/papillon/test_kernel.py) keep it equal to
# butterfly/solver/papillon/reference.py move for move and chip for chip. The Python
# wrapper is butterfly/solver/papillon/kernel.py.

from libc.string cimport memset

from butterfly.ext._signals cimport stopping, raise_pending

cdef int ACE = 1

#: The keys of a position (butterfly.solver.papillon.kernel.kernel_position), exactly.
INPUT_FIELDS = (
    "players", "dealer", "classic", "hands", "table", "chips", "taken", "pool", "to_move", "last_trailer",
    "papillons", "stake",
)
#: The most players a position may have, and the cards each is dealt.
MOST_PLAYERS = MAX_PLAYERS
HAND_SIZE = HAND_CARDS


cdef inline int card_value(int rank) noexcept nogil:
    return rank if rank < 10 else 10


cdef int _sums(int remaining, int lowest, int *chosen, int depth, int *used,
               const int *table, int rank, Capture *out, int count) noexcept nogil:
    # Depth-first over non-decreasing parts: yields the sums in lexicographic order.
    cdef int r, top, k
    if remaining == 0:
        if depth >= 2:
            out[count].rank = rank
            out[count].nplayed = 1
            out[count].nparts = depth
            for k in range(depth):
                out[count].parts[k] = chosen[k]
            return count + 1
        return count
    top = remaining if remaining < 9 else 9
    for r in range(lowest, top + 1):
        if used[r] < table[r] and depth < MAX_PARTS:
            used[r] += 1
            chosen[depth] = r
            count = _sums(remaining - r, r, chosen, depth + 1, used, table, rank, out, count)
            used[r] -= 1
    return count


cdef int capture_sets(int rank, const int *table, Capture *out) noexcept nogil:
    """Every distinct capture by one card of ``rank``, in the engine's order:
    the match, the hanneton, then the sums in lexicographic order."""
    cdef int count = 0
    cdef int chosen[MAX_PARTS]
    cdef int used[NRANKS]
    if table[rank]:
        out[0].rank = rank
        out[0].nplayed = 1
        out[0].nparts = 1
        out[0].parts[0] = rank
        count = 1
        if table[rank] == 3:
            out[1].rank = rank
            out[1].nplayed = 1
            out[1].nparts = 3
            out[1].parts[0] = rank
            out[1].parts[1] = rank
            out[1].parts[2] = rank
            count = 2
    if rank <= 9:
        memset(used, 0, sizeof(used))
        count = _sums(card_value(rank), 1, chosen, 0, used, table, rank, out, count)
    return count


cdef int legal_moves(const State *s, Capture *out) noexcept nogil:
    cdef int p = s.to_move
    cdef int r, count = 0
    for r in range(1, NRANKS):
        if s.hand[p][r]:
            count += capture_sets(r, s.table, out + count)
    for r in range(1, NRANKS):
        if s.hand[p][r] == 3 and s.table[r] == 1:
            out[count].rank = r
            out[count].nplayed = 3
            out[count].nparts = 1
            out[count].parts[0] = r
            count += 1
    if count == 0:
        out[0].rank = 0
        out[0].nplayed = s.hand_size[p]
        out[0].nparts = 0
        count = 1
    return count


cdef inline void collect(State *s, int player, int each) noexcept nogil:
    cdef int q
    for q in range(s.n):
        s.chips[q] -= each
    s.chips[player] += each * s.n


cdef int ace_payment(const Capture *m) noexcept nogil:
    cdef int k, aces = 0
    for k in range(m.nparts):
        if m.parts[k] == ACE:
            aces += 1
    if m.rank == ACE:
        return m.nplayed + aces
    if aces and aces == m.nparts and aces == m.rank:
        return 2 * aces
    return aces


cdef void settle(State *s) noexcept nogil:
    cdef int k, seat, collector, most, leaders, leader
    s.winner = -1
    for k in range(s.n):
        seat = (s.dealer - k + s.n) % s.n
        if s.papillons & (1 << seat):
            s.winner = seat
            break
    collector = s.winner if s.winner >= 0 else s.last_trailer
    if collector >= 0:
        s.taken[collector] += s.table_size
    memset(s.table, 0, sizeof(s.table))
    s.table_size = 0
    if s.winner >= 0:
        s.chips[s.winner] += s.pool
        s.pool = 0
    elif s.classic and s.last_trailer >= 0:
        collect(s, s.last_trailer, 1)
    most = -1
    leaders = 0
    leader = -1
    for k in range(s.n):
        if s.taken[k] > most:
            most = s.taken[k]
            leaders = 1
            leader = k
        elif s.taken[k] == most:
            leaders += 1
    if leaders == 1:
        if s.classic:
            collect(s, leader, s.stake)
        elif s.winner < 0:
            s.chips[leader] += s.pool
            s.pool = 0
    s.to_move = -1


cdef void play(State *s, const Capture *m) noexcept nogil:
    """Apply a move of the last deal (the stock is empty)."""
    cdef int p = s.to_move
    cdef int r, k, aces, paid, step, seat
    if m.nparts == 0:  # trail the whole hand
        aces = s.hand[p][ACE]
        paid = s.hand_size[p] - (0 if s.classic else aces)
        s.chips[p] -= paid
        s.pool += paid
        if aces:
            collect(s, p, aces)
        for r in range(1, NRANKS):
            s.table[r] += s.hand[p][r]
            s.hand[p][r] = 0
        s.table_size += s.hand_size[p]
        s.hand_size[p] = 0
        s.last_trailer = p
    else:
        s.hand[p][m.rank] -= m.nplayed
        s.hand_size[p] -= m.nplayed
        for k in range(m.nparts):
            s.table[m.parts[k]] -= 1
        s.table_size -= m.nparts
        s.taken[p] += m.nplayed + m.nparts
        if s.classic:
            collect(s, p, ace_payment(m))
            if m.nplayed == 1 and m.nparts == 3 and m.parts[0] == m.rank and m.parts[2] == m.rank:
                collect(s, p, 1)  # hanneton
            if s.table_size == 0:
                collect(s, p, 1)  # sauterelle
        if s.hand_size[p] == 0:
            if s.classic:
                collect(s, p, 1)  # papillon
            s.papillons |= 1 << p
    for step in range(1, s.n + 1):
        seat = (p + step) % s.n
        if s.hand_size[seat]:
            s.to_move = seat
            return
    settle(s)


ctypedef struct Walk:
    # One call's searches: the nodes met, and whether a signal handler raised
    # (butterfly/ext/_signals.pxd), after which every node returns at once.
    long long nodes
    bint stopped


cdef void maxn(Walk *walk, const State *s, State *leaf) noexcept nogil:
    """The final state reached under max-n play (first best move on ties)."""
    cdef Capture moves[MAX_MOVES]
    cdef State child, end, best
    cdef int count, i, p
    walk.nodes += 1
    if stopping(walk.nodes, &walk.stopped) or s.to_move < 0:
        leaf[0] = s[0]  # (stopped: unused, the caller raises)
        return
    p = s.to_move
    count = legal_moves(s, moves)
    for i in range(count):
        child = s[0]
        play(&child, &moves[i])
        maxn(walk, &child, &end)
        if i == 0 or end.chips[p] > best.chips[p]:
            best = end
    leaf[0] = best


cdef int64_t paranoid(Walk *walk, const State *s, int player, int64_t alpha, int64_t beta) noexcept nogil:
    """What ``player`` can guarantee (alpha-beta; exact inside the window)."""
    cdef Capture moves[MAX_MOVES]
    cdef State child
    cdef int count, i
    cdef int64_t v, best
    walk.nodes += 1
    if stopping(walk.nodes, &walk.stopped) or s.to_move < 0:
        return s.chips[player]  # (stopped: unused, the caller raises)
    count = legal_moves(s, moves)
    if s.to_move == player:
        best = -(1 << 60)
        for i in range(count):
            child = s[0]
            play(&child, &moves[i])
            v = paranoid(walk, &child, player, alpha, beta)
            if v > best:
                best = v
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
    else:
        best = 1 << 60
        for i in range(count):
            child = s[0]
            play(&child, &moves[i])
            v = paranoid(walk, &child, player, alpha, beta)
            if v < best:
                best = v
            if best < beta:
                beta = best
            if alpha >= beta:
                break
    return best


# ---- Python side --------------------------------------------------------------

cdef int _load(State *s, dict position) except -1:
    cdef int p, r
    if len(position) != len(INPUT_FIELDS) or any(name not in position for name in INPUT_FIELDS):
        raise ValueError(f"a position has exactly the fields {', '.join(INPUT_FIELDS)}")
    memset(s, 0, sizeof(State))
    s.n = position["players"]
    if not 3 <= s.n <= MAX_PLAYERS:
        raise ValueError("3 or 4 players")
    s.dealer = position["dealer"]
    s.classic = position["classic"]
    for p in range(s.n):
        for r in position["hands"][p]:
            s.hand[p][r] += 1
            s.hand_size[p] += 1
        s.chips[p] = position["chips"][p]
        s.taken[p] = position["taken"][p]
    for r in position["table"]:
        s.table[r] += 1
        s.table_size += 1
    s.pool = position["pool"]
    s.to_move = position["to_move"]
    s.last_trailer = position["last_trailer"]
    s.papillons = position["papillons"]
    s.stake = position["stake"]
    s.winner = -1
    return 0


cdef tuple _capture_tuple(const Capture *m):
    return (m.rank, m.nplayed, tuple(m.parts[k] for k in range(m.nparts)))


def kernel_capture_sets(int rank, table_counts):
    """:func:`butterfly.games.papillon.capture_sets`, from the kernel."""
    cdef int table[NRANKS]
    cdef Capture out[MAX_MOVES]
    cdef int r, count
    for r in range(NRANKS):
        table[r] = table_counts[r]
    count = capture_sets(rank, table, out)
    return [tuple(out[i].parts[k] for k in range(out[i].nparts)) for i in range(count)]


def kernel_moves(dict position):
    """The legal moves as (rank played, cards played, captured ranks)."""
    cdef State s
    cdef Capture moves[MAX_MOVES]
    _load(&s, position)
    if s.to_move < 0:
        return []
    cdef int count = legal_moves(&s, moves)
    return [_capture_tuple(&moves[i]) for i in range(count)]


def analyse(dict position, bint with_paranoid=True):
    """For each legal move, in order: (max-n chips, winner, paranoid chips of
    the mover), plus the number of nodes searched."""
    cdef State s, child, end
    cdef Capture moves[MAX_MOVES]
    cdef int count, i, p
    cdef int64_t guaranteed = 0
    cdef Walk walk = Walk(0, False)
    _load(&s, position)
    if s.to_move < 0:
        raise ValueError("the hand is over")
    p = s.to_move
    count = legal_moves(&s, moves)
    rows = []
    for i in range(count):
        child = s
        play(&child, &moves[i])
        with nogil:
            maxn(&walk, &child, &end)
            if with_paranoid:
                guaranteed = paranoid(&walk, &child, p, -(1 << 60), 1 << 60)
        if walk.stopped:
            raise_pending()
        rows.append((tuple(end.chips[k] for k in range(s.n)), end.winner, guaranteed))
    return rows, walk.nodes


def solve_maxn(dict position):
    """Everyone's final chips and the winner under max-n, and the nodes searched."""
    cdef State s, end
    cdef Walk walk = Walk(0, False)
    _load(&s, position)
    with nogil:
        maxn(&walk, &s, &end)
    if walk.stopped:
        raise_pending()
    return tuple(end.chips[k] for k in range(s.n)), end.winner, walk.nodes


def solve_paranoid(dict position, int player):
    """What ``player`` can guarantee, and the nodes searched."""
    cdef State s
    cdef int64_t v
    cdef Walk walk = Walk(0, False)
    _load(&s, position)
    with nogil:
        v = paranoid(&walk, &s, player, -(1 << 60), 1 << 60)
    if walk.stopped:
        raise_pending()
    return v, walk.nodes


def chance_maxn(dict position, const signed char[:] splits, const long long[:] weights):
    """The redeal as a chance node: for each deal of the stock (``splits``:
    HAND_SIZE ranks per player, player by player, deal after deal) weighted by
    ``weights``, the max-n result from ``position`` with those hands.
    Returns the weighted sums of each player's chip change and of wins."""
    cdef State base, s, end
    cdef int n, p, k, r
    cdef Py_ssize_t d, count = weights.shape[0]
    cdef long long w
    cdef long long gain[MAX_PLAYERS]
    cdef long long won[MAX_PLAYERS]
    cdef Walk walk = Walk(0, False)
    _load(&base, position)
    n = base.n
    if splits.shape[0] != count * n * HAND_CARDS:
        raise ValueError("splits must hold HAND_SIZE ranks per player for every deal")
    for p in range(MAX_PLAYERS):
        gain[p] = 0
        won[p] = 0
    with nogil:
        for d in range(count):
            s = base
            for p in range(n):
                for r in range(NRANKS):
                    s.hand[p][r] = 0
                s.hand_size[p] = HAND_CARDS
                for k in range(HAND_CARDS):
                    s.hand[p][splits[(d * n + p) * HAND_CARDS + k]] += 1
            maxn(&walk, &s, &end)
            if walk.stopped:
                break
            w = weights[d]
            for p in range(n):
                gain[p] += w * (end.chips[p] - base.chips[p])
            if end.winner >= 0:
                won[end.winner] += w
    if walk.stopped:
        raise_pending()
    return tuple(gain[p] for p in range(n)), tuple(won[p] for p in range(n))
