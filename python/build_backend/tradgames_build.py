"""A PEP 517 build backend for the package tradgames, with no dependency beyond the standard
library: it configures and builds the extension with CMake (target tradgames_python) and
zips the package directory of the build tree into a wheel.

Environment: TRADGAMES_BUILD_DIR reuses a CMake build directory (configured if it is not yet;
the module is rebuilt there when out of date), else a temporary one is used and removed.
CMAKE_BUILD_PARALLEL_LEVEL sets the build jobs (default: the number of processors).
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Dict, List, Optional

ROOT = Path(__file__).resolve().parents[2]


def _version() -> str:
    m = re.search(r"project\(tradgames VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if not m:
        raise RuntimeError("tradgames_build: no project(tradgames VERSION ...) in CMakeLists.txt")
    return m.group(1)


def _tag() -> str:
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    plat = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return f"{impl}-{impl}-{plat}"


def _metadata() -> str:
    return (f"Metadata-Version: 2.1\nName: tradgames\nVersion: {_version()}\n"
            "Summary: Rules, move generation, perft, playouts and PDN for traditional board games\n"
            "Requires-Python: >=3.9\nRequires-Dist: numpy\n")


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def _build_module(build_dir: Path) -> Path:
    """Configures (once) and builds the extension in build_dir; returns the package directory."""
    if not (build_dir / "CMakeCache.txt").exists():
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                        "-DTRADGAMES_BUILD_TESTS=OFF", "-DTRADGAMES_BUILD_BENCH=OFF",
                        "-DTRADGAMES_BUILD_CLI=OFF", "-DTRADGAMES_PYTHON=ON",
                        f"-DPython_EXECUTABLE={sys.executable}"], check=True, stdout=sys.stderr)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
    subprocess.run(["cmake", "--build", str(build_dir), "-j", jobs, "--target", "tradgames_python"],
                   check=True, stdout=sys.stderr)
    package = build_dir / "python" / "tradgames"
    if not any(package.glob("_core*")):
        raise RuntimeError(f"tradgames_build: no extension module in {package}")
    return package


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None,
                metadata_directory: Optional[str] = None) -> str:
    given = os.environ.get("TRADGAMES_BUILD_DIR")
    tmp = None if given else tempfile.mkdtemp(prefix="tradgames-build-")
    try:
        package = _build_module(Path(given).resolve() if given else Path(tmp))
        dist_info = f"tradgames-{_version()}.dist-info"
        name = f"tradgames-{_version()}-{_tag()}.whl"
        files = {}
        for f in sorted(package.iterdir()):
            if f.is_file() and (f.suffix in (".py", ".pyi", ".so") or f.name == "py.typed"):
                files[f"tradgames/{f.name}"] = f.read_bytes()
        files[f"{dist_info}/METADATA"] = _metadata().encode()
        files[f"{dist_info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: tradgames_build\n"
                                       f"Root-Is-Purelib: false\nTag: {_tag()}\n").encode()
        record = [_record_line(n, d) for n, d in files.items()] + [f"{dist_info}/RECORD,,"]
        files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
        with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as z:
            for n, d in files.items():
                info = zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = (0o755 if n.endswith(".so") else 0o644) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, d)
        return name
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    """The tracked files of the checkout (git ls-files) as tradgames-VERSION.tar.gz."""
    base = f"tradgames-{_version()}"
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True,
                            capture_output=True).stdout.decode().split("\0")
    name = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / name, "w:gz") as t:
        for rel in filter(None, listed):
            t.add(str(ROOT / rel), arcname=f"{base}/{rel}", recursive=False)
        data = _metadata().encode()
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(data)
        import io
        t.addfile(info, io.BytesIO(data))
    return name
