"""Papillon goals in words (butterfly.puzzles.papillon.puzzle.goal_words): the pool is
named as it is now and how it grows until the end of the hand, chips are
counted from now, and what the words say about the pool is the rules'
own: a player who cannot capture pays 1 chip per card laid on the table
(the 1725 scoring; aces excepted under the modern one)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from butterfly.games.papillon.game import play_game
from butterfly.games.papillon.rules import ACE, Options, Scoring
from butterfly.puzzles import cardgame
from butterfly.puzzles.daily import load_calendar
from butterfly.puzzles.papillon import puzzle as papillon
from butterfly.solver.papillon import bots

GAME = papillon.Papillon()
KINDS = {kind.name: kind for kind in GAME.goal_kinds}


@pytest.fixture(scope="module")
def days():
    return {str(day.date): day for day in load_calendar() if day.puzzle.game == "papillon"}


def test_every_calendar_goal_is_the_words_its_position_gives(days):
    """The stored goal of every Papillon day is the one goal_words gives now
    (validate, as prove and check read a puzzle)."""
    assert days
    for day in days.values():
        cardgame.validate(GAME, day.puzzle)


@pytest.mark.parametrize(
    ("date", "now", "taken"),
    [("2027-02-14", 101, 107), ("2027-01-03", 104, 110)],
)
def test_the_pool_named_is_the_pool_now_and_the_answer_takes_it_grown(days, date, now, taken):
    """The answer's line trails cards after the puzzle's position: the pool
    it takes is the pool named plus 1 chip per card trailed."""
    puzzle = days[date].puzzle
    state = GAME.read(puzzle.position)
    mover = state.current_player()
    assert f"holds {now} chips now and gains 1 chip for every card laid on the table" in puzzle.goal
    trailed = 0
    for text in puzzle.solution:
        move = GAME.parse_move(text)
        trailed += len(move.played) if move.is_trail else 0
        state = state.play(move)
    assert state.is_terminal() and now + trailed == taken
    assert [(e.player, e.chips) for e in state.events if e.kind == "pool"] == [(mover, taken)]


def test_chips_are_counted_from_now(days):
    puzzle = days["2027-02-14"].puzzle
    assert puzzle.goal.startswith(
        "You are P1, to play. End the hand with at least 113 chips more than you have now, whatever the others do. "
        "Taking the pool counts: it holds 101 chips now"
    )
    assert puzzle.proof["goal"]["at_least"] - puzzle.position["chips"][1] == 113


def test_the_words_for_every_target_and_scoring(days):
    state = GAME.read(days["2027-02-14"].puzzle.position)
    chips = state.chips[1]

    def words(position, kind, target=1):
        return GAME.goal_words(position, 1, KINDS[kind], target)

    assert words(state, "best-chips", chips + 1)[0] == "end the hand with at least 1 chip more than you have now"
    assert words(state, "best-chips", chips)[0] == "end the hand with at least as many chips as you have now"
    assert words(state, "best-chips", chips - 1)[0] == "end the hand with at most 1 chip fewer than you have now"
    assert words(state, "best-chips", chips - 3)[0] == "end the hand with at most 3 chips fewer than you have now"
    goal, note = words(state, "win-pool")
    assert goal == "win the pool with a papillon: empty your hand by a capture"
    assert note.startswith("The pool holds 101 chips now and gains 1 chip for every card laid on the table")
    assert words(state, "make-papillon") == ("make a papillon: empty your hand by a capture", "")
    empty = dataclasses.replace(state, pool=0)
    assert words(empty, "best-chips", chips)[1].startswith("Taking the pool counts: it is empty now and gains")
    modern = dataclasses.replace(state, options=dataclasses.replace(state.options, scoring=Scoring.MODERN))
    note = words(modern, "best-chips", chips)[1]
    assert "for every card but an ace laid on the table" in note and "the most cards takes it" in note
    for text in (*words(state, "best-chips", chips), *words(state, "win-pool")):
        assert not [w for w in ("paranoid", "node", "kernel", "class", "trail") if w in text.lower()], text


@pytest.mark.parametrize("scoring", [Scoring.CLASSIC, Scoring.MODERN])
def test_the_pool_grows_by_one_chip_per_card_laid_down_and_by_nothing_else(scoring):
    """What the words say, held to the rules engine over whole games: until
    the hand ends, the pool changes only when a player lays cards on the
    table, by 1 chip per card (not for aces under the modern scoring)."""
    trails = 0
    for seed in range(8):
        players = 3 + seed % 2
        seated = [bots.greedy_bot if random.Random(seed).random() < 0.5 else bots.random_bot] * players
        for hand in play_game(Options(players=players, scoring=scoring), seed, seated).hands:
            state = hand.start
            for _, move, _ in hand.moves:
                after = state.play(move)
                if not after.is_terminal():
                    laid = [c for c in move.played if scoring is Scoring.CLASSIC or c.rank != ACE]
                    assert after.pool - state.pool == (len(laid) if move.is_trail else 0)
                    trails += move.is_trail
                state = after
    assert trails > 20
