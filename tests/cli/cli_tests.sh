#!/usr/bin/env bash
# Command-line tests: exact outputs, JSON fields, and bad input (one line on stderr, exit 2).
set -u
tg="$1"
fail=0
check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then echo "FAIL $1: expected [$2] got [$3]"; fail=1; else echo "ok   $1"; fi
}
bad() {  # bad NAME ARGS...: exit 2, exactly one short line on stderr, nothing on stdout
    local name="$1"; shift
    local out err rc
    out=$("$tg" "$@" 2>/tmp/tg_err_$$); rc=$?
    err=$(cat /tmp/tg_err_$$); rm -f /tmp/tg_err_$$
    local lines; lines=$(printf '%s' "$err" | grep -c '')
    if [ "$rc" != 2 ] || [ "$lines" != 1 ] || [ "${#err}" -gt 1000 ] || [ -n "$out" ]; then
        echo "FAIL $name: rc=$rc stderr-lines=$lines stderr-bytes=${#err} stdout=[${out:0:200}] stderr=[${err:0:300}]"; fail=1
    else
        echo "ok   $name: $err"
    fi
}

check "russian start moves" "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4" \
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
check "moves --explain legal" 'legal: c3-d4 0' "$("$tg" moves --variant russian --explain c3-d4 | tr -d '\n'; echo " ${PIPESTATUS[0]}")"
check "moves --explain illegal" "illegal: capture-compulsory: a capture is compulsory: c3:e5 (variants/russian/RULES.md §1.4) 1" \
      "$("$tg" moves --variant russian --fen W:Wc3,g1:Bd4 --explain g1-h2 | tr -d '\n'; echo " ${PIPESTATUS[0]}")"
check "moves --explain --json" '{"alternatives":["c3:e5"],"legal":false,"message":"a capture is compulsory: c3:e5","move":null,"reason":"capture-compulsory","rule":"variants/russian/RULES.md §1.4","text":"g1-h2"} 1' \
      "$("$tg" moves --variant russian --fen W:Wc3,g1:Bd4 --explain g1-h2 --json | tr -d '\n'; echo " ${PIPESTATUS[0]}")"
check "moves --explain --json legal" '{"alternatives":["c3-d4"],"legal":true,"message":"legal: c3-d4","move":"c3-d4","reason":"legal","rule":null,"text":"c3-d4"} 0' \
      "$("$tg" moves --variant russian --explain c3-d4 --json | tr -d '\n'; echo " ${PIPESTATUS[0]}")"
check "variants json" 'russian' \
      "$("$tg" variants --json | python3 -c 'import json,sys; print(" ".join(v["name"] for v in json.load(sys.stdin) if v["name"]=="russian"))')"
# A built-in game wider than this build (Canadian in a 64-vertex build) is listed with what it
# needs, and asking for it says so (README "Layout").
if ! "$tg" variants --json | grep -q '"name":"canadian"'; then
    check "variants: canadian needs a 128-vertex build" \
          'canadian      Canadian draughts: the international rules on 12x12, 30 men each|    needs a 128-vertex build (configure with -DTRADGAMES_MAX_VERTICES=128)' \
          "$("$tg" variants | grep -A1 '^canadian ' | paste -sd '|')"
    check "perft canadian in a 64-vertex build" \
          "tradgames: error: OptionError: variant 'canadian' needs a 128-vertex build (configure with -DTRADGAMES_MAX_VERTICES=128)" \
          "$("$tg" perft --variant canadian --depth 1 2>&1)"
fi
check "tobit start moves" "7-14 8-15 9-16 10-17 11-18" \
      "$("$tg" moves --variant tobit | tr '\n' ' ' | sed 's/ $//')"
check "tobit-4x4 start moves" "6-12 7-13 8-14 9-15" \
      "$("$tg" moves --variant tobit-4x4 | tr '\n' ' ' | sed 's/ $//')"
check "tobit perft 4 (variants/tobit/RULES.md §7.1)" '1645' \
      "$("$tg" perft --variant tobit --depth 4 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')"
check "tobit-4x4 perft 4 paths (variants/tobit/RULES.md §7.1)" '784' \
      "$("$tg" perft --variant tobit-4x4 --depth 4 --paths --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')"
check "tobit option (T11)" '7:28' \
      "$("$tg" moves --variant tobit --fen W:WK7:B21 --option tobit_capture=flying_adjacent_landing)"
check "tobit compressed capture (T7)" '7:21:23:36' "$("$tg" moves -v tobit -f W:W7:B14,22,30)"

# demo (README command 1): every variant's start, perft and a game to its end with the result.
demo=$("$tg" demo --depth 2)
nvariants=$("$tg" variants --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
check "demo: a heading, perft and a result per variant" "$nvariants $nvariants $nvariants" \
      "$(printf '%s\n' "$demo" | grep -c '^== ') $(printf '%s\n' "$demo" | grep -c '^perft(1..2): [0-9]* [0-9]* (') $(printf '%s\n' "$demo" | grep -c '^result: ')"
check "demo: russian perft(1..2) and a summary line last" "perft(1..2): 7 49|summary: $nvariants variants, perft(1..2)" \
      "$(printf '%s\n' "$demo" | grep -m1 '^perft' | cut -d' ' -f1-3)|$(printf '%s\n' "$demo" | tail -n 1 | cut -d' ' -f1-4 | sed 's/,$//')"
check "demo: five lines a variant and the summary" $((6 * nvariants + 1)) "$(printf '%s\n' "$demo" | grep -c '')"
check "demo --full: the boards and the moves" 1 "$("$tg" demo --depth 1 --full | grep -c '^1\. ' | awk -v n="$nvariants" '{print ($1 == n)}')"
check "demo: no line ends with a blank or a move number" 0 "$(printf '%s\n' "$demo" | grep -cE '( |[0-9]\.)$')"
check "demo: results in words" 0 "$(printf '%s\n' "$demo" | grep '^result: ' | grep -c '_')"

# play / compare: JSON fields (an interface, README), a game known in advance, the same
# statistics for 1 and 2 threads, CSV and text tables, silence on stderr when it is no terminal.
json() { python3 -c "import json,sys
d=json.load(sys.stdin)
$1"; }
check "play json fields" 'branching_factor capture_length_histogram capture_moves capture_positions capture_share digest first_game forced_capture_positions forced_capture_share games games_per_second legal_moves length length_histogram options outcomes plies plies_per_second ply_cap policy reasons seconds seed start threads variant white_score' \
      "$("$tg" play --variant russian --games 3 --json | json 'print(" ".join(sorted(d)))')"
check "play length fields" 'max mean median min p90' \
      "$("$tg" play --variant russian --games 3 --json | json 'print(" ".join(sorted(d["length"])))')"
# d6:f8 is White's only move and leaves Black without pieces: every game is 1 ply, White wins.
check "play known game" '1.0 1 5 0 1.0 {"1": 5} 1.0 no legal move' \
      "$("$tg" play --variant russian --fen W:Wd6:Be7 --games 5 --seed 3 --json | json 'print(d["length"]["mean"], d["length"]["p90"], d["outcomes"]["white_wins"], d["outcomes"]["black_wins"], d["branching_factor"], json.dumps(d["capture_length_histogram"]), d["white_score"], d["reasons"][0]["reason"])')"
strip='for k in ("seconds","games_per_second","plies_per_second","threads","digest"): d.pop(k)
print(json.dumps(d, sort_keys=True))'
one=$("$tg" play --variant russian --games 40 --seed 9 --threads 1 --json | json "$strip")
two=$("$tg" play --variant russian --games 40 --seed 9 --threads 2 --json | json "$strip")
check "play: 1 and 2 threads give the same statistics" "$one" "$two"
other=$("$tg" play --variant russian --games 40 --seed 10 --threads 2 --json | json "$strip")
[ "$one" != "$other" ] && echo "ok   play: another seed, other statistics" || { echo "FAIL play: seeds 9 and 10 agree"; fail=1; }
check "play greedy json policy" 'greedy' "$("$tg" play --variant russian --games 2 --policy greedy --json | json 'print(d["policy"])')"
check "play ply cap" 'draw: ply cap (4)' \
      "$("$tg" play --variant russian --games 2 --ply-cap 4 --json | json 'print(", ".join(r["outcome"] + ": " + r["reason"] for r in d["reasons"]))')"
check "play stderr silent without a terminal" '' "$("$tg" play --variant russian --games 5 2>&1 >/dev/null)"
check "compare csv header" 'statistic,russian,russian' "$("$tg" compare --variants russian,russian --games 3 --csv | head -1)"
check "compare csv games row" 'games,3,3' "$("$tg" compare --variants russian,russian --games 3 --csv | grep '^games,')"
check "compare json" 'russian russian' "$("$tg" compare --variants russian,russian --games 2 --json | json 'print(" ".join(c["variant"] for c in d))')"
check "compare text header" 'russian' "$("$tg" compare --variants russian --games 2 | head -1 | tr -d ' ')"
check "compare text rows" 'games 2' "$("$tg" compare --variants russian --games 2 | grep '^games ' | tr -s ' ')"
# Seed 1, 1000 games: some draws by FMJD64 7.2.8, whose long reason stands on its own line
# with the counts of both variants on the next.
table=$("$tg" compare --variants russian,tobit --games 1000 --seed 1)
check "compare text: outcomes in words" '1' \
      "$(printf '%s\n' "$table" | grep -cE '^  black wins: no legal move +[0-9]+ +[0-9]+$')"
check "compare text: a long reason above its values" '1' \
      "$(printf '%s\n' "$table" | grep -A1 '^  draw: FMJD64 7.2.8' | tail -n 1 | grep -cE '^ +[1-9][0-9]* +0$')"
check "compare text: the columns stay narrow" '1' \
      "$(printf '%s\n' "$table" | awk '/^policy/ {print (length($0) < 60)}')"

# render / show
check "render: well-formed SVG on stdout" '{http://www.w3.org/2000/svg}svg' \
      "$("$tg" render --variant russian -o - | python3 -c 'import sys,xml.etree.ElementTree as E; print(E.parse(sys.stdin).getroot().tag)')"
svgfile=$(mktemp --suffix=.svg)
"$tg" render --variant russian --fen 'W:WKa1,e3:Bc3,f4,b6' --last-move a1:e5:g3 --option dummy=1 -o "$svgfile" 2>/dev/null
check "render: unknown option is an error, no file written" '0' "$(wc -c <"$svgfile")"
"$tg" render --variant russian --fen 'W:WKa1,e3:Bc3,f4,b6' --last-move a1:e5:g3 -o "$svgfile"
check "render -o: captured squares of the last move" 'c3 f4' \
      "$(python3 -c 'import sys,xml.etree.ElementTree as E
r=E.parse(sys.argv[1]).getroot()
print(" ".join(sorted(e.get("data-vertex") for e in r.iter() if e.get("class")=="captured")))' "$svgfile")"
rm -f "$svgfile"
check "show: coordinates" '2' "$("$tg" show --variant russian | grep -c '^  a b c d e f g h$')"
check "show --last-move" 'last move: c3-d4|4   .   M   .   .  4' \
      "$("$tg" show --variant russian --last-move c3-d4 | grep -E '^(last|4 )' | paste -sd '|')"

bad "-o is not --option (render's output file)" moves --variant russian -o repetition_draw=0
check "variant names are case-insensitive" "7" "$("$tg" moves --variant Russian | wc -l)"
bad "compare unknown variant" compare --variants russian,nosuch --games 2
bad "compare empty variant" compare --variants russian, --games 2
bad "compare without --variants" compare --games 2
bad "play zero games" play --variant russian --games 0
bad "play bad policy" play --variant russian --policy best
bad "play negative ply cap" play --variant russian --ply-cap -1
bad "play json and csv" play --variant russian --json --csv
bad "play negative threads" play --variant russian --threads -1
# Whole numbers are decimal: CLI11 alone read 010 as octal 8 and wrapped -1 or 2^64 to 2^64-1.
check "perft --depth 010 is depth 10" '10' \
      "$("$tg" perft --variant russian --fen W:Wa1:Bh8 --depth 010 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["depth"])')"
check "play --games 010 is 10 games" '10' \
      "$("$tg" play --variant russian --games 010 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"])')"
check "play --seed 18446744073709551615" '18446744073709551615' \
      "$("$tg" play --variant russian --games 1 --seed 18446744073709551615 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["seed"])')"
bad "play negative seed" play --variant russian --games 1 --seed -1
bad "play seed 2^64" play --variant russian --games 1 --seed 18446744073709551616
bad "demo negative seed" demo --seed -1
bad "demo huge seed" demo --seed 99999999999999999999
bad "perft hexadecimal depth" perft --variant russian --depth 0x3
bad "play hexadecimal games" play --variant russian --games 0x10
bad "compare ply cap 1e3" compare --variants russian --ply-cap 1e3
bad "play long number" play --variant russian --games "$(head -c 5000 /dev/zero | tr '\0' '9')"
bad "render illegal last move" render --variant russian --last-move c3-e5
bad "render unwritable file" render --variant russian -o /nonexistent-dir/board.svg
check "render unwritable file: the reason" "tradgames: error: Error: cannot write '/nonexistent-dir/board.svg': No such file or directory" \
      "$("$tg" render --variant russian -o /nonexistent-dir/board.svg 2>&1)"
check "render to a directory: the reason" "tradgames: error: Error: cannot write '/': Is a directory" \
      "$("$tg" render --variant russian -o / 2>&1)"
bad "show unknown variant" show --variant nosuch
# Standard output that cannot be written (here a full disk) is an error, whatever the size.
for args in "variants" "moves --variant russian" "perft --variant tobit --depth 2" \
            "play --variant russian --games 2" "compare --variants tobit --games 2" \
            "show --variant shatra" "render --variant russian" "demo --depth 0" "--version"; do
    # shellcheck disable=SC2086
    "$tg" $args >/dev/full 2>/tmp/tg_err_$$
    check "$args to a full disk: exit 2, one line" "2 1 1" \
          "$? $(grep -c '' /tmp/tg_err_$$) $(grep -c 'cannot write' /tmp/tg_err_$$)"
done
rm -f /tmp/tg_err_$$

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
bad "russian clock field not a number" moves --variant russian --fen 'W:Wa3:B:Hx'
bad "shatra empty clock field" moves --variant shatra --fen 'W:WK53:BK10:F'
bad "moves empty --fen (not the initial position)" moves --variant tobit --fen ''
bad "perft empty --fen" perft --variant russian --fen '' --depth 1
bad "play empty --fen" play --variant shatra --fen '' --games 1
bad "render empty --fen" render --variant tobit-4x4 --fen ''
bad "show empty --fen" show --variant tobit --fen ''
bad "show empty --last-move" show --variant russian --last-move ''
bad "render empty --last-move" render --variant shatra --last-move ''
bad "missing depth" perft --variant russian
bad "negative depth" perft --variant russian --depth -1
bad "unknown subcommand" frobnicate
bad "unknown flag" moves --variant russian --frob
bad "tobit unknown point" moves --variant tobit --fen 'W:W39:B'
bad "tobit hul on its promotion point" perft --variant tobit --fen 'W:W36:B' --depth 1
bad "tobit bad option value" moves --variant tobit-4x4 --option removal=later
bad "tobit repetition_draw=1 (every game a draw at its start)" play --variant tobit --option repetition_draw=1
# User text in a message is quoted and cut (error.hpp quoted()): one short line for any input.
long=$(head -c 5000 /dev/zero | tr '\0' 'x')
bad "long variant name" moves --variant "$long"
bad "long variant name in --variants" compare --variants "russian,$long"
bad "long option name" moves --variant shatra --option "$long=1"
bad "long option without =" moves --variant russian --option "$long"
bad "long integer option value" moves --variant russian --option "repetition_draw=$long"
bad "long boolean option value" moves --variant tobit --option "bare_draw=$long"
bad "long choice option value" moves --variant shatra --option "en_passant=$long"
bad "long out-of-range option value" moves --variant russian --option "repetition_draw=$(head -c 5000 /dev/zero | tr '\0' '0')5000"
bad "binary option value" moves --variant russian --option $'repetition_draw=\xff\xfe'
for v in russian shatra tobit; do
    bad "$v long side to move" moves --variant $v --fen "$long"
    bad "$v long square" moves --variant $v --fen "W:W$long:B"
    bad "$v long prefix" moves --variant $v --fen "W:WKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK$long:B"
    bad "$v long item without square" moves --variant $v --fen "W:W${long//x/K}:B"
    bad "$v long range" moves --variant $v --fen "W:W1-$long:B"
    bad "$v long field" moves --variant $v --fen "W:WK1:BK2:X$long"
done
# Position strings (each RULES.md, "Position strings (grammar)"): the error names the rule.
for v in russian tobit shatra; do
    bad "$v lower-case side letter" moves --variant $v --fen "w:WK1:BK2"
done
check "fen: lower-case side says upper case" "tradgames: error: ParseError: position 'w:Wa1:Bh8': side to move must be W or B (upper case), not 'w' at offset 0" \
      "$("$tg" moves --variant russian --fen 'w:Wa1:Bh8' 2>&1)"
check "fen: leading zero in a square number" "tradgames: error: ParseError: position 'W:W021:B': square number '021' has a leading zero at offset 3" \
      "$("$tg" moves --variant tobit --fen 'W:W021:B' 2>&1)"
check "fen: leading zero in a range (the same rule)" "tradgames: error: ParseError: position 'W:W21-0032:B': malformed range '21-0032': number '0032' has a leading zero at offset 3" \
      "$("$tg" moves --variant tobit --fen 'W:W21-0032:B' 2>&1)"
check "fen: russian clock field twice" "tradgames: error: ParseError: position 'W:Wa1:Bh8:H0:H5': field H given twice at offset 13" \
      "$("$tg" moves --variant russian --fen 'W:Wa1:Bh8:H0:H5' 2>&1)"
check "fen: russian move number out of range" "tradgames: error: ParseError: position 'W:Wa1:Bh8:F0': field F: 0 is out of range 1..9999 at offset 10" \
      "$("$tg" moves --variant russian --fen 'W:Wa1:Bh8:F0' 2>&1)"
check "fen: shatra clock the same rule" "tradgames: error: ParseError: position 'W:WK53:BK10:H12345': field H: number '12345' has more than 4 digits at offset 12" \
      "$("$tg" moves --variant shatra --fen 'W:WK53:BK10:H12345' 2>&1)"
bad "russian huge rank number (fuzz finding)" moves --variant russian --fen 'W:WKa1:Bc3,f4999999999999999999999999'
check "shatra: a long batyr capture's own notation reads back (fuzz finding)" 1 \
      "$("$tg" show -v shatra -f 'W:WK50,Q7,Y25:BK61,8,48,30,43,15,14,4,41,34,26,20' -m 7:23:47:19:51:16:40:53:10:5 | grep -c '^last move: 7:23:47:19:51:16:40:53:10:5$')"
bad "russian clock twice" moves --variant russian --fen 'W:Wa1:Bh8:F3:F3'
bad "shatra clock twice" moves --variant shatra --fen 'W:WK53:BK10:F3:F3'
bad "russian absurd clock" moves --variant russian --fen 'W:Wa1:Bh8:H99999999999999999999'
check "fen: clocks in range are accepted" "a1-b2" "$("$tg" moves --variant russian --fen 'W:Wa1:Bh8:H9999:F9999')"
bad "shatra long temdek field" moves --variant shatra --fen "W:WK53:BK10:T$long"

# replay: the committed sample of real games (tests/data/SOURCES.md: 15 games, 14 with moves,
# 644 plies; abatsiev game 3 there is the placeholder record).
data="$(cd "$(dirname "$0")/../data/russian" && pwd)"
out=$("$tg" replay "$data"/*.pdn); rc=$?
check "replay sample exit 1 (a placeholder game)" 1 "$rc"
check "replay sample summary" "summary: 5 files, 15 games, 14 replayed, 1 failed, 644 plies" \
      "$(printf '%s\n' "$out" | tail -n 1)"
check "replay names the placeholder" 1 \
      "$(printf '%s\n' "$out" | grep -c 'wiegerw_pdn_abatsiev.pdn: FAIL at ply 1: game 3 .*placeholder record')"
check "replay ok lines" 14 "$(printf '%s\n' "$out" | grep -c ': ok, ')"
# issue 32: replay waiting on a FIFO and then interrupted printed nothing. Each game is flushed as
# it is replayed, and --json cut by a signal is closed into a valid object marked "interrupted".
# (SIGTERM: a background job of a script ignores SIGINT.)
rdir=$(mktemp -d); mkfifo "$rdir/fifo"
interrupted_replay() {  # interrupted_replay OUT ARGS...: replay ARGS, SIGTERM once 15 games are out
    local out="$1"; shift
    "$tg" replay "$@" "$data"/*.pdn "$rdir/fifo" >"$out" 2>/dev/null & local pid=$!
    for _ in $(seq 100); do
        [ "$(grep -o '"index"\|: ok, \|: FAIL' "$out" | wc -l)" -ge 15 ] && break; sleep 0.1
    done
    kill -TERM "$pid"; wait "$pid"
}
interrupted_replay "$rdir/out.json" --json; rc=$?
check "replay --json interrupted: exit 143, valid JSON with the 15 games" "143 15 True" \
      "$rc $(json 'print(len(d["games"]), d["interrupted"])' <"$rdir/out.json")"
interrupted_replay "$rdir/out.txt"
check "replay interrupted: the 15 game lines are out" 15 "$(wc -l <"$rdir/out.txt")"
rm -rf "$rdir"
"$tg" replay "$data/wiegerw_pdn_ussr1947.pdn" "$data/corpus_engine_russian2012_excerpt.pdn" >/dev/null
check "replay of good files exits 0" 0 "$?"
"$tg" replay "$data/wiegerw_pdn_ussr1947.pdn" >/dev/full 2>/dev/null
check "replay to a full disk exits 2" 2 "$?"
check "replay --json" 'False 1 record 14 1 15 644' \
      "$("$tg" replay "$data"/*.pdn --json | python3 -c '
import json,sys
d=json.load(sys.stdin); s=d["summary"]; bad=[g for g in d["games"] if not g["ok"]][0]
print(bad["ok"], bad["failed_ply"], bad["error_kind"], s["ok"], s["failed"], s["games"], s["plies"])')"
check "replay --json game fields" 'black error error_kind event failed_move failed_ply file index line ok plies reason recorded_result result variant white' \
      "$("$tg" replay "$data/corpus_engine_russian2012_excerpt.pdn" --json | python3 -c 'import json,sys; print(" ".join(sorted(json.load(sys.stdin)["games"][0])))')"
tmp=$(mktemp -d)
printf '[Event "x"]\n1. c3-d4 f6-g5 2. d4-e5 g5-h4 2-0\n' >"$tmp/illegal.pdn"
out=$("$tg" replay "$tmp/illegal.pdn"); rc=$?
check "replay illegal move exit 1" 1 "$rc"
check "replay names the failing ply" 1 "$(printf '%s\n' "$out" | grep -c "FAIL at ply 4: game 1 (x), move 2... 'g5-h4'")"
head -c 3000 /dev/urandom >"$tmp/garbage.pdn"
"$tg" replay "$tmp/garbage.pdn" >/dev/null; rc=$?
check "replay of binary garbage exits 1 (no crash)" 1 "$rc"
printf '[Event "x"]\n1. c3-d4 {never closed\n' >"$tmp/malformed.pdn"
check "replay --json: a malformed record has every game field" \
      'black error error_kind event failed_move failed_ply file index line ok plies reason recorded_result result variant white' \
      "$("$tg" replay "$tmp/malformed.pdn" --json | python3 -c 'import json,sys; print(" ".join(sorted(json.load(sys.stdin)["games"][0])))')"
: >"$tmp/empty.pdn"
check "replay of an empty file" "$tmp/empty.pdn: FAIL: no games found" "$("$tg" replay "$tmp/empty.pdn" | head -n 1)"
out=$("$tg" replay "$tmp/nosuch.pdn" "$data/wiegerw_pdn_ussr1947.pdn" 2>"$tmp/err"); rc=$?
check "replay of a missing file exits 2" 2 "$rc"
check "replay still reports the readable file" "summary: 2 files, 3 games, 3 replayed, 0 failed, 221 plies, unreadable files: 1" \
      "$(printf '%s\n' "$out" | tail -n 1)"
check "replay missing file: one line on stderr" 1 "$(grep -c 'cannot read' "$tmp/err")"
"$tg" replay "$tmp" >/dev/null 2>&1
check "replay of a directory exits 2" 2 "$?"
printf '[Variant "shatra"]\n1. 53-32 10-31 *\n\n[Variant "tobit"]\n1. 9-16 *\n' >"$tmp/mixed.pdn"
check "replay: an --option another record's variant lacks names that game" \
      "$tmp/mixed.pdn: FAIL: game 1, line 1: shatra: unknown rule option 'kings_only_moves'|$tmp/mixed.pdn: FAIL: game 2, line 4: tobit: unknown rule option 'kings_only_moves'" \
      "$("$tg" replay "$tmp/mixed.pdn" --option kings_only_moves=3 | grep FAIL | sed 's/ (known.*//' | paste -sd '|')"

# The error line names the library's error class (include/tradgames/frontend.hpp); a command
# line the parser refuses is an OptionError.
check "error line: a refused command line is an OptionError" "tradgames: error: OptionError: --depth: Value 99 not in range 0 to 64" \
      "$("$tg" perft --variant russian --depth 99 2>&1)"
check "error line: a shard file is a ShardError" "tradgames: error: ShardError: '$tmp/empty-object.json': no field 'variant'" \
      "$(echo '{}' >"$tmp/empty-object.json"; "$tg" merge "$tmp/empty-object.json" "$tmp/empty-object.json" 2>&1)"
# replay reads boundedly (README "Limits"): endless input is a clear error for that file, the
# next file is still replayed; a file that opens but cannot be read is unreadable (exit 2).
# Under AddressSanitizer (TRADGAMES_SANITIZED=1) the memory cap and the RSS checks do not apply:
# its shadow memory needs terabytes of address space and its quarantine holds freed blocks.
if [ -z "${TRADGAMES_SANITIZED:-}" ]; then
    out=$( (ulimit -v 1000000; "$tg" replay /dev/zero "$data/wiegerw_pdn_ussr1947.pdn" 2>"$tmp/err") ); rc=$?
else
    out=$("$tg" replay /dev/zero "$data/wiegerw_pdn_ussr1947.pdn" 2>"$tmp/err"); rc=$?
fi
check "replay /dev/zero exits 2" 2 "$rc"
check "replay /dev/zero: the limit on stderr" \
      "tradgames: error: PdnInputError: cannot read '/dev/zero': line 1: more than 1048576 bytes (the limit of a game, or of one comment or word between games) without the game's end; the rest of the input is not read" \
      "$(cat "$tmp/err")"
check "replay /dev/zero: the next file is replayed" "summary: 2 files, 3 games, 3 replayed, 0 failed, 221 plies, unreadable files: 1" \
      "$(printf '%s\n' "$out" | tail -n 1)"
{ printf '[Event "a"]\n1. c3-d4 f6-g5 *\n\n[Event "b"]\n1. c3-d4 {'; head -c 1100000 /dev/zero | tr '\0' 'x'; printf '}\n*\n'; } >"$tmp/long.pdn"
check "replay: a game over the limit stops the file after the games before it" \
      "1|cannot read '$tmp/long.pdn' past game 1: line 4: more than 1048576 bytes" \
      "$("$tg" replay "$tmp/long.pdn" --json 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["summary"]["games"], d["files"][0]["error"][:len(sys.argv[1])], sep="|")' "cannot read '$tmp/long.pdn' past game 1: line 4: more than 1048576 bytes")"
if [ -r /proc/self/mem ]; then
    out=$("$tg" replay /proc/self/mem 2>"$tmp/err"); rc=$?
    check "replay /proc/self/mem exits 2 (unreadable, not 'no games')" 2 "$rc"
    check "replay /proc/self/mem says why" 1 "$(grep -c "cannot read '/proc/self/mem': the input cannot be read after byte 0" "$tmp/err")"
fi
# Memory stays flat in the number of games (the text and the JSON are streamed): the peak
# resident size for 20 times more games may grow by at most 4 MB (holding every JSON entry
# costs about 2 KB a game, 38 MB more here).
game='[Event "e"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 *
'
python3 -c 'import sys; open(sys.argv[1], "w").write(sys.argv[3] * 500); open(sys.argv[2], "w").write(sys.argv[3] * 10000)' \
    "$tmp/small.pdn" "$tmp/big.pdn" "$game"
maxrss() {  # peak resident size (KB) of a command, its output discarded
    python3 -c 'import resource,subprocess,sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
if [ -z "${TRADGAMES_SANITIZED:-}" ]; then
small=$(maxrss "$tg" replay "$tmp/small.pdn" --json); big=$(maxrss "$tg" replay "$tmp/big.pdn" --json)
check "replay --json: memory flat in the games (500: ${small} KB, 10000: ${big} KB)" yes \
      "$([ $((big - small)) -le 4096 ] && echo yes || echo no)"
small=$(maxrss "$tg" replay "$tmp/small.pdn"); big=$(maxrss "$tg" replay "$tmp/big.pdn")
check "replay: memory flat in the games (500: ${small} KB, 10000: ${big} KB)" yes \
      "$([ $((big - small)) -le 4096 ] && echo yes || echo no)"
fi
rm -rf "$tmp"

# A newcomer's path (README "Getting started"): usage without arguments or with `help`, the
# command's name (not its path) in the usage, a status command, decimals of perft's seconds.
for args in "" "help"; do
    out=$("$tg" $args); rc=$?
    check "tradgames ${args:-alone}: usage, exit 0" "0 1 1 1" \
          "$rc $(printf '%s\n' "$out" | grep -c '^Usage: tradgames \[OPTIONS\] SUBCOMMAND$') $(printf '%s\n' "$out" | grep -c '^  replay ') $(printf '%s\n' "$out" | grep -c '^  status ')"
done
check "--help names the command, not its path" 1 "$("$tg" --help | grep -c '^Usage: tradgames ')"
check "help SUBCOMMAND" 1 "$("$tg" help perft | grep -c -- '-d,--depth')"
check "help SUBCOMMAND prints what SUBCOMMAND --help prints" "$("$tg" perft --help)" "$("$tg" help perft)"
bad "help of an unknown subcommand" help nosuch
check "status: ongoing" "ongoing: white to move, 7 legal moves" "$("$tg" status -v russian)"
check "status: game over" "game over: white wins (no legal move)" "$("$tg" status -v russian -f 'B:Wa1:B')"
check "status --json: ongoing" '{"legal_moves": 7, "position": "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6", "result": null, "side_to_move": "white", "variant": "russian"}' \
      "$("$tg" status -v russian --json | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin), sort_keys=True))')"
check "status --json: over" '{"outcome": "white_wins", "reason": "no legal move"}' \
      "$("$tg" status -v russian -f 'B:Wa1:B' --json | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["result"], sort_keys=True))')"
check "status: a set-up position already drawn (Shatra bare biys)" "game over: draw (bare biys (A23))" \
      "$("$tg" status -v shatra -f 'W:WK53:BK10' --option bare_biys_draw=true)"
bad "status bad position" status -v russian -f 'W:Wz9:B'
check "perft --json seconds: at most 3 decimals, no exponent" yes \
      "$("$tg" perft -v russian -d 2 --json | python3 -c 'import json,sys,re; t=sys.stdin.read(); s=re.search(r"\"seconds\":([^,}]*)", t).group(1); print("yes" if re.fullmatch(r"\d+\.\d{1,3}", s) else s)')"
tmp2=$(mktemp -d)
printf '[White "a"]\n[Black "b"]\n1. c3-d4 f6-g5 *\n' >"$tmp2/open.pdn"
check "replay: an unfinished record's reason" "$tmp2/open.pdn: game 1 (a – b): ok, 2 plies, * (unfinished record)" \
      "$("$tg" replay "$tmp2/open.pdn" | head -n 1)"
check "replay --json: an unfinished record's reason" "unfinished record" \
      "$("$tg" replay "$tmp2/open.pdn" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"][0]["reason"])')"
check "replay: a record without players is labelled by its Event" "$tmp2/ev.pdn: game 1 (Cup): ok, 2 plies, * (unfinished record)" \
      "$(printf '[Event "Cup"]\n1. c3-d4 f6-g5 *\n' >"$tmp2/ev.pdn"; "$tg" replay "$tmp2/ev.pdn" | head -n 1)"
rm -rf "$tmp2"
check "replay: the placeholder record's line is the same in text and JSON" "40 40" \
      "$("$tg" replay "$data/wiegerw_pdn_abatsiev.pdn" | sed -n 's/.*game 3 ([^)]*), line \([0-9]*\): placeholder.*/\1/p') $("$tg" replay "$data/wiegerw_pdn_abatsiev.pdn" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"][2]["line"])')"
# .ci/deps as a user without root and without sudo: the exact apt-get line, exit 2 (run when
# this test runs as root, as in CI, through setpriv as user nobody). nobody may not be able to
# read the checkout (a clone in /root, mode 700): it runs a copy of the script in a directory
# of its own that it can read, so the test checks the message, not the checkout's permissions.
repo="$(cd "$(dirname "$0")/../.." && pwd)"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null && ! command -v sudo >/dev/null; then
    nobody_dir=$(mktemp -d)
    cp "$repo/.ci/deps" "$nobody_dir/deps"
    chmod 755 "$nobody_dir" "$nobody_dir/deps"
    err=$(cd / && setpriv --reuid=65534 --regid=65534 --clear-groups \
          env TRADGAMES_EXTRA_PACKAGES=tradgames-no-such-package bash "$nobody_dir/deps" 2>&1 >/dev/null); rc=$?
    rm -rf "$nobody_dir"
    check ".ci/deps without root or sudo exits 2" 2 "$rc"
    # One line for everything both README commands need: the missing packages of base, shards and
    # web (npm counts as present when a Node not packaged by Debian brings its own), then the extra.
    want=""
    for p in $("$repo/.ci/deps" --list shards web); do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" && continue
        [ "$p" = npm ] && command -v npm >/dev/null && continue
        want+="$p "
    done
    check ".ci/deps without root or sudo prints the apt-get line" 1 \
          "$(printf '%s\n' "$err" | grep -cxF "  apt-get update && apt-get install -y --no-install-recommends ${want}tradgames-no-such-package")"
fi
# Every script .ci/run calls must be executable in a fresh clone: git keeps the mode, and a script
# committed without it fails CI with "Permission denied" (exit 126) after the long steps.
notexec=""
for f in "$repo"/.ci/*; do
    [ -f "$f" ] && head -c 2 "$f" | grep -q '#!' && [ ! -x "$f" ] && notexec+="$(basename "$f") "
done
check "every .ci script is executable" "" "$notexec"
bad "replay without files" replay
bad "replay unknown option" replay "$data/wiegerw_pdn_ussr1947.pdn" --option nosuch=1
bad "replay unknown variant" replay "$data/wiegerw_pdn_ussr1947.pdn" --variant nosuch
bad "shatra two biys" moves --variant shatra --fen 'W:WK53,K52:BK10'
bad "shatra wall square" perft --variant shatra --fen 'W:WKa1:BK10' --depth 1
bad "shatra bad option value" perft --variant shatra --option en_passant=wide --depth 1

# Variants in a file (README "Variants in a file"): a descriptor saved from `variants --json`
# loads with --variant-file and gives its variant's perft; malformed files are one line, exit 2.
vdir=$(mktemp -d)
"$tg" variants --json | python3 -c "
import json,sys
for v in json.load(sys.stdin):
    if v['descriptor']: json.dump(v['descriptor'], open('$vdir/' + v['name'] + '.json', 'w'))"
for v in russian international tobit thai; do
    check "$v descriptor round trip: perft 5" \
          "$("$tg" perft --variant $v --depth 5 --paths --json | json 'print(d["nodes"])')" \
          "$("$tg" perft --variant-file "$vdir/$v.json" --depth 5 --paths --json | json 'print(d["nodes"])')"
done
printf '{"base": "russian", "name": "russian-end", "capture": {"promotion": "end_of_move"}}' > "$vdir/derived.json"
check "derived variant: Russian with end-of-move promotion gives pool's published perft(8) P" '929902' \
      "$("$tg" perft --variant-file "$vdir/derived.json" --depth 8 --paths --json | json 'print(d["nodes"])')"
check "variant file in moves" 'c3-b4 c3-d4' "$("$tg" moves --variant-file "$vdir/derived.json" --fen W:Wc3:Bh8 | tr '\n' ' ' | sed 's/ $//')"
check "variant file in compare" 'russian russian-end' \
      "$("$tg" compare --variants russian --variant-file "$vdir/derived.json" --games 5 --json | json 'print(" ".join(c["variant"] for c in d))')"
check "variant file in render" 1 "$("$tg" render --variant-file "$vdir/derived.json" -o - | grep -c '<svg')"
check "variants json: descriptor, pdn_game_type, aliases" '20 checkers' \
      "$("$tg" variants --json | json 'print(" ".join([str(v["pdn_game_type"]) for v in d if v["name"]=="international"] + [a for v in d for a in v["aliases"]]))')"
printf '{"base": "russian", "name": "x", "board": {"widht": 8}}' > "$vdir/bad-field.json"
printf '{"base": "russian", "name": "x", "man": {"captures": ["up"]}}' > "$vdir/bad-dir.json"
printf '{"base": "russian", "name": "x", ' > "$vdir/bad-json.json"
printf '{"base": "russian", "name": "x", "board": {"width": 26, "height": 26}}' > "$vdir/bad-board.json"
bad "variant file: unknown field" perft --variant-file "$vdir/bad-field.json" --depth 1
bad "variant file: unknown direction" moves --variant-file "$vdir/bad-dir.json"
bad "variant file: malformed JSON" moves --variant-file "$vdir/bad-json.json"
bad "variant file: impossible board" moves --variant-file "$vdir/bad-board.json"
bad "variant file: missing" moves --variant-file "$vdir/nosuch.json"
bad "variant and variant file together" moves --variant russian --variant-file "$vdir/derived.json"
bad "neither variant nor variant file" moves
bad "compare with a bad file" compare --variant-file "$vdir/bad-field.json" --games 1
# issue 32: 100,000 levels of nesting (a 200 KB file) used to overflow the stack (exit 139).
python3 -c "print('{\"base\":\"russian\",\"name\":\"x\",\"man\":{\"steps\":' + '['*100000 + ']'*100000 + '}}')" > "$vdir/deep.json"
bad "variant file: nested 100,000 deep" perft --variant-file "$vdir/deep.json" --depth 3
printf '{"base": "russian", "name": "x", "board": {"width": 18446744073709551615}}' > "$vdir/wide.json"
check "variant file: 2^64-1 is not -1" "tradgames: error: DescriptorError: $vdir/wide.json: field 'board.width': 18446744073709551615 is out of range 1..26" \
      "$("$tg" moves --variant-file "$vdir/wide.json" 2>&1)"
check "bad field message names file and field" "tradgames: error: DescriptorError: $vdir/bad-field.json: field 'board.widht': unknown field (known here: shape, width, height, squares, orientation, links)" \
      "$("$tg" moves --variant-file "$vdir/bad-field.json" 2>&1)"
rm -rf "$vdir"

# Shards (issue 13): play --first-game + merge = one run; perft --split + --positions = perft.
st=$(mktemp -d)
untimed='import json,sys
def strip(o):
    return {k: v for k, v in o.items() if k not in ("seconds", "games_per_second", "plies_per_second", "threads", "digest")}
d = json.load(sys.stdin)
print(json.dumps([strip(o) for o in d] if isinstance(d, list) else strip(d), sort_keys=True))'
for v in russian shatra tobit tobit-4x4; do
    "$tg" play -v "$v" -n 50 --seed 9 --json >"$st/whole.json"
    "$tg" play -v "$v" -n 20 --seed 9 --json >"$st/a.json"
    "$tg" play -v "$v" -n 30 --first-game 20 --seed 9 --threads 1 --json >"$st/b.json"
    check "$v: play shards merged = one run (timing aside)" \
          "$(python3 -c "$untimed" <"$st/whole.json")" "$("$tg" merge "$st/b.json" "$st/a.json" --json | python3 -c "$untimed")"
    for paths in "" --paths; do
        "$tg" perft -v "$v" --split 2 $paths >"$st/split.jsonl"
        check "$v: perft --split 2 + --positions --depth 1 = perft 3 $paths" \
              "$("$tg" perft -v "$v" --depth 3 $paths --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')" \
              "$("$tg" perft --positions "$st/split.jsonl" --depth 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')"
    done
done
"$tg" perft -v russian --split 4 --paths >"$st/r4.jsonl"
check "russian perft 8 P from a split at 4 (variants/russian/RULES.md §3.2)" '929905 8 P' \
      "$("$tg" perft --positions "$st/r4.jsonl" --depth 4 --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["nodes"], d["depth"], d["counting"])')"
check "perft --split header" 'russian P 4 1469' \
      "$(head -n 1 "$st/r4.jsonl" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["variant"], d["counting"], d["depth"], d["nodes"])')"
"$tg" compare --variants russian,tobit -n 12 --seed 3 --json >"$st/cw.json"
"$tg" compare --variants russian,tobit -n 5 --seed 3 --json >"$st/c1.json"
"$tg" compare --variants russian,tobit -n 7 --first-game 5 --seed 3 --json >"$st/c2.json"
check "compare shards merged = one compare run" \
      "$(python3 -c "$untimed" <"$st/cw.json")" "$("$tg" merge "$st/c1.json" "$st/c2.json" --json | python3 -c "$untimed")"
check "merge --csv: first game and games" 'first_game,0,0 games,12,12' \
      "$("$tg" merge "$st/c1.json" "$st/c2.json" --csv | grep -E '^(first_game|games),' | paste -sd ' ')"
"$tg" play -v russian -n 5 --seed 4 --json >"$st/seed4.json"
"$tg" play -v russian -n 5 --seed 3 --first-game 10 --json >"$st/gap.json"
"$tg" play -v russian -n 5 --seed 3 --json >"$st/p1.json"
echo '{"variant": "russian"' >"$st/cut.json"
head -n 3 "$st/r4.jsonl" >"$st/cut.jsonl"
"$tg" perft -v russian --split 2 >"$st/u2.jsonl"
bad "merge: overlapping games" merge "$st/p1.json" "$st/p1.json"
bad "merge: another seed" merge "$st/p1.json" "$st/seed4.json"
bad "merge: a gap between game ranges" merge "$st/p1.json" "$st/gap.json"
bad "merge: play and compare results" merge "$st/p1.json" "$st/c1.json"
bad "merge: cut JSON" merge "$st/p1.json" "$st/cut.json"
bad "merge: missing file" merge "$st/nosuch.json"
bad "merge: a directory" merge "$st"
bad "merge without files" merge
bad "perft --positions: cut file" perft --positions "$st/cut.jsonl" --depth 1
bad "perft --positions: --paths on a U file" perft --positions "$st/u2.jsonl" --depth 1 --paths
bad "perft --positions without --depth" perft --positions "$st/u2.jsonl"
bad "perft --positions with --variant" perft --positions "$st/u2.jsonl" --depth 1 --variant russian
# issue 32: edited shards gave wrong totals with exit 0; endless input grew without bound.
sed '2s/"fen":"[^"]*"/"fen":"W:Wa1:Bh8"/' "$st/r4.jsonl" >"$st/edited.jsonl"
bad "perft --positions: a position replaced" perft --positions "$st/edited.jsonl" --depth 4
sed '1s/"depth":4/"depth":3/' "$st/r4.jsonl" >"$st/depth3.jsonl"
bad "perft --positions: header depth edited" perft --positions "$st/depth3.jsonl" --depth 4
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['legal_moves']+=1; print(json.dumps(d))" "$st/p1.json" >"$st/edited.json"
bad "merge: legal_moves edited" merge "$st/edited.json" "$st/p1.json"
bad "merge: endless input" merge "$st/p1.json" /dev/zero
bad "perft --positions: endless input" perft --positions /dev/zero --depth 1
bad "perft --split with --depth" perft --variant russian --split 2 --depth 3
bad "perft without --depth or --split" perft --variant russian
bad "play --first-game not a number" play -v russian --first-game -1
rm -rf "$st"

# egtb (README "Endgame databases"): the English 1 king v 1 king anchor, info and probe JSON
# fields, refused files.
eg=$(mktemp -d)
"$tg" egtb build --variant english --pieces 2 --dir "$eg" --threads 2 >/dev/null
check "egtb info: English K v K, White to move (published: 992, 230, 654, 108, 11)" '992 230 654 108 11' \
      "$("$tg" egtb info --variant english --dir "$eg" --json | json 's=[x for x in d["slices"] if x["material"]=={"white_men":0,"white_kings":1,"black_men":0,"black_kings":1}][0]; w=s["white_to_move"]; print(s["positions"], w["win"], w["draw"], w["loss"], w["longest_win"])')"
check "egtb info json fields" 'black_to_move material positions white_to_move' \
      "$("$tg" egtb info --variant english --dir "$eg" --json | json 'print(" ".join(sorted(d["slices"][0])))')"
check "egtb probe json" '{"fen": "W:WK14:BK18", "moves": [{"move": "14x23", "plies": 1, "value": "win"}], "plies": 1, "value": "win"}' \
      "$("$tg" egtb probe --variant english --dir "$eg" --fen W:WK14:BK18 --json | json 'print(json.dumps(d, sort_keys=True))')"
check "egtb verify" '0 ok' "$("$tg" egtb verify --variant english --dir "$eg" >/dev/null; echo "$? ok")"
bad "egtb probe: not covered" egtb probe --variant english --dir "$eg" --fen W:WK14,K1:BK18
bad "egtb probe: no directory" egtb probe --variant english --dir "$eg/none" --fen W:WK14:BK18
bad "egtb build: one piece" egtb build --variant english --pieces 1 --dir "$eg"
cp "$eg/english.w0m1k-b0m1k.egtb" "$eg/russian.w0m1k-b0m1k.egtb"
bad "egtb info: a file of another game" egtb info --variant russian --dir "$eg"
head -c 300 "$eg/english.w0m1k-b0m1k.egtb" >"$eg/english.w0m1k-b1m0k.egtb"
bad "egtb info: a truncated file" egtb info --variant english --dir "$eg"
# search and status with databases (README "search", "status"): 2 kings v 1 king, White's
# longest win (33 plies); a 2-ply search reports the database's distance and plays it out in
# the pv; a directory without files of the game is refused.
"$tg" egtb build --variant english --pieces 3 --dir "$eg/3" >/dev/null
check "search --egtb: database verdict, score and a 33-move pv" 'win|33|won in 33|33' \
      "$("$tg" search --variant english --fen W:WK1,K2:BK32 --egtb "$eg/3" --depth 2 --json | json 'print(d["database"]["value"], d["database"]["plies"], d["score"]["text"], len(d["lines"][0]["pv"]), sep="|")')"
check "search --egtb text output" 'database: win in 33 plies' \
      "$("$tg" search --variant english --fen W:WK1,K2:BK32 --egtb "$eg/3" --depth 2 | grep '^database')"
check "search without --egtb: no database field" 'False' \
      "$("$tg" search --variant english --fen W:WK1,K2:BK32 --depth 2 --json | json 'print("database" in d)')"
check "status --egtb" 'database: loss in 32 plies' \
      "$("$tg" status --variant english --fen B:WK5,K2:BK32 --egtb "$eg/3" | grep '^database')"
check "status --egtb --json, a position not covered" 'None' \
      "$("$tg" status --variant english --fen B:WK5,K2,K3:BK32 --egtb "$eg/3" --json | json 'print(d["database"])')"
bad "search --egtb: no files of the game" search --variant russian --egtb "$eg/3" --depth 1
bad "match: search egtb= without files" match -v russian -1 search:depth=1,egtb="$eg/none" -2 random -n 2
rm -rf "$eg"

# hub: a scripted session over standard input (README "Engine protocols: Hub").
hubout=$( (printf 'hub\nset-param name=variant value=normal\ninit\nping\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 17-22"\nlevel depth=2\ngo think\n'; sleep 1; printf 'quit\n') | "$tg" hub)
check "hub: handshake, ready, pong and the forced capture" "wait ready pong done move=28x17x22" \
      "$(printf '%s\n' "$hubout" | grep -E '^(wait|ready|pong|done)' | cut -d' ' -f1,2 | tr '\n' ' ' | sed 's/ $//')"
check "hub: a line over 1 MiB is refused, the session goes on" 'error pong' \
      "$( (head -c 1100000 /dev/zero | tr '\0' a; printf '\nping\n') | "$tg" hub | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
# match: JSON fields (README "match"), colours swapped per opening, a missing engine loses every
# game with the reason and every game is in the PDN, bad input.
mt=$(mktemp -d)
printf 'c3-d4 f6-g5  # one\ne3-f4\n' >"$mt/open.txt"
mj=$("$tg" match -v russian -1 random -2 greedy --openings "$mt/open.txt" -n 4 --movetime 1 --sprt 0,50 --json --pdn "$mt/g.pdn" 2>/dev/null)
check "match json fields" 'draws elo elo_high elo_low game_list games losses openings player1 player2 reasons score seconds sprt time variant wins' \
      "$(printf '%s' "$mj" | json 'print(" ".join(sorted(d)))')"
check "match colours and openings" 'True:0 False:0 True:1 False:1' \
      "$(printf '%s' "$mj" | json 'print(" ".join(str(g["player1_white"]) + ":" + str(g["opening"]) for g in d["game_list"]))')"
check "match pdn: every game" '4 4' "$(grep -c '^\[Termination ' "$mt/g.pdn") $(grep -c '^\[Opening ' "$mt/g.pdn")"
mj=$("$tg" match -v russian -1 cb:"$mt/none.so" -2 random -n 2 --json --pdn "$mt/h.pdn" 2>/dev/null)
check "match: a missing engine loses, named" '0 2 2' \
      "$(printf '%s' "$mj" | json 'print(d["wins"], d["losses"], sum(1 for g in d["game_list"] if "cannot load" in g["reason"]))')"
check "match: the missing engine's games in the PDN" '2' "$(grep -c 'cannot load' "$mt/h.pdn")"
# A Hub engine through the referee: the built-in engine over Hub (README "Matches").
mj=$("$tg" match -v international -1 hub:"$tg hub" -2 search:depth=1 -n 2 --movetime 20 --max-plies 30 --json 2>/dev/null)
check "match: hub:COMMAND plays, named by its id line" 'tradgames 0.1.0 2 ply cap (30)' \
      "$(printf '%s' "$mj" | json 'print(d["player1"]["name"], d["games"], " ".join(sorted(set(g["reason"] for g in d["game_list"]))))')"
bad "match: hub on Shatra (no Hub positions)" match -v shatra -1 hub:x -2 random
# lidraughts' forms (README "lidraughts"): positions both ways, bot moves both ways.
check "lidraughts: start position and moves both ways" 'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:H0:F1 3228 19-23' \
      "$("$tg" lidraughts -v international 32-28 1923 | tr '\n' ' ' | sed 's/ $//')"
check "lidraughts: Frisian counters to the library's L field" 'W:W36,K41:BK5,8,12:L41=3' \
      "$("$tg" lidraughts -v frisian --position 'W:W36,K41:B8,12,K5:H0:F1:+0+341')"
bad "lidraughts: no clocks" lidraughts -v international --position W:W31:B1
bad "lidraughts: algebraic squares" lidraughts -v russian
bad "lidraughts: both --fen and --position" lidraughts -v international --fen W:W31:B1 --position W:W31:B1:H0:F1
bad "lidraughts: a 100 kB position" lidraughts -v international --position "$(head -c 100000 /dev/zero | tr '\0' 1)"
# A CheckerBoard engine as a Hub engine (hub --engine cb:PATH.so), driven by the Hub host.
bad "hub --engine: not cb:" hub --engine scan
bad "hub --engine: a missing library" hub --engine cb:"$mt/none.so"
fk="$(dirname "$tg")/tests/fake_cb"
if [ -f "$fk/fake_cb_steps.so" ]; then
    mj=$("$tg" match -v russian -1 hub:"$tg hub --engine cb:$fk/fake_cb_steps.so" -2 greedy -n 2 --movetime 20 --json 2>/dev/null)
    check "match: hub --engine cb: plays, named by the engine" 'fake engine 6 (CheckerBoard engine through tradgames 0.1.0) 2' \
          "$(printf '%s' "$mj" | json 'print(d["player1"]["name"], d["games"])')"
    mj=$("$tg" match -v russian -1 hub:"$tg hub --engine cb:$fk/fake_cb_crash.so" -2 greedy -n 1 --movetime 20 --json 2>/dev/null)
    check "match: hub --engine cb: a crash is the engine's error line" 'True' \
          "$(printf '%s' "$mj" | json 'r = d["game_list"][0]["reason"]; print("engine error: fake engine 1: engine crashed (signal 11" in r or (__import__("os").environ.get("TRADGAMES_SANITIZED") is not None and "engine error: fake engine 1: engine exited" in r))')"
else
    echo "skip hub --engine cb: fake engines not built at $fk"
fi
# KestoG (a real CheckerBoard engine) through hub --engine, when its source is given: its code is
# not part of this project, so CI skips this unless TRADGAMES_KESTOG_SOURCE names KestoG.C.
if [ -n "${TRADGAMES_KESTOG_SOURCE:-}" ] && [ -f "$TRADGAMES_KESTOG_SOURCE" ] && command -v cc >/dev/null; then
    cc -O2 -shared -fPIC -x c "$TRADGAMES_KESTOG_SOURCE" -o "$mt/libkestog.so" 2>/dev/null
    mj=$("$tg" match -v russian -1 hub:"$tg hub --engine cb:$mt/libkestog.so" -2 search:depth=1 -n 2 --movetime 50 --max-plies 40 --json 2>/dev/null)
    check "match: KestoG through hub --engine, games end by the rules" 'KestoG variklis v1.1 2 True' \
          "$(printf '%s' "$mj" | json 'print(d["player1"]["name"].split(" (")[0], d["games"], all("engine" not in g["reason"] for g in d["game_list"]))')"
else
    echo "skip KestoG through hub --engine: set TRADGAMES_KESTOG_SOURCE to KestoG.C to run it"
fi
bad "match: unknown player" match -v russian -1 alphabeta -2 random
# DXP over loopback: a follower on a free port (--listen 0 prints it), an initiator plays one game.
dx=$(mktemp -d)
"$tg" dxp --listen 0 --sessions 1 --player search:depth=1 --movetime 10 --timeout 20 >"$dx/f.out" 2>"$dx/f.err" &
dxpid=$!
for _ in $(seq 100); do grep -q 'listening on' "$dx/f.err" && break; sleep 0.1; done
dport=$(sed -n 's/^dxp: listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$dx/f.err")
di=$("$tg" dxp --connect "127.0.0.1:$dport" --player search:depth=2 --movetime 10 --timeout 20 -q)
wait "$dxpid"
check "dxp: initiator and follower agree on the game" "$(cat "$dx/f.out")" "$di"
check "dxp: the game ended by the rules" 'yes' "$(printf '%s' "$di" | grep -qE '^game 1: (white_wins|black_wins|draw), [0-9]+ plies' && echo yes)"
rm -rf "$dx"
bad "dxp: neither --listen nor --connect" dxp
bad "dxp: connect without a host" dxp --connect 27531
bad "dxp: nobody listening" dxp --connect 127.0.0.1:1
bad "match: cb on a 10x10 game" match -v international -1 cb:x.so -2 random
bad "match: bad sprt" match -v russian -1 random -2 random --sprt 5,0
bad "match: bad opening" match -v russian -1 random -2 random --openings "$mt/g.pdn"
rm -rf "$mt"

# study (README "Variant studies"): shards merged = one run, thread counts, fields, bad input.
sd=$(mktemp -d)
suntimed='import json,sys
d = json.load(sys.stdin)
for k in ("seconds", "threads", "digest"): d.pop(k)
for c in d["cells"]:
    for k in ("seconds", "seconds_sq"): c.pop(k)
    c["measures"].pop("seconds_per_game")
print(json.dumps(d, sort_keys=True))'
sargs="--variants russian,turkish:promotion=king --players random,search:depth=1 --mixed --seed 5"
"$tg" study $sargs -n 10 --threads 1 --json >"$sd/whole.json"
"$tg" study $sargs -n 10 --threads 3 --json >"$sd/whole3.json"
"$tg" study $sargs -n 4 --json >"$sd/a.json"
"$tg" study $sargs -n 6 --first-game 4 --json >"$sd/b.json"
check "study: the same for 1 and 3 threads (timing aside)" \
      "$(python3 -c "$suntimed" <"$sd/whole.json")" "$(python3 -c "$suntimed" <"$sd/whole3.json")"
check "study: shards merged = one run (timing aside)" \
      "$(python3 -c "$suntimed" <"$sd/whole.json")" "$("$tg" merge "$sd/b.json" "$sd/a.json" --json | python3 -c "$suntimed")"
check "study: cells and measures" '8 balance branching_factor capture_length capture_move_share capture_position_share decisiveness drama draw_rate first_player_score first_player_win_rate lead_changes_per_game length promotions_per_game second_player_win_rate seconds_per_game uncertainty' \
      "$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["cells"]), " ".join(sorted(d["cells"][0]["measures"])))' <"$sd/whole.json")"
check "study --csv header and rows" 'variant,white,black,games,measure,value,low,high,method 128' \
      "$("$tg" study $sargs -n 2 --csv | head -n 1) $("$tg" study $sargs -n 2 --csv | grep -vc '^variant,\|reason:')"
# The text table: a block per cell, each measure's value and interval as in --json (4 decimals).
stext='import json,sys
d = json.load(open(sys.argv[1])); text = open(sys.argv[2]).read().splitlines()
bad = []
for c in d["cells"]:
    head = "%s: %s (White) vs %s (Black), games %d..%d" % (c["variant"], c["white"], c["black"], c["first_game"], c["first_game"] + c["games"] - 1)
    at = text.index(head)
    for k, e in c["measures"].items():
        if k == "seconds_per_game" or e["value"] is None or e["low"] is None: continue
        want = "%.4f  [%.4f, %.4f]  %s" % (e["value"], e["low"], e["high"], e["method"])
        line = next(l for l in text[at + 1:] if l.split()[:1] == [k])
        if " ".join(line.split()[1:]) != " ".join(want.split()): bad.append((head, k, line))
print(len(d["cells"]), "blocks", "ok" if not bad else bad)'
"$tg" study $sargs -n 10 >"$sd/whole.txt"
check "study: the text table shows every cell and measure as --json does" '8 blocks ok' \
      "$(python3 -c "$stext" "$sd/whole.json" "$sd/whole.txt")"
# merge of study shards, as CSV: the CSV of the single run but for the timing rows.
check "study: merged shards' CSV = one run's CSV (timing rows aside)" \
      "$("$tg" study $sargs -n 10 --csv | grep -v seconds_per_game)" \
      "$("$tg" merge "$sd/a.json" "$sd/b.json" --csv | grep -v seconds_per_game)"
check "study: merged shards' text = one run's text (timing lines aside)" \
      "$(grep -v 'seconds_per_game\| threads$' "$sd/whole.txt")" \
      "$("$tg" merge "$sd/b.json" "$sd/a.json" | grep -v 'seconds_per_game\| threads$')"
# --records: one JSON line a game; the lines add up to the cells' counts.
"$tg" study $sargs -n 3 --records "$sd/rec.jsonl" --json >"$sd/rec.json"
srec='import json,sys
d = json.load(open(sys.argv[1])); lines = [json.loads(l) for l in open(sys.argv[2])]
ok = len(lines) == 3 * len(d["cells"])
for i, c in enumerate(d["cells"]):
    g = [l for l in lines if l["cell"] == i]
    ok &= [l["index"] for l in g] == [0, 1, 2] and all((l["variant"], l["white"], l["black"]) == (c["variant"], c["white"], c["black"]) for l in g)
    ok &= all(len(l["moves"]) == l["plies"] for l in g)
    k = c["counts"]
    ok &= sum(l["legal_moves"] for l in g) == k["branching"]["a"] and sum(l["plies"] for l in g) == k["length"]["a"]
    ok &= sum(l["capture_moves"] for l in g) == k["capture_moves"]["a"] and sum(l["promotions"] for l in g) == k["promotions"]["a"]
    ok &= sorted(l["result"] for l in g) == sorted(sum(([o] * n for o, n in k["outcomes"].items()), []))
print(len(lines), ok)'
check "study --records: a line per game, adding up to the counts" '24 True' \
      "$(python3 -c "$srec" "$sd/rec.json" "$sd/rec.jsonl")"
bad "study: --records into a missing directory" study --variants russian -n 1 --records "$sd/no/such/dir/r.jsonl"
sed 's/"seed":5/"seed":6/' "$sd/a.json" >"$sd/edited.json"
bad "study: unknown variant" study --variants russian,nosuch
bad "study: bad variant option" study --variants turkish:promotion=maybe
bad "study: bad player" study --variants russian --players search:dpth=2
bad "study: an external engine" study --variants russian --players cb:x.so
bad "study: no variants" study --players random
bad "study: 0 games" study --variants russian -n 0
bad "merge: study shards overlapping" merge "$sd/a.json" "$sd/a.json"
bad "merge: an edited study result" merge "$sd/edited.json" "$sd/b.json"
"$tg" play -v russian -n 5 --json >"$sd/play.json"
bad "merge: a study and a play result" merge "$sd/a.json" "$sd/play.json"
rm -rf "$sd"

# search (README "The engine"): a proven win, the JSON fields, info lines, bad limits and specs.
check "search: proven win (tactics table)" 'd8-a5 True' \
      "$("$tg" search -v russian -f W:WKd8,f6:Bb4 --depth 6 --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["best"], d["score"]["proven"])')"
check "search json fields" 'best depth lines nodes nps position score seldepth stopped time_ms variant' \
      "$("$tg" search -v shatra --depth 2 --json | python3 -c 'import json,sys; print(" ".join(sorted(json.load(sys.stdin))))')"
check "search: info line per iteration, then bestmove" '4 bestmove' \
      "$("$tg" search -v tobit --depth 4 | awk '/^info/{n++} /^bestmove/{b=$1} END{print n, b}')"
check "search: multipv lines" '3' \
      "$("$tg" search -v international --depth 3 --multipv 3 --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["lines"]))')"
check "play: engine players" 'white: search:depth=2, black: random 4' \
      "$("$tg" play -v english -n 4 --white-policy search:depth=2 --black-policy random --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["policy"], d["outcomes"]["white_wins"])')"
bad "search: depth and movetime" search -v russian --depth 3 --movetime 10
bad "search: depth 0" search -v russian --depth 0
bad "play: bad player spec" play -v russian --policy search:dpth=2
# tune (README "Evaluation weights"): a weights file the engine reads back, reproducible, bad options.
tunedir=$(mktemp -d)
"$tg" tune -v russian --games 6 --depth 1 --steps 50 -o "$tunedir/tuned.json" >/dev/null
check "tune: weights file lists every kind, the recipe in source" 'king man tradgames tune --variant russian --games 6 --depth 1 --random-plies 8 --seed 1 --steps 50 --l2 0.005 --min-support 0.01 --max-term 25' \
      "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(" ".join(sorted(d["kinds"])), d["source"])' "$tunedir/tuned.json")"
check "tune: the same command, the same weights" "$(cat "$tunedir/tuned.json")" \
      "$("$tg" tune -v russian --games 6 --depth 1 --steps 50 2>/dev/null)"
rm -rf "$tunedir"
bad "tune: no games" tune -v russian --games 0
bad "tune: depth 21" tune -v russian --depth 21
bad "play: unknown player" play -v russian --white-policy cb:x.so

exit $fail
