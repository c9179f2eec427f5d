#!/usr/bin/env bash
# FolioDqlite against go-dqlite on the same three-node cluster (issue 31):
# point reads by key and single-row inserts, one client, one at a time.
#
# 1. Three dqlite-benchmark nodes form a cluster (127.0.0.1:9101-9103); the
#    third, not the leader, drives go-dqlite's kvreadwrite workload (the Go
#    database/sql client over TCP to the leader: INSERT OR REPLACE of a
#    32-byte key and a 1,024-byte value, and SELECT value by key) for
#    $DURATION seconds.
# 2. The third node restarts without the driver, and DqliteBench (release
#    build) runs the same statements through FolioDqlite, $COUNT of each,
#    against the same cluster.
# Prints the median and p90 latencies of both, in milliseconds.
set -euo pipefail
cd "$(dirname "$0")"
DURATION=${DURATION:-10}
COUNT=${COUNT:-1000}
command -v dqlite-benchmark >/dev/null || { echo "apt-get install -y go-dqlite" >&2; exit 1; }
FOLIO_WITHOUT_MACROS=1 swift build -c release --product DqliteBench >/dev/null
dir=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT
mkdir -p "$dir"/b1 "$dir"/b2 "$dir"/b3
servers=127.0.0.1:9101,127.0.0.1:9102,127.0.0.1:9103
dqlite-benchmark --db 127.0.0.1:9101 -D "$dir/b1" >"$dir/b1.log" 2>&1 & pids+=($!)
sleep 1
dqlite-benchmark --db 127.0.0.1:9102 --join 127.0.0.1:9101 -D "$dir/b2" >"$dir/b2.log" 2>&1 & pids+=($!)
dqlite-benchmark --db 127.0.0.1:9103 --join 127.0.0.1:9101 -D "$dir/b3" --driver --cluster "$servers" \
    --workload kvreadwrite --duration "$DURATION" >"$dir/b3.log" 2>&1
median() { # file of "timestamp ms" lines after the header -> "median p90 n"
    awk '/^[0-9]+ [0-9.]+$/ { print $2 }' "$1" | sort -n | awk '{ v[NR] = $1 } END {
        printf "median %.3f ms  p90 %.3f ms  (n = %d)\n", v[int(NR / 2) + 1], v[int(NR * 9 / 10) + 1], NR }'
}
echo "go-dqlite (dqlite-benchmark kvreadwrite, ${DURATION} s):"
echo "  insert (ExecContext, autocommit)      $(median "$dir"/b3/*/results/0-exec-*)"
echo "  point read (QueryRowContext)          $(median "$dir"/b3/*/results/0-query-*)"
dqlite-benchmark --db 127.0.0.1:9103 --join 127.0.0.1:9101 -D "$dir/b3" >"$dir/b3-again.log" 2>&1 & pids+=($!)
sleep 2
echo "Folio (DqliteBench, $COUNT of each):"
.build/release/DqliteBench "$servers" "$COUNT" | sed 's/^/  /'
DQLITE_BENCH_EXEC_SQL=1 .build/release/DqliteBench "$servers" "$COUNT" | sed 's/^/  /'
