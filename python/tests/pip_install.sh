#!/usr/bin/env bash
# `pip install .` into a virtual environment (python3 -m venv --system-site-packages, numpy from
# the system) and `python3 -m build --wheel --no-isolation`, with Debian's pip, build and
# setuptools and nothing from PyPI (--no-index); the package is then imported from outside the
# source tree. Usage: pip_install.sh SOURCE_DIR BUILD_DIR PYTHON. BUILD_DIR (a configured build
# with the module) is reused through TRADGAMES_BUILD_DIR, so that the test does not compile the
# library a second time; without it pyproject.toml's backend builds in a temporary directory.
set -euo pipefail
src=$1 build=$2 py=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TRADGAMES_BUILD_DIR=$build PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1

"$py" -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --no-deps "$src" >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log" >&2; exit 1; }
(cd / && "$tmp/venv/bin/python" -c '
import sys, tradgames
assert tradgames.__file__.startswith(sys.prefix), tradgames.__file__
assert tradgames.perft("russian", 4)["nodes"] == 1469   # variants/russian/RULES.md
print("pip install: ok,", tradgames.__file__)')
"$tmp/venv/bin/python" -m pip uninstall -q -y tradgames
(cd / && ! "$tmp/venv/bin/python" -c 'import sys, tradgames; assert tradgames.__file__.startswith(sys.prefix)' 2>/dev/null)

(cd "$src" && "$py" -m build --wheel --no-isolation --outdir "$tmp/dist" >"$tmp/build.log" 2>&1) || { cat "$tmp/build.log" >&2; exit 1; }
wheel=$(ls "$tmp"/dist/tradgames-*.whl)
"$py" - "$wheel" <<'PY'
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
assert any(n.startswith("tradgames/_core") for n in names), names
assert "tradgames/__init__.py" in names and any(n.endswith(".dist-info/RECORD") for n in names), names
print("wheel: ok,", sys.argv[1].rsplit("/", 1)[-1])
PY
