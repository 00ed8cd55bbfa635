"""Compiled search kernels (Cython). Each has a pure-Python twin in butterfly/solver/ or
butterfly/games/ that serves as its test oracle."""
