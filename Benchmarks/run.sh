#!/usr/bin/env bash
# Builds the benchmarks in release mode and runs them: raw C, GRDB 7.10.0
# and Folio, side by side. See README.md.
#
#   ./run.sh                 all workloads, 20 interleaved samples each
#   ./run.sh --quick         5 samples
#   ./run.sh 3               workload 3 only (also: 1,2,9 or 5-7)
#   ./run.sh --quick 8-9     combine them
#
# Other arguments go to the FolioBench executable (--samples N, --lib c,grdb,folio,
# --verbose); the JSON results go to Benchmarks/results.json (or $BENCH_JSON).
set -euo pipefail
cd "$(dirname "$0")"

arguments=()
for argument in "$@"; do
    if [[ "$argument" =~ ^[0-9][0-9,-]*$ ]]; then
        arguments+=(--filter "$argument")
    else
        arguments+=("$argument")
    fi
done

swift build -c release --product FolioBench >&2
exec .build/release/FolioBench --json "${BENCH_JSON:-results.json}" "${arguments[@]}"
