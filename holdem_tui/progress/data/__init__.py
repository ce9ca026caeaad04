"""The game's own real hands for the pot-odds drill (``real_hands.phhs``, public PHH data)."""
