"""Tests: the session layer (the turn loop, privacy, the read model), without a screen."""
