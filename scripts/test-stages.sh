#!/usr/bin/env bash
# `npm test`: every check in order, each stage's wall time printed (and a summary at the end),
# stopping at the first that fails.
set -uo pipefail
cd "$(dirname "$0")/.."

summary=()
run_stage() {
  local name=$1
  shift
  local start=$SECONDS
  echo "── stage: $name"
  "$@"
  local rc=$?
  local took=$((SECONDS - start))
  summary+=("$(printf '%-14s %5d s%s' "$name" "$took" "$([ $rc -ne 0 ] && echo "  (failed, exit $rc)")")")
  echo "── stage: $name took ${took} s"
  if [ $rc -ne 0 ]; then
    printf '%s\n' "── stage times:" "${summary[@]}"
    exit $rc
  fi
}

run_stage layers npm run -s check:layers
run_stage contract npm run -s check:contract
run_stage typecheck npm run -s typecheck
run_stage unit npm run -s test:unit
run_stage build npm run -s build
run_stage crash npm run -s test:crash
run_stage e2e npm run -s test:e2e
printf '%s\n' "── stage times:" "${summary[@]}"
