"""Tests: coach."""
