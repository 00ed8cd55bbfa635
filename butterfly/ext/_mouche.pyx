# La Mouche trick-play kernel: exact max-n and paranoid searches of the card
# play from any point of a hand, in C.
#
# It restates the play rules of butterfly/games/mouche/rules.py (follow, trump, beat,
# the exemption when outtrumped); tests/solver/mouche/test_kernel.py keeps it
# equal to the pure-Python oracle butterfly/solver/mouche/reference.py. The wrapper is
# butterfly/solver/mouche/kernel.py.
#
# Speed-ups, none of which changes a value:
# - a transposition table at trick boundaries (what follows a boundary
#   depends only on the hands left and who leads);
# - equivalent cards: two cards of one holder, of the same suit (as played)
#   with no card still in play ranked between them, lead to the same values,
#   so only the first (in the search order) is searched;
# - the table is keyed by relative hands (relative_hands), so positions that
#   differ only by which cards have already gone share an entry;
# - max-n stops at a card that wins the mover every trick left;
# - alpha-beta with bounds in the table for the paranoid search.
#
# Cards are tried by suit as played, then weakest first (the order also
# breaks max-n ties). Every rule and speed-up only compares cards of one
# suit, so values are the same for positions equal up to relabelling the
# cards of a suit in order: that is what makes the table key and the
# equivalent cards exact.

from libc.stdint cimport uint64_t, uint32_t
from libc.stdlib cimport calloc
from libc.string cimport memcpy, memset

from butterfly.ext._signals cimport stopping, raise_pending

cdef int TABLE_BITS = 16

#: The keys of a position (butterfly.solver.mouche.kernel.kernel_position), exactly.
INPUT_FIELDS = ("players", "trump", "pamphile", "power", "hands", "trick", "leader")
#: The most players a hand may have, and the cards (so the tricks) each holds.
MOST_SEATS = MAX_SEATS
HAND_SIZE = HAND_CARDS
cdef Entry *_table = NULL
cdef uint32_t _generation = 0

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


cdef inline uint64_t bit(int code) noexcept nogil:
    return (<uint64_t>1) << code


cdef inline uint64_t suit_mask(int suit) noexcept nogil:
    return (<uint64_t>0xFFFF) << (16 * suit)


cdef inline int strength(const Search *s, int code, int led) noexcept nogil:
    if code >> 4 == s.trump:
        return 200 + (code & 15)
    if code >> 4 == led:
        return 100 + (code & 15)
    return 0


cdef uint64_t beating(const Search *s, uint64_t cards, int suit, int best) noexcept nogil:
    """Those of ``cards`` (all of ``suit``) that beat a trick whose best card
    has strength ``best``."""
    cdef int floor
    if suit == s.trump:
        floor = best - 200 if best >= 200 else 0
    elif best >= 200:
        return 0
    else:
        floor = best - 100
    return cards & ~((bit(16 * suit + floor) << 1) - 1)


cdef uint64_t legal(const Search *s, int player) noexcept nogil:
    """The engine's MoucheHand.playable, on masks."""
    cdef uint64_t hand = s.hands[player]
    cdef uint64_t follow, trumps, beat
    cdef int led, best, k, v
    if s.trick_n == 0:
        return hand
    led = s.trick[0] >> 4
    best = 0
    for k in range(s.trick_n):
        v = strength(s, s.trick[k], led)
        if v > best:
            best = v
    follow = hand & suit_mask(led)
    if follow:
        beat = beating(s, follow, led, best)
        return beat if beat else follow
    trumps = hand & suit_mask(s.trump)
    if not trumps:
        return hand
    beat = beating(s, trumps, s.trump, best)
    if beat:
        return beat
    if best >= 200:
        return hand
    return trumps


cdef int trick_winner(const Search *s) noexcept nogil:
    """Offset from the leader of the winner of the full trick."""
    cdef int led = s.trick[0] >> 4
    cdef int k, v, best = -1, who = 0
    for k in range(s.trick_n):
        v = strength(s, s.trick[k], led)
        if v > best:
            best = v
            who = k
    return who


cdef inline bint equivalent(const Search *s, int a, int b) noexcept nogil:
    """Same suit, and no card still in play (held, or in the trick) ranks
    between a and b (a < b)."""
    return a >> 4 == b >> 4 and (s.in_play & (bit(b) - 1) & ~((bit(a) << 1) - 1)) == 0


cdef void relative_hands(const Search *s, uint64_t *out) noexcept nogil:
    """The hands with every card renumbered by its place among the cards of
    its suit still in play (a suit's weakest card in play is bit 16 * suit).
    At a trick boundary this is all the future depends on: the play rules
    only compare cards of one suit, and the order cards are tried in is the
    same order. So it is the transposition table's key, and positions that
    differ only by which cards have gone are searched once."""
    cdef uint64_t rest = s.in_play, b
    cdef int code, k, suit = -1, place = 0
    for k in range(s.m):
        out[k] = 0
    while rest:
        code = __builtin_ctzll(rest)
        rest &= rest - 1
        if code >> 4 != suit:
            suit = code >> 4
            place = 16 * suit
        b = bit(code)
        for k in range(s.m):
            if s.hands[k] & b:
                out[k] |= bit(place)
                break
        place += 1


cdef uint64_t key_hash(const Search *s, const uint64_t *key, int mode) noexcept nogil:
    cdef uint64_t h = <uint64_t>(s.leader * 7 + mode + 11)
    cdef int k
    for k in range(s.m):
        h = (h ^ key[k]) * <uint64_t>0x9E3779B97F4A7C15
        h ^= h >> 29
    return h


cdef Entry *probe(const Search *s, const uint64_t *key, int mode) noexcept nogil:
    cdef Entry *e = &_table[key_hash(s, key, mode) & ((1 << TABLE_BITS) - 1)]
    cdef int k
    if e.generation != _generation or e.leader != s.leader or e.mode != mode:
        return NULL
    for k in range(s.m):
        if e.hands[k] != key[k]:
            return NULL
    return e


cdef Entry *slot(const Search *s, const uint64_t *key, int mode) noexcept nogil:
    cdef Entry *e = &_table[key_hash(s, key, mode) & ((1 << TABLE_BITS) - 1)]
    cdef int k
    e.generation = _generation
    e.leader = s.leader
    e.mode = mode
    for k in range(s.m):
        e.hands[k] = key[k]
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
    """The legal cards, one per class of equivalent cards, in the search order."""
    cdef uint64_t rest = legal(s, player)
    cdef int n = 0, c, previous = -1
    while rest:
        c = __builtin_ctzll(rest)
        rest &= rest - 1
        # Legal cards come by suit, weakest first, and equivalence chains
        # through neighbours: a card equivalent to the previous legal card
        # belongs to a class already represented.
        if previous < 0 or not equivalent(s, previous, c):
            out[n] = c
            n += 1
        previous = c
    return n


cdef int play(Search *s, int player, int card, int *saved) noexcept nogil:
    """Play a card; returns the winner's seat when it ends the trick, else -1."""
    cdef int w, k
    s.hands[player] &= ~bit(card)
    s.trick[s.trick_n] = card
    s.trick_n += 1
    if s.trick_n < s.m:
        return -1
    memcpy(saved, s.trick, sizeof(int) * MAX_SEATS)
    saved[MAX_SEATS] = s.leader
    w = (s.leader + trick_winner(s)) % s.m
    for k in range(s.m):  # the trick's cards leave play
        s.in_play &= ~bit(s.trick[k])
    s.trick_n = 0
    s.leader = w
    return w


cdef void unplay(Search *s, int player, int card, int winner, const int *saved) noexcept nogil:
    cdef int k
    if winner >= 0:
        memcpy(s.trick, saved, sizeof(int) * MAX_SEATS)
        s.leader = saved[MAX_SEATS]
        s.trick_n = s.m
        for k in range(s.m):
            s.in_play |= bit(s.trick[k])
    s.trick_n -= 1
    s.hands[player] |= bit(card)


cdef int last_trick_winner(Search *s) noexcept nogil:
    """At a trick boundary with one card in every hand, who takes the last
    trick: every card is forced, so no search is needed."""
    cdef int k, p, c, v, best = -1, who = 0, led
    led = __builtin_ctzll(s.hands[s.leader]) >> 4
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
    cdef int cards[HAND_CARDS]
    cdef int saved[MAX_SEATS + 1]
    cdef int child[MAX_SEATS]
    cdef int best[MAX_SEATS]
    cdef uint64_t key[MAX_SEATS]
    cdef int k, i, n, p, w, most
    cdef bint boundary = s.trick_n == 0
    cdef Entry *e
    s.nodes += 1
    if stopping(s.nodes, &s.stopped):
        memset(out, 0, sizeof(int) * s.m)  # unused: the caller raises
        return
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
        relative_hands(s, key)
        e = probe(s, key, -1)
        if e != NULL:
            unpack(e.value, out, s.m)
            return
    p = (s.leader + s.trick_n) % s.m
    most = __builtin_popcountll(s.hands[p])  # p cannot win more tricks than are left
    n = candidates(s, p, cards)
    for i in range(n):
        w = play(s, p, cards[i], saved)
        maxn(s, child)
        if w >= 0:
            child[w] += 1
        unplay(s, p, cards[i], w, saved)
        if i == 0 or child[p] > best[p]:
            memcpy(best, child, sizeof(int) * MAX_SEATS)
            if best[p] == most:  # no later card can do strictly better
                break
    memcpy(out, best, sizeof(int) * s.m)
    if boundary:
        slot(s, key, -1).value = pack(out, s.m)


cdef int paranoid(Search *s, int target, int alpha, int beta) noexcept nogil:
    """Future tricks of ``target`` when everyone else plays against them."""
    cdef int cards[HAND_CARDS]
    cdef int saved[MAX_SEATS + 1]
    cdef uint64_t key[MAX_SEATS]
    cdef int i, n, p, w, v, bonus, best, a0 = alpha, b0 = beta
    cdef bint boundary = s.trick_n == 0
    cdef Entry *e
    s.nodes += 1
    if stopping(s.nodes, &s.stopped):
        return 0  # unused: the caller raises
    if boundary:
        if s.hands[s.leader] == 0:
            return 0
        if __builtin_popcountll(s.hands[s.leader]) == 1:
            return 1 if last_trick_winner(s) == target else 0
        relative_hands(s, key)
        e = probe(s, key, target)
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
        e = slot(s, key, target)
        e.lower = best if best > a0 else 0
        e.upper = best if best < b0 else HAND_CARDS
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

cdef int _load(Search *s, dict position, int *card_of) except -1:
    """Read a position; ``card_of`` receives the card number of each code."""
    global _table, _generation
    cdef int k, c
    cdef int codes[NCARDS]
    if len(position) != len(INPUT_FIELDS) or any(name not in position for name in INPUT_FIELDS):
        raise ValueError(f"a position has exactly the fields {', '.join(INPUT_FIELDS)}")
    if _table == NULL:
        _table = <Entry *>calloc(1 << TABLE_BITS, sizeof(Entry))
        if _table == NULL:
            raise MemoryError()
    _generation += 1
    s.m = position["players"]
    if not 1 <= s.m <= MAX_SEATS:
        raise ValueError("1 to 6 players in the hand")
    s.trump = position["trump"]
    power = position["power"]
    for c in range(NCARDS):
        codes[c] = 16 * (c // 13) + power[c % 13]
    if position["pamphile"]:
        codes[10] = 16 * s.trump + 14  # the jack of clubs: the top trump
    for c in range(NCARDS):
        card_of[codes[c]] = c
    s.in_play = 0
    for k in range(s.m):
        s.hands[k] = 0
        for c in position["hands"][k]:
            s.hands[k] |= bit(codes[c])
        s.in_play |= s.hands[k]
    s.trick_n = len(position["trick"])
    for k in range(s.trick_n):
        s.trick[k] = codes[position["trick"][k]]
        s.in_play |= bit(s.trick[k])
    s.leader = position["leader"]
    s.nodes = 0
    s.stopped = False
    return 0


def solve_maxn(dict position):
    """Future tricks of each player (in the position's order) under max-n, and nodes."""
    cdef Search s
    cdef int out[MAX_SEATS]
    cdef int card_of[64]
    _load(&s, position, card_of)
    with nogil:
        maxn(&s, out)
    if s.stopped:
        raise_pending()
    return tuple(out[k] for k in range(s.m)), s.nodes


def solve_paranoid(dict position, int target):
    """Future tricks ``target`` can guarantee, and nodes."""
    cdef Search s
    cdef int v
    cdef int card_of[64]
    _load(&s, position, card_of)
    with nogil:
        v = paranoid_exact(&s, target)
    if s.stopped:
        raise_pending()
    return v, s.nodes


def analyse(dict position):
    """For each legal card of the player to move (search order: by suit as
    played, weakest first): the card, the future tricks of everyone under
    max-n, and the mover's guaranteed future tricks; plus the nodes searched."""
    cdef Search s
    cdef int out[MAX_SEATS]
    cdef int saved[MAX_SEATS + 1]
    cdef int card_of[64]
    cdef int p, w, c, g
    cdef uint64_t rest
    _load(&s, position, card_of)
    p = (s.leader + s.trick_n) % s.m
    rest = legal(&s, p)
    rows = []
    while rest:
        c = __builtin_ctzll(rest)
        rest &= rest - 1
        w = play(&s, p, c, saved)
        with nogil:
            maxn(&s, out)
            g = paranoid_exact(&s, p)
        if s.stopped:
            raise_pending()
        if w >= 0:
            out[w] += 1
            if w == p:
                g += 1
        unplay(&s, p, c, w, saved)
        rows.append((card_of[c], tuple(out[k] for k in range(s.m)), g))
    return rows, s.nodes
