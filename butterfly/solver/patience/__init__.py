"""Patience search: the front-end, the pruning rules, the reference search, the kernel wrapper, the chain relaxation."""
