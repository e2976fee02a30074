"""pbem's own commands, one module per group of them; pbem/cli.py gathers them under `pbem`."""
