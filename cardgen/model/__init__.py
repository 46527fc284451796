"""The game model: pure data derived from the rules, with no drawing in it."""
