#!/usr/bin/env bash
# Fails when Sources/ (Folio, and the products and tools around it) calls
# `precondition`, `assert`, `preconditionFailure` or `assertionFailure`
# outside of the exceptions below. Documented misuse stops through
# `checkProgrammerError` or `fatalProgrammerError`
# (Core/Error/ProgrammerError.swift), whose message an optimized build
# keeps; `precondition` loses it under -O, and `assert` does not check at
# all. Comments (`//`, `///`) are not searched.
set -euo pipefail
cd "$(dirname "$0")/.."

# Exceptions: `path:text` pairs, the text being a part of the line that is
# allowed. Each one must be an internal invariant that no call of the public
# API can break, checked in debug builds only on purpose, with a comment
# here that says why. There is none today: the last one, the `assert` of
# `LayerSlot`, became a check in every build (`LayerSlot.value(as:)`
# compares the class of the value before its `unsafeDowncast`).
allowed=()

found=$(grep -rnE '\b(precondition|assert|preconditionFailure|assertionFailure)\(' Sources \
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
