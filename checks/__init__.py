"""calgen's independent checks: pytest modules that read the raw data and calgen's output with
other implementations, never calgen's own code. `script/test` runs them stage by stage
(`python3 -m pytest checks/test_STAGE.py --calgen .build/debug/calgen ...`); conftest.py holds
what they share."""
