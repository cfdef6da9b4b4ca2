"""``python -m meeple``: the same command line as ``meeple``."""

from meeple.cli import app

if __name__ == "__main__":  # not when pytest's doctest collection imports this module
    app(prog_name="meeple")
