"""tradgames.egtb: the English 1 king v 1 king anchor and the CLI's JSON fields."""
import pytest

import tradgames
from tradgames import egtb


def test_english_king_v_king_anchor(tmp_path):
    egtb.build("english", 2, tmp_path, threads=2)
    info = egtb.info("english", tmp_path)
    kk = [s for s in info["slices"] if s["material"] == {"white_men": 0, "white_kings": 1, "black_men": 0, "black_kings": 1}][0]
    assert kk["positions"] == 992
    assert kk["white_to_move"] == {"win": 230, "draw": 654, "loss": 108, "longest_win": 11}
    p = egtb.probe("english", "W:WK14:BK18", tmp_path)
    assert p == {"fen": "W:WK14:BK18", "value": "win", "plies": 1,
                 "moves": [{"move": "14x23", "value": "win", "plies": 1}]}
    v = egtb.verify("english", tmp_path)
    assert v["ok"] and v["checked"] == 2 * (992 + 868 + 868 + 760) and v["problems"] == []


def test_build_methods_write_identical_files(tmp_path):
    # README "Builder": forward passes and unmove generation give byte-identical files.
    for method in ("forward", "unmove"):
        egtb.build("russian", 3, tmp_path / method, threads=2, method=method)
    names = sorted(p.name for p in (tmp_path / "forward").iterdir())
    assert len(names) == 16
    for name in names:
        assert (tmp_path / "forward" / name).read_bytes() == (tmp_path / "unmove" / name).read_bytes()
    with pytest.raises(tradgames.Error, match="unknown build method 'backward'"):
        egtb.build("russian", 2, tmp_path / "x", method="backward")


def test_foreign_file_refused(tmp_path):
    egtb.build("english", 2, tmp_path)
    (tmp_path / "russian.w0m1k-b0m1k.egtb").write_bytes((tmp_path / "english.w0m1k-b0m1k.egtb").read_bytes())
    with pytest.raises(tradgames.Error, match="built for game 'english', not 'russian'"):
        egtb.info("russian", tmp_path)


def test_engine_probes_the_databases(tmp_path):
    # 2 kings v 1 king, White's longest win (33 plies, README): a 2-ply search with the databases
    # reports their distance and plays the win out in the pv; without them it sees nothing.
    egtb.build("english", 3, tmp_path)
    board = tradgames.Board("english", "W:WK1,K2:BK32")
    r = tradgames.Engine(board.variant, egtb=str(tmp_path)).search(board, depth=2)
    assert r["database"] == {"value": "win", "plies": 33}
    assert r["score"]["text"] == "won in 33"
    assert len(r["lines"][0]["pv"]) == 33
    plain = tradgames.Engine(board.variant).search(board, depth=2)
    assert "database" not in plain
    assert not plain["score"]["proven"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(tradgames.Error, match="no slice file of english"):
        tradgames.Engine(board.variant, egtb=str(tmp_path / "empty"))


def test_successors_are_the_slices_one_move_leads_to():
    v = tradgames.Variant("english")
    # White man and king v Black king: White promotes, or either side captures a piece
    # (a capture of the last piece ends the game: no slice).
    assert sorted(tradgames._core._egtb_successors(v, (1, 1, 0, 1))) == [(0, 1, 0, 1), (0, 2, 0, 1), (1, 0, 0, 1)]


def test_slice_needs_its_successors_files(tmp_path):
    with pytest.raises(tradgames.Error, match="w0m1k-b0m1k"):
        tradgames._core._egtb_build_slice(tradgames.Variant("english"), (0, 2, 0, 1), str(tmp_path), 1)


def test_dask_build_equals_serial_build_byte_for_byte(tmp_path):
    distributed = pytest.importorskip("distributed")
    import tradgames.distributed as tgd

    egtb.build("english", 3, tmp_path / "serial")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        r = tgd.egtb_build(client, "english", 3, str(tmp_path / "dask"))
    assert r["slices"] == 16
    serial = sorted(p.name for p in (tmp_path / "serial").iterdir())
    assert serial == sorted(p.name for p in (tmp_path / "dask").iterdir())
    assert len(serial) == 16
    for name in serial:
        assert (tmp_path / "serial" / name).read_bytes() == (tmp_path / "dask" / name).read_bytes(), name
