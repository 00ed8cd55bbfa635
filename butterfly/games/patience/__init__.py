"""Butterfly and its sibling patiences: rules, deal files, drawing."""
