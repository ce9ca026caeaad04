"""Tests: storage."""
