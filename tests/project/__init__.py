"""Tests: project."""
