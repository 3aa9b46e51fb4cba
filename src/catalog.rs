//! What the application knows of each game.
