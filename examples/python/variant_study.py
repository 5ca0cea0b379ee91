"""A variant study (README "Variant studies"): games between players of given strengths in several
games, or one game under several rule options, with every measure's 95% interval, and a report.

    PYTHONPATH=build/python python3 examples/python/variant_study.py --games 400 --report study-report
    PYTHONPATH=build/python python3 examples/python/variant_study.py --options   # rule options of one game

With ``--dask HOST:PORT`` the games run on a Dask cluster (tradgames.distributed.study); the
result is the same as on one machine.
"""
import argparse
import time

import tradgames

ALL = ["russian", "brazilian", "pool", "international", "english", "italian", "spanish", "czech", "thai",
       "frisian", "turkish", "tobit", "tobit-4x4", "shatra"]
# "What does this rule change do": each game's default against its other readings.
OPTIONS = ["turkish", "turkish:promotion=king", "tobit", "tobit:tobit_capture=short", "tobit:bare_draw=true",
           "tobit:majority_capture=true", "shatra", "shatra:slider_landing=free", "shatra:biy_decline_scope=broad",
           "thai", "thai:setup=rows_1_3"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default=None, help="comma-separated (default: the fourteen games)")
    ap.add_argument("--options", action="store_true", help="study rule options instead (%s)" % ", ".join(OPTIONS))
    ap.add_argument("--players", default="random,greedy,search:depth=2")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mixed", action="store_true")
    ap.add_argument("--report", default=None, help="directory for the report")
    ap.add_argument("--dask", default=None, help="scheduler address: run on a Dask cluster")
    a = ap.parse_args()
    variants = a.variants.split(",") if a.variants else (OPTIONS if a.options else ALL)
    players = a.players.split(",")
    t0 = time.perf_counter()
    if a.dask:
        from distributed import Client
        import tradgames.distributed as tgd
        r = tgd.study(Client(a.dask), variants, players, games=a.games, seed=a.seed, mixed=a.mixed)
        if a.report:
            from tradgames.report import write_report
            write_report(r, a.report)
    else:
        r = tradgames.study(variants, players, games=a.games, seed=a.seed, mixed=a.mixed, report=a.report)
    print("%-28s %-16s %6s %22s %22s %18s" % ("variant", "player", "games", "first player score", "draw rate",
                                               "plies"))
    for c in r["cells"]:
        if c["white"] != c["black"]:
            continue
        m = c["measures"]

        def iv(e, f="%.3f"):
            return (f + " [" + f + ", " + f + "]") % (e["value"], e["low"], e["high"])
        print("%-28s %-16s %6d %22s %22s %18s" % (c["variant"], c["white"], c["games"], iv(m["first_player_score"]),
                                                  iv(m["draw_rate"]), iv(m["length"], "%.0f")))
    for p in r["pairings"]:
        print("%s: %s vs %s: score %.3f over %d games" % (p["variant"], p["a"], p["b"], p["score"],
                                                           p["wins"] + p["draws"] + p["losses"]))
    print("%.1f s" % (time.perf_counter() - t0))


if __name__ == "__main__":
    main()
