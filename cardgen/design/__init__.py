"""Card designs: the game model to SVG documents (geometry here, look in templates/)."""
