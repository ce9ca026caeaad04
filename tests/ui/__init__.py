"""Tests: ui."""
