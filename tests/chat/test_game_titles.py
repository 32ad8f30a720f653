"""A game's title as players read it (the table message, ``status``, a showdown picture's
name) is written in the words wing from the game and stakes the engine hands over."""

from __future__ import annotations

from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.words.gamewords import game_title, hand_title, picture_title


def test_bomb_pots_a_bomb_pot_is_titled_as_one_and_each_game_by_its_stakes() -> None:
    """Each structure names its stakes its own way (blinds, limit bets, a spread's sizes)
    and a bomb pot is marked in the hand's title (RULES.md "Bomb pots")."""
    holdem = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    assert game_title(holdem) == "No-Limit Hold'em 1/2"
    assert hand_title(holdem, bomb=True) == "No-Limit Hold'em 1/2 · bomb pot"
    assert hand_title(holdem, bomb=False) == "No-Limit Hold'em 1/2"
    limit = GameConfig(Game.RAZZ, Structure.FIXED_LIMIT, Stakes(0, 0, small_bet=10, big_bet=20))
    assert game_title(limit).endswith("Razz 10/20")
    spread = GameConfig(
        Game.HOLDEM, Structure.SPREAD_LIMIT, Stakes(1, 2, spread_min=2, spread_max=(4, 6))
    )
    assert game_title(spread).endswith("Hold'em 2-4-6")
    assert picture_title(12, holdem) == "Hand #12 · No-Limit Hold'em 1/2"
