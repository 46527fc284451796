"""The bundled fonts, installed as the data package cardgen.fonts: Lato (SIL OFL, see OFL.txt),
the standard typeface, and Atkinson Hyperlegible (SIL OFL, see OFL-AtkinsonHyperlegible.txt),
the --font hyperlegible choice."""
