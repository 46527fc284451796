"""The one exception type users see: a one-line message that names the problem and the fix."""


class CardgenError(Exception):
    """Bad input or environment. The CLI prints it on one line and exits with code 2."""
