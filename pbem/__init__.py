"""pbem: the application shell around the pure games (disk, mail, time, the CLI)."""
__version__ = "0.1.0"
