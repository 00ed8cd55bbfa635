# Declarations of the Papillon endgame kernel (see _papillon.pyx).

from libc.stdint cimport int64_t

cdef enum:
    MAX_PLAYERS = 4
    HAND_CARDS = 3     # cards dealt to each player at every deal
    NRANKS = 14        # index 1..13; 0 unused
    MAX_PARTS = 8      # most cards one capture can take
    MAX_MOVES = 96

ctypedef struct Capture:
    int rank           # rank played
    int nplayed        # 1, or 3 for three of a kind taking the fourth
    int nparts         # cards captured (0: a trail)
    int parts[MAX_PARTS]

ctypedef struct State:
    int n
    int dealer
    int classic        # 1725 payments (else the modern scoring)
    int hand[MAX_PLAYERS][NRANKS]
    int hand_size[MAX_PLAYERS]
    int table[NRANKS]
    int table_size
    int64_t chips[MAX_PLAYERS]
    int64_t pool
    int taken[MAX_PLAYERS]
    int to_move        # -1 once the hand is over
    int last_trailer
    int papillons      # bit per seat that made a papillon
    int stake
    int winner

cdef int capture_sets(int rank, const int *table, Capture *out) noexcept nogil
cdef int legal_moves(const State *s, Capture *out) noexcept nogil
cdef void play(State *s, const Capture *m) noexcept nogil
