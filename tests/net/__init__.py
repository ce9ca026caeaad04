"""Tests: net."""
