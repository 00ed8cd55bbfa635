# La Mouche trick-play kernel: exact max-n and paranoid searches of the card
# play from any point of a hand, in C.
#
# It restates the play rules of games/mouche.py (follow, trump, beat, the
# exemption when outtrumped); tests/test_mouche_kernel.py keeps the two equal
# against the pure-Python oracle solver/mouche_reference.py. The wrapper is
# solver/mouche.py.
#
# Speed-ups, none of which changes a value:
# - a transposition table at trick boundaries (what follows a boundary
#   depends only on the hands left and who leads);
# - equivalent cards: two cards of one holder, of the same suit (as played)
#   with no card still in play ranked between them, lead to the same values,
#   so only the first (in the engine's order) is searched;
# - alpha-beta with bounds in the table for the paranoid search.

from libc.stdint cimport uint64_t, uint32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy

cdef int TABLE_BITS = 16
cdef Entry *_table = NULL
cdef uint32_t _generation = 0


cdef inline int strength(const Search *s, int card, int led) noexcept nogil:
    if s.suit_of[card] == s.trump:
        return 200 + s.power[card]
    if s.suit_of[card] == led:
        return 100 + s.power[card]
    return 0


cdef inline int lowest_bit(uint64_t x) noexcept nogil:
    return __builtin_ctzll(x)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


cdef uint64_t suit_cards(const Search *s, uint64_t hand, int suit) noexcept nogil:
    cdef uint64_t out = 0, rest = hand
    cdef int c
    while rest:
        c = lowest_bit(rest)
        rest &= rest - 1
        if s.suit_of[c] == suit:
            out |= (<uint64_t>1) << c
    return out


cdef uint64_t beating(const Search *s, uint64_t cards, int led, int best) noexcept nogil:
    cdef uint64_t out = 0, rest = cards
    cdef int c
    while rest:
        c = lowest_bit(rest)
        rest &= rest - 1
        if strength(s, c, led) > best:
            out |= (<uint64_t>1) << c
    return out


cdef uint64_t legal(const Search *s, int player) noexcept nogil:
    """The engine's MoucheHand.playable, on masks."""
    cdef uint64_t hand = s.hands[player]
    cdef uint64_t follow, trumps, beat
    cdef int led, best, k, v
    if s.trick_n == 0:
        return hand
    led = s.suit_of[s.trick[0]]
    best = 0
    for k in range(s.trick_n):
        v = strength(s, s.trick[k], led)
        if v > best:
            best = v
    follow = suit_cards(s, hand, led)
    if follow:
        beat = beating(s, follow, led, best)
        return beat if beat else follow
    trumps = suit_cards(s, hand, s.trump)
    if not trumps:
        return hand
    beat = beating(s, trumps, led, best)
    if beat:
        return beat
    if best >= 200:
        return hand
    return trumps


cdef int trick_winner(const Search *s) noexcept nogil:
    """Offset from the leader of the winner of the full trick."""
    cdef int led = s.suit_of[s.trick[0]]
    cdef int k, v, best = -1, who = 0
    for k in range(s.trick_n):
        v = strength(s, s.trick[k], led)
        if v > best:
            best = v
            who = k
    return who


cdef inline bint equivalent(const Search *s, int a, int b) noexcept nogil:
    """No card still in play (held, or in the trick) ranks between a and b."""
    cdef int lo, hi
    if s.suit_of[a] != s.suit_of[b]:
        return False
    lo = s.power[a] if s.power[a] < s.power[b] else s.power[b]
    hi = s.power[a] + s.power[b] - lo
    return (s.live[s.suit_of[a]] & (((1u << hi) - 1) & ~((2u << lo) - 1))) == 0


cdef uint64_t key_hash(const Search *s, int mode) noexcept nogil:
    cdef uint64_t h = <uint64_t>(s.leader * 7 + mode + 11)
    cdef int k
    for k in range(s.m):
        h = (h ^ s.hands[k]) * <uint64_t>0x9E3779B97F4A7C15
        h ^= h >> 29
    return h


cdef Entry *probe(const Search *s, int mode) noexcept nogil:
    cdef Entry *e = &_table[key_hash(s, mode) & ((1 << TABLE_BITS) - 1)]
    cdef int k
    if e.generation != _generation or e.leader != s.leader or e.mode != mode:
        return NULL
    for k in range(s.m):
        if e.hands[k] != s.hands[k]:
            return NULL
    return e


cdef Entry *slot(Search *s, int mode) noexcept nogil:
    cdef Entry *e = &_table[key_hash(s, mode) & ((1 << TABLE_BITS) - 1)]
    cdef int k
    e.generation = _generation
    e.leader = s.leader
    e.mode = mode
    for k in range(s.m):
        e.hands[k] = s.hands[k]
    return e


cdef int pack(const int *v, int m) noexcept nogil:
    cdef int k, out = 0
    for k in range(m):
        out |= v[k] << (3 * k)
    return out


cdef void unpack(int packed, int *v, int m) noexcept nogil:
    cdef int k
    for k in range(m):
        v[k] = (packed >> (3 * k)) & 7


cdef int candidates(const Search *s, int player, int *out) noexcept nogil:
    """The legal cards, one per class of equivalent cards, in the engine's order."""
    cdef uint64_t rest = legal(s, player)
    cdef int n = 0, c, k
    cdef bint seen
    while rest:
        c = lowest_bit(rest)
        rest &= rest - 1
        seen = False
        for k in range(n):
            if equivalent(s, out[k], c):
                seen = True
                break
        if not seen:
            out[n] = c
            n += 1
    return n


cdef int play(Search *s, int player, int card, int *saved) noexcept nogil:
    """Play a card; returns the winner's seat when it ends the trick, else -1."""
    cdef int w, k, c
    s.hands[player] &= ~((<uint64_t>1) << card)
    s.trick[s.trick_n] = card
    s.trick_n += 1
    if s.trick_n < s.m:
        return -1
    memcpy(saved, s.trick, sizeof(int) * MAX_SEATS)
    saved[MAX_SEATS] = s.leader
    w = (s.leader + trick_winner(s)) % s.m
    for k in range(s.m):  # the trick's cards leave play
        c = s.trick[k]
        s.live[s.suit_of[c]] &= ~(1u << s.power[c])
    s.trick_n = 0
    s.leader = w
    return w


cdef void unplay(Search *s, int player, int card, int winner, const int *saved) noexcept nogil:
    cdef int k, c
    if winner >= 0:
        memcpy(s.trick, saved, sizeof(int) * MAX_SEATS)
        s.leader = saved[MAX_SEATS]
        s.trick_n = s.m
        for k in range(s.m):
            c = s.trick[k]
            s.live[s.suit_of[c]] |= 1u << s.power[c]
    s.trick_n -= 1
    s.hands[player] |= (<uint64_t>1) << card


cdef int last_trick_winner(Search *s) noexcept nogil:
    """At a trick boundary with one card in every hand, who takes the last
    trick: every card is forced, so no search is needed."""
    cdef int k, p, c, v, best = -1, who = 0, led
    led = s.suit_of[__builtin_ctzll(s.hands[s.leader])]
    for k in range(s.m):
        p = (s.leader + k) % s.m
        c = __builtin_ctzll(s.hands[p])
        v = strength(s, c, led)
        if v > best:
            best = v
            who = p
    return who


cdef void maxn(Search *s, int *out) noexcept nogil:
    """Future tricks of each player under max-n (first best card on ties)."""
    cdef int cards[5]
    cdef int saved[MAX_SEATS + 1]
    cdef int child[MAX_SEATS]
    cdef int best[MAX_SEATS]
    cdef int k, i, n, p, w
    cdef bint boundary = s.trick_n == 0
    cdef Entry *e
    s.nodes += 1
    if boundary:
        if s.hands[s.leader] == 0:
            for k in range(s.m):
                out[k] = 0
            return
        if __builtin_popcountll(s.hands[s.leader]) == 1:
            for k in range(s.m):
                out[k] = 0
            out[last_trick_winner(s)] = 1
            return
        e = probe(s, -1)
        if e != NULL:
            unpack(e.value, out, s.m)
            return
    p = (s.leader + s.trick_n) % s.m
    n = candidates(s, p, cards)
    for i in range(n):
        w = play(s, p, cards[i], saved)
        maxn(s, child)
        if w >= 0:
            child[w] += 1
        unplay(s, p, cards[i], w, saved)
        if i == 0 or child[p] > best[p]:
            memcpy(best, child, sizeof(int) * MAX_SEATS)
    memcpy(out, best, sizeof(int) * s.m)
    if boundary:
        slot(s, -1).value = pack(out, s.m)


cdef int paranoid(Search *s, int target, int alpha, int beta) noexcept nogil:
    """Future tricks of ``target`` when everyone else plays against them."""
    cdef int cards[5]
    cdef int saved[MAX_SEATS + 1]
    cdef int k, i, n, p, w, v, bonus, best, a0 = alpha, b0 = beta
    cdef bint boundary = s.trick_n == 0
    cdef Entry *e
    s.nodes += 1
    if boundary:
        if s.hands[s.leader] == 0:
            return 0
        if __builtin_popcountll(s.hands[s.leader]) == 1:
            return 1 if last_trick_winner(s) == target else 0
        e = probe(s, target)
        if e != NULL:
            if e.lower >= beta:
                return e.lower
            if e.upper <= alpha:
                return e.upper
            if e.lower == e.upper:
                return e.lower
            if e.lower > alpha:
                alpha = e.lower
            if e.upper < beta:
                beta = e.upper
    p = (s.leader + s.trick_n) % s.m
    n = candidates(s, p, cards)
    best = -1 if p == target else 99
    for i in range(n):
        w = play(s, p, cards[i], saved)
        bonus = 1 if w == target else 0  # the child's window shifts by the trick just won
        v = bonus + paranoid(s, target, alpha - bonus, beta - bonus)
        unplay(s, p, cards[i], w, saved)
        if p == target:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if boundary:
        e = slot(s, target)
        e.lower = best if best > a0 else 0
        e.upper = best if best < b0 else 5
    return best


cdef int paranoid_exact(Search *s, int target) noexcept nogil:
    """The exact paranoid value by null-window tests "at least k tricks?"
    for k = 1, 2, ...: each test prunes far more than one open window, and
    the bounds the table keeps carry from one test to the next."""
    cdef int k, left = __builtin_popcountll(s.hands[(s.leader + s.trick_n) % s.m])
    for k in range(1, left + 1):
        if paranoid(s, target, k - 1, k) < k:
            return k - 1
    return left


# ---- Python side ------------------------------------------------------------------

cdef int _load(Search *s, dict position) except -1:
    global _table, _generation
    cdef int k
    cdef uint64_t in_play
    if _table == NULL:
        _table = <Entry *>calloc(1 << TABLE_BITS, sizeof(Entry))
        if _table == NULL:
            raise MemoryError()
    _generation += 1
    s.m = position["players"]
    if not 1 <= s.m <= MAX_SEATS:
        raise ValueError("1 to 6 players in the hand")
    s.trump = position["trump"]
    for k in range(NCARDS):
        s.suit_of[k] = k // 13
        s.power[k] = position["power"][k % 13]
    if position["pamphile"]:
        s.suit_of[10] = s.trump  # the jack of clubs
        s.power[10] = 14
    for k in range(s.m):
        s.hands[k] = 0
        for c in position["hands"][k]:
            s.hands[k] |= (<uint64_t>1) << c
    s.trick_n = len(position["trick"])
    for k in range(s.trick_n):
        s.trick[k] = position["trick"][k]
    s.leader = position["leader"]
    s.live[0] = s.live[1] = s.live[2] = s.live[3] = 0
    in_play = 0
    for k in range(s.m):
        in_play |= s.hands[k]
    for k in range(s.trick_n):
        in_play |= (<uint64_t>1) << s.trick[k]
    while in_play:
        k = lowest_bit(in_play)
        in_play &= in_play - 1
        s.live[s.suit_of[k]] |= 1u << s.power[k]
    s.nodes = 0
    return 0


def solve_maxn(dict position):
    """Future tricks of each player (in the position's order) under max-n, and nodes."""
    cdef Search s
    cdef int out[MAX_SEATS]
    _load(&s, position)
    with nogil:
        maxn(&s, out)
    return tuple(out[k] for k in range(s.m)), s.nodes


def solve_paranoid(dict position, int target):
    """Future tricks ``target`` can guarantee, and nodes."""
    cdef Search s
    cdef int v
    _load(&s, position)
    with nogil:
        v = paranoid_exact(&s, target)
    return v, s.nodes


def analyse(dict position):
    """For each legal card of the player to move (engine order): the card, the
    future tricks of everyone under max-n, and the mover's guaranteed future
    tricks; plus the nodes searched."""
    cdef Search s
    cdef int out[MAX_SEATS]
    cdef int saved[MAX_SEATS + 1]
    cdef int p, w, c, g
    cdef uint64_t rest
    _load(&s, position)
    p = (s.leader + s.trick_n) % s.m
    rest = legal(&s, p)
    rows = []
    while rest:
        c = lowest_bit(rest)
        rest &= rest - 1
        w = play(&s, p, c, saved)
        with nogil:
            maxn(&s, out)
            g = paranoid_exact(&s, p)
        if w >= 0:
            out[w] += 1
            if w == p:
                g += 1
        unplay(&s, p, c, w, saved)
        rows.append((c, tuple(out[k] for k in range(s.m)), g))
    return rows, s.nodes
