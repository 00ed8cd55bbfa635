"""Surveys of many deals: running them, their database, publishing the results."""
