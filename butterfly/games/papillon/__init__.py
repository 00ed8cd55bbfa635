"""Papillon (1725): rules, whole games, position files."""
