"""Exports beyond paper: Tabletop Simulator, print-on-demand shops, a browsable site."""
