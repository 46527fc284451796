"""The Lato font files (SIL OFL, see OFL.txt), installed as the data package cardgen.fonts."""
