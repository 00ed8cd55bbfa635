# Declarations of the La Mouche trick-play kernel (see _mouche.pyx).

from libc.stdint cimport uint64_t, uint32_t

cdef enum:
    MAX_SEATS = 6
    NCARDS = 52

ctypedef struct Entry:
    uint64_t hands[MAX_SEATS]
    uint32_t generation
    int leader
    int mode            # -1: max-n; p >= 0: paranoid for player p
    int value           # max-n: future tricks packed 3 bits per player
    int lower           # paranoid bounds on future tricks
    int upper

ctypedef struct Search:
    int m               # players in the hand, in order of play
    int trump
    int suit_of[NCARDS]     # the suit a card counts as (the Pamphile: trumps)
    int power[NCARDS]       # strength within its suit (the Pamphile: 14)
    uint64_t hands[MAX_SEATS]
    int trick[MAX_SEATS]    # cards of the trick in progress, in order
    int trick_n
    int leader
    unsigned int live[4]    # per suit (as played), a bit per power of each card still in play
    long long nodes
