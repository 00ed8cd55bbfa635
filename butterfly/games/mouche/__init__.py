"""La Mouche (1718) and Le Pamphile (1758): rules, whole games, position files."""
