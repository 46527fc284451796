"""Layout: where cards go on printed sheets. Pure geometry in millimetres, no drawing."""
