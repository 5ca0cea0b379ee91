"""Prints where `cmake --install` puts the package tradgames for the prefix given (argv[1]),
decided at install time so that `--prefix` given then counts: the user site
(~/.local/lib/pythonX.Y/site-packages) when the prefix is the user base (~/.local), else the
interpreter's own site directory under the prefix (Debian: /usr/local/lib/python3.11/dist-packages
for /usr/local), else lib/pythonX.Y/site-packages under the prefix (then on PYTHONPATH)."""
import os
import site
import sys

prefix = os.path.realpath(sys.argv[1])
if prefix == os.path.realpath(site.getuserbase()):
    print(site.getusersitepackages())
    sys.exit(0)
for d in site.getsitepackages():
    rel = os.path.relpath(os.path.realpath(d), prefix)
    if rel.startswith("lib" + os.sep):
        print(os.path.join(prefix, rel))
        sys.exit(0)
print(os.path.join(prefix, "lib", "python%d.%d" % sys.version_info[:2], "site-packages"))
