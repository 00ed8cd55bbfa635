# Declarations of the La Mouche trick-play kernel (see _mouche.pyx).

from libc.stdint cimport uint64_t, uint32_t

cdef enum:
    MAX_SEATS = 6
    NCARDS = 52
    HAND_CARDS = 5      # cards in a hand at the start of play: the tricks of a hand

# Inside the kernel a card is coded suit * 16 + power: the suit it counts as
# in play (the Pamphile: trumps) and its strength within that suit, 1 (a two)
# to 13 (a king), 14 for the Pamphile. So a hand is one 64-bit mask, a suit's
# cards are 16 consecutive bits, and bit order is the order cards are tried
# in: by suit, then weakest first.

ctypedef struct Entry:
    uint64_t hands[MAX_SEATS]   # relative hands: see relative_hands
    uint32_t generation
    int leader
    int mode            # -1: max-n; p >= 0: paranoid for player p
    int value           # max-n: future tricks packed 3 bits per player
    int lower           # paranoid bounds on future tricks
    int upper

ctypedef struct Search:
    int m               # players in the hand, in order of play
    int trump
    uint64_t hands[MAX_SEATS]
    uint64_t in_play    # every card held or in the trick in progress
    int trick[MAX_SEATS]    # cards of the trick in progress, in order
    int trick_n
    int leader
    long long nodes
    bint stopped        # a signal handler raised: the search unwinds (butterfly/ext/_signals.pxd)
