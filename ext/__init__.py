"""Compiled search kernels (Cython). Each has a pure-Python twin in solver/ or
games/ that serves as its test oracle."""
