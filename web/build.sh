#!/usr/bin/env bash
# Builds the WebAssembly module: build-wasm/tradgames.js (an ES module, WebAssembly inlined),
# copied to web/tradgames.js where the page and the Node tests load it (git-ignored).
#   web/build.sh [BUILD_DIR]      (default: build-wasm at the top of the repository)
# Needs Debian's emscripten (3.1.6) and the host's Boost and nlohmann-json headers.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build-wasm}"
# Debian's emscripten runs its tools with the system Node; its JavaScript dependencies are in
# /usr/share/nodejs. EM_CACHE stays unset (Debian's cache is prebuilt).
export NODE_PATH=/usr/share/nodejs
unset EM_CACHE
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
emcmake cmake -S web -B "$dir" -DCMAKE_BUILD_TYPE=Release -DTRADGAMES_WERROR=ON "${launcher[@]}" >/dev/null
cmake --build "$dir" -j"$(nproc)" --target tradgames_js
cp "$dir/tradgames.js" web/tradgames.js
echo "built web/tradgames.js ($(du -k web/tradgames.js | cut -f1) KiB)"
