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

# Two single-threaded stages side by side, one a core: each one's output is printed once both
# are done (not interleaved), with its own time; the pair fails if either does.
run_pair() {
  local name_a=$1 cmd_a=$2 name_b=$3 cmd_b=$4
  local out_a out_b start=$SECONDS
  out_a=$(mktemp) out_b=$(mktemp)
  echo "── stage: $name_a and $name_b, side by side"
  (s=$SECONDS; bash -c "$cmd_a" >"$out_a" 2>&1; rc=$?; echo "$rc $((SECONDS - s))" >"$out_a.rc") &
  local pid_a=$!
  (s=$SECONDS; bash -c "$cmd_b" >"$out_b" 2>&1; rc=$?; echo "$rc $((SECONDS - s))" >"$out_b.rc") &
  local pid_b=$!
  wait $pid_a $pid_b
  local failed=0
  for pair in "$name_a:$out_a" "$name_b:$out_b"; do
    local name=${pair%%:*} out=${pair#*:}
    local rc took
    read -r rc took <"$out.rc"
    cat "$out"
    summary+=("$(printf '%-14s %5d s%s' "$name" "$took" "$([ "$rc" -ne 0 ] && echo "  (failed, exit $rc)")")")
    echo "── stage: $name took ${took} s"
    [ "$rc" -ne 0 ] && failed=$rc
    rm -f "$out" "$out.rc"
  done
  echo "── stages $name_a and $name_b took $((SECONDS - start)) s together"
  if [ "$failed" -ne 0 ]; then
    printf '%s\n' "── stage times:" "${summary[@]}"
    exit "$failed"
  fi
}

# What the stages need from the machine (browsers, w3m, nginx, a PostgreSQL): stops here, in a
# second, with the apt-get line that installs what is missing, or says which stage it will skip.
run_stage preflight bash scripts/preflight.sh
run_stage layers npm run -s check:layers
run_stage contract npm run -s check:contract
# The type check (tsc) and the build (Vite) each use one core and touch different files
# (.react-router/types and build/), so they run together.
run_pair typecheck "npm run -s typecheck" build "npm run -s build"
run_stage unit npm run -s test:unit
run_stage crash npm run -s test:crash
run_stage e2e npm run -s test:e2e
# Two instances behind nginx on PostgreSQL (the journeys, then the chaos run): needs PostgreSQL,
# so it runs where TEST_DATABASE_URL names one (CI always does), as the crash tests' PostgreSQL half.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  run_stage two-instances npm run -s test:two-instances
else
  echo "── stage: two-instances skipped (set TEST_DATABASE_URL to a PostgreSQL to run it; docs/testing.md)"
fi
printf '%s\n' "── stage times:" "${summary[@]}"
