"""The admissible lower bound on the moves left, in C: the twin of ``butterfly/solver/patience/bound.py``.

Every card in play moves at least once, and the cards that must move at
least twice are counted: row by row (the quick bound, ``bound_of`` and
``bound_after`` in ``_bound.pxd``, kept up to date move by move), or all
rows at once (the strong bound, ``moves_twice``: a search of the sets of
cards that move twice, with the parking test where the rules make it
sound); and the A*'s lemmas on which cards a move leaves the count to
(``cycle_cards``, ``keeping_the_count``). docs/solver.md, "The bounds" and
"The search", argues each. The same steps as the twin, counted alike, so
the two give the same numbers at every effort, floor and ceiling; the
tests check exactly that.

The A* search (``_shortest.pyx``) cimports what ``_bound.pxd`` declares.
The Python functions at the end are for the tests (butterfly.solver.patience.kernel
wraps them): the same numbers of a position given as
``butterfly.solver.patience.kernel.kernel_fields`` gives it.
"""

from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t
from libc.string cimport memset, memcpy

from butterfly.ext._patience cimport NCARDS, MAX_ROWS, MAX_CELLS, MAX_ROW_LEN, UNDER_FOUNDATION
from butterfly.ext._position cimport init_zobrist, load, dead_ends_sound, __builtin_ctzll

cdef extern from *:
    int __builtin_popcountll(unsigned long long x) nogil

init_zobrist()  # (load keys its positions: each module has its own Zobrist words, butterfly/ext/_position.pxd)


# ------------------------------------------------------------------ the quick bound
cdef int row_extra(const uint8_t *row, int n, bint innermost_stays, uint64_t stays) noexcept nogil:
    """butterfly.solver.patience.bound.row_extra: the cards of the row that must
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


# ------------------------------------------------------------------ the strong bound
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
    """butterfly.solver.patience.bound.moves_twice: the fewest cards that must move
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
    """butterfly.solver.patience.bound.keeping_the_count, as a bit per card."""
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
    """butterfly.solver.patience.bound.cards_on_cycles, as a bit per card: the cards
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


# ------------------------------------------------------------------ for the tests
cdef int load_fields(State *s, Rules *r, dict fields) except -1:
    """``load`` a position given as butterfly.solver.patience.kernel.kernel_fields gives it."""
    return load(s, r, fields["rows"], fields["cells"], fields["foundations"], fields["can_build"], fields["builders"],
                fields["cells_one_way"], fields["max_cells"], fields["empty_rows_take_any"],
                fields["last_card_to_foundation_only"], fields["safe_autoplay"], fields["hosts"], fields["dead_ends"],
                fields["next_home_builders"])


def lower_bound(dict fields):
    """butterfly.solver.patience.bound.lower_bound, for the tests."""
    cdef State s
    cdef Rules r
    cdef int extra[MAX_ROWS]
    load_fields(&s, &r, fields)
    return bound_of(&s, &r, extra)


def strong_bound(dict fields, int effort, int floor, int moved=-1, int below=0, bint parking=False, int ceiling=-1):
    """Cards in play plus butterfly.solver.patience.bound.moves_twice, or with
    ``parking`` its moves_parked's second number, for the tests."""
    cdef State s
    cdef Rules r
    cdef int parked, count
    load_fields(&s, &r, fields)
    count = moves_twice(&s, &r, effort, floor, ceiling, moved, below, &parked if parking else NULL)
    return s.in_play + (parked if parking else count)


def cards_on_cycles(dict fields):
    """butterfly.solver.patience.bound.cards_on_cycles (card indexes), for the tests."""
    cdef State s
    cdef Rules r
    cdef uint64_t found
    load_fields(&s, &r, fields)
    found = cycle_cards(&s)
    return frozenset(c for c in range(NCARDS) if (found >> c) & 1)


def cards_keeping_the_count(dict fields, cards, int count, int effort):
    """butterfly.solver.patience.bound.keeping_the_count (card indexes), for the tests."""
    cdef State s
    cdef Rules r
    cdef uint64_t asked = 0, kept
    load_fields(&s, &r, fields)
    for c in cards:
        asked |= <uint64_t> 1 << <int> c
    kept = keeping_the_count(&s, &r, asked, count, effort)
    return frozenset(c for c in range(NCARDS) if (kept >> c) & 1)
