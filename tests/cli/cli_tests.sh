#!/usr/bin/env bash
# Command-line tests: exact outputs, JSON fields, and bad input (one line on stderr, exit 2).
set -u
tg="$1"
fail=0
check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then echo "FAIL $1: expected [$2] got [$3]"; fail=1; else echo "ok   $1"; fi
}
bad() {  # bad NAME ARGS...: exit 2, exactly one line on stderr, nothing on stdout
    local name="$1"; shift
    local out err rc
    out=$("$tg" "$@" 2>/tmp/tg_err_$$); rc=$?
    err=$(cat /tmp/tg_err_$$); rm -f /tmp/tg_err_$$
    local lines; lines=$(printf '%s' "$err" | grep -c '')
    if [ "$rc" != 2 ] || [ "$lines" != 1 ] || [ -n "$out" ]; then
        echo "FAIL $name: rc=$rc stderr-lines=$lines stdout=[$out] stderr=[$err]"; fail=1
    else
        echo "ok   $name: $err"
    fi
}

check "russian start moves" "a3-b4 c3-d4 c3-b4 e3-f4 e3-d4 g3-h4 g3-f4" \
      "$("$tg" moves --variant russian | tr '\n' ' ' | sed 's/ $//')"
check "russian perft 6" '37986' \
      "$("$tg" perft --variant russian --depth 6 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')"
check "russian perft json fields" 'counting depth nodes seconds variant' \
      "$("$tg" perft --variant russian --depth 2 --json | python3 -c 'import json,sys; print(" ".join(sorted(json.load(sys.stdin))))')"
check "russian divide sum" '1469' \
      "$("$tg" perft --variant russian --depth 4 --divide --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(sum(x["nodes"] for x in d["divide"]))')"
check "moves json" '{"after": "B:WKf8:B", "captured": ["e7"], "drop": false, "from": "d6", "notation": "d6:f8", "path": ["d6", "f8"], "promotion": "king", "to": "f8"}' \
      "$("$tg" moves --variant russian --fen W:Wd6:Be7 --json | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)[0], sort_keys=True))')"
check "moves --paths" '2' "$("$tg" moves --variant russian --fen B:We5,e3,c3,c5:Bd6 --paths | wc -l)"
check "variants json" 'russian' \
      "$("$tg" variants --json | python3 -c 'import json,sys; print(" ".join(v["name"] for v in json.load(sys.stdin) if v["name"]=="russian"))')"

check "shatra start moves" '154' "$("$tg" moves --variant shatra | wc -l | tr -d ' ')"
check "shatra perft 2" '23716' \
      "$("$tg" perft --variant shatra --depth 2 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')"
check "shatra perft 1 without high-road drops" '134' \
      "$("$tg" perft --variant shatra --depth 1 --option drop_on_high_road=false --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')"
check "shatra drop json" '{"after": "B:WK32,Q61,R55,R58,Y54,Y56,57,59,60,62,46-52:BK10,Q2,R5,R8,Y7,Y9,1,3,4,6,11-17", "captured": [], "drop": true, "from": "53", "notation": "53-32", "path": ["53", "32"], "promotion": null, "to": "32"}' \
      "$("$tg" moves --variant shatra --json | python3 -c 'import json,sys; print(json.dumps([m for m in json.load(sys.stdin) if m["notation"]=="53-32"][0], sort_keys=True))')"
check "shatra en passant" '28:16 28:30' \
      "$("$tg" moves --variant shatra --fen 'W:W28,K52:B29,K11:E22' | sort | tr '\n' ' ' | sed 's/ $//')"

bad "unknown variant" moves --variant nosuch
bad "unknown option" moves --variant russian --option nosuch=1
bad "option without =" moves --variant russian --option nosuch
bad "malformed fen" moves --variant russian --fen 'W:Wz9:B'
bad "light square fen" moves --variant russian --fen 'W:Wa2:B'
bad "impossible fen" perft --variant russian --fen 'W:Wb8:B' --depth 1
bad "garbage fen" moves --variant russian --fen $'\x01\x02'
bad "missing depth" perft --variant russian
bad "negative depth" perft --variant russian --depth -1
bad "no subcommand"
bad "unknown subcommand" frobnicate
bad "unknown flag" moves --variant russian --frob
bad "shatra two biys" moves --variant shatra --fen 'W:WK53,K52:BK10'
bad "shatra wall square" perft --variant shatra --fen 'W:WKa1:BK10' --depth 1
bad "shatra bad option value" perft --variant shatra --option en_passant=wide --depth 1

exit $fail
