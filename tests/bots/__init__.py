"""Tests: bots."""
