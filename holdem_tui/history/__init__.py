"""Hand histories: PHH reading, writing and strict replay through the engine."""
