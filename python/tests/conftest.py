"""Shared fixtures: the command-line program next to the module (for field-for-field checks)."""
import os
import pathlib
import shutil

import pytest

import tradgames


def _find_cli():
    env = os.environ.get("TRADGAMES_CLI")
    if env:
        return env
    # build/python/tradgames/__init__.py -> build/tradgames
    candidate = pathlib.Path(tradgames.__file__).resolve().parents[2] / "tradgames"
    if candidate.is_file() and os.access(candidate, os.X_OK):
        return str(candidate)
    return shutil.which("tradgames")


@pytest.fixture(scope="session")
def cli():
    path = _find_cli()
    if path is None:
        pytest.skip("the tradgames command is not built next to the module (set TRADGAMES_CLI)")
    return path
