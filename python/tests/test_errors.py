"""The front-end contract (include/tradgames/frontend.hpp): every class of library error has
its Python class, under its base; library errors raise the class of their C++ type; the
argument limits are the library's."""

import json

import pytest

import tradgames as tg


def test_every_error_class_is_a_python_class_under_its_base():
    names = [name for name, _ in tg.ERROR_CLASSES]
    # The C++ test tests/frontend/contract_test.cpp checks that the table holds every class
    # the library defines; here each must be exported with the right base.
    for name in ("Error", "ParseError", "PdnError", "OptionError", "DescriptorError", "ShardError",
                 "PdnInputError", "PdnLimitError", "EgtbError", "StudyError"):
        assert name in names
    for name, base in tg.ERROR_CLASSES:
        cls = getattr(tg, name)
        assert name in tg.__all__
        assert cls.__name__ == name and cls.__module__ == "tradgames"
        assert cls.__bases__ == ((ValueError,) if base == "" else (getattr(tg, base),))


def test_library_errors_raise_their_class():
    with pytest.raises(tg.ShardError):
        r = tg.play("russian", games=2, seed=1)
        tg.merge_playouts([r, dict(r, seed=2)])
    with pytest.raises(tg.OptionError, match="^perft depth 65 is not in 0..64$"):
        tg.perft("russian", 65)
    with pytest.raises(tg.OptionError, match="^games 0 is not in 1..1000000000$"):
        tg.play("russian", games=0)
    with pytest.raises(tg.DescriptorError):
        tg.Variant.from_json(json.dumps({"name": "x", "board": {"widht": 8}}))
