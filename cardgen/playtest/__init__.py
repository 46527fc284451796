"""cardgen playtest: the rules played by bots, summed up as a report (plots, JSON, HTML page)."""
