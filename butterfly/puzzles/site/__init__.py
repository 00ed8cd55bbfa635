"""The static site's assets and their builders: the JavaScript rules the
daily puzzle page plays by (rules.js) and the corpus, built with the Python
engine, that keeps them equal to it (corpus.py)."""
