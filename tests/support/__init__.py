"""What several test modules share: scenes, scripted hands, the monkey, the hang guard."""
