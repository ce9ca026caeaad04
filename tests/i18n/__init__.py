"""Tests: i18n."""
