"""Difficulty ratings, puzzles with proved answers and the daily calendar."""
