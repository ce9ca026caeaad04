"""Tests: commands."""
