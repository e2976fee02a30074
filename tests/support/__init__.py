"""What the tests share and are not tests themselves: the generic checks every game's adapter plugs into
(harness, hidden, fuzzing, order_files, killing, report_battery), the hostile and damaged inputs, the real
mail servers and browser, and the tools run by hand (mailservers, browser, import_graph, cli_help_dump)."""
