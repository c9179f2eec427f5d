#!/usr/bin/env bash
# Fails when Sources/Folio calls `precondition`, `assert`,
# `preconditionFailure` or `assertionFailure` outside of the exceptions
# below. Documented misuse stops through `checkProgrammerError` or
# `fatalProgrammerError` (Core/Error/ProgrammerError.swift), whose message an
# optimized build keeps; `precondition` loses it under -O, and `assert` does
# not check at all. Comments (`//`, `///`) are not searched.
set -euo pipefail
cd "$(dirname "$0")/.."

# Exceptions: `path:text` pairs, the text being a part of the line that is
# allowed. Each one is an internal invariant that no call of the public API
# can break, checked in debug builds only on purpose.
allowed=(
    # The type of a layer slot's value: each slot has one owner layer,
    # which stores and reads one type (an internal invariant). The release
    # build reads it with unsafeDowncast, without the dynamic cast.
    "Sources/Folio/Core/Connection/LayerSlot.swift:assert(value is Value,"
)

found=$(grep -rnE '\b(precondition|assert|preconditionFailure|assertionFailure)\(' Sources/Folio \
    --include='*.swift' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
status=0
while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    path=${hit%%:*}
    ok=false
    for exception in "${allowed[@]}"; do
        if [ "$path" = "${exception%%:*}" ] && [[ "$hit" == *"${exception#*:}"* ]]; then
            ok=true
        fi
    done
    if ! $ok; then
        echo "$hit"
        status=1
    fi
done <<< "$found"
if [ $status -ne 0 ]; then
    echo "error: use checkProgrammerError or fatalProgrammerError (Core/Error/ProgrammerError.swift), with a message, instead of precondition or assert (or add a commented exception to Scripts/check-no-preconditions.sh for an internal invariant)" >&2
fi
exit $status
