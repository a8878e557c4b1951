#!/usr/bin/env bash
# `npm test`'s first step (scripts/test-stages.sh): is everything the stages need on this
# machine? Answers in a second. What a stage cannot run without stops the run here with the one
# line that installs it (the suite would otherwise run for minutes before the browser stage
# failed); a stage that is optional says here that it will be skipped, and why.
#
# The paths are the ones the stages use, each overridable as they are:
#   PLAYWRIGHT_CHROMIUM_PATH (playwright.config.ts: else Debian's headless shell, else chromium),
#   W3M_BIN (e2e/text-render.ts and its unit test: /usr/bin/w3m), NGINX_BIN (scripts/two-instances.ts).
# PREFLIGHT_ROOT (a folder put before each default system path) only for this script's own
# test (tests/unit/preflight.test.ts), which plays a bare machine and a full one.
set -uo pipefail
cd "$(dirname "$0")/.."

missing=()
problems=()

root=${PREFLIGHT_ROOT:-}
node_bin=node
if ! "$node_bin" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)' 2>/dev/null; then
  problems+=("Node.js 20.19 or later is needed (package.json engines); this is $("$node_bin" --version 2>/dev/null || echo 'no node')")
fi
if [ ! -d node_modules/vitest ] || [ ! -d node_modules/@playwright/test ]; then
  problems+=("the dependencies are not installed: run npm install")
fi

# The browser tests (e2e): Chromium's headless shell, or the full browser.
chromium=${PLAYWRIGHT_CHROMIUM_PATH:-}
if [ -n "$chromium" ]; then
  [ -x "$chromium" ] || problems+=("PLAYWRIGHT_CHROMIUM_PATH is $chromium, which is not an executable")
elif [ ! -x "$root/usr/bin/chromium-headless-shell" ] && [ ! -x "$root/usr/bin/chromium" ]; then
  missing+=(chromium-headless-shell)
fi
# Every page state read as a text browser does (the unit and e2e stages).
[ -x "${W3M_BIN:-$root/usr/bin/w3m}" ] || missing+=(w3m)

# The PostgreSQL halves (crash, and the two-instance stage) run where TEST_DATABASE_URL names one.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "preflight: the two-instance stage and the crash tests' PostgreSQL half will be skipped: TEST_DATABASE_URL is not set."
  echo "           To run them, point it at an empty PostgreSQL database (docs/testing.md; .ci/run starts one: apt-get install -y postgresql)."
else
  [ -x "${NGINX_BIN:-$root/usr/sbin/nginx}" ] || missing+=(nginx)
  if ! "$node_bin" -e '
    const { Client } = require("pg");
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
    client.connect().then(() => client.end()).then(() => process.exit(0), () => process.exit(1));
  ' 2>/dev/null; then
    problems+=("TEST_DATABASE_URL is set but no PostgreSQL answers there (start it, or unset TEST_DATABASE_URL to skip the two-instance stage)")
  fi
fi

if [ ${#missing[@]} -gt 0 ]; then
  problems+=("missing from this machine: ${missing[*]}. Install them (as root) with:
    apt-get install -y ${missing[*]}")
fi
if [ ${#problems[@]} -gt 0 ]; then
  echo "preflight: npm test cannot run here yet:" >&2
  for problem in "${problems[@]}"; do echo "  - $problem" >&2; done
  exit 1
fi
echo "preflight: everything the stages need is here."
