#!/usr/bin/env bash
# `npm run test:soak [-- RUNS]`: proves the suite does not flake. Two fresh clones of HEAD: one runs
# `npm test` RUNS times in a row (default 5) as a new user would (CI unset: two Playwright workers, no
# retries), while the other runs `npm test` over and over to load the machine. Stops at the first failure
# and keeps its log; a failed load run counts too (it is the same suite, only the other clone). Needs what
# `npm test` needs (a Chromium, see README 'Tests').
set -euo pipefail
runs="${1:-5}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/likeness-soak-XXXXXX")"
echo "Soak: $runs runs of npm test under load, in $work"

for name in measured load; do
  git clone --quiet "$repo" "$work/$name"
  # A clone of the project sits beside ../shared like the project itself does.
  [ -e "$repo/../shared" ] && ln -s "$repo/../shared" "$work/shared" 2>/dev/null || true
  (cd "$work/$name" && ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null)
done

# The load runs in its own process group, so the end of the measured runs stops it mid-run.
setsid bash -c '
  cd "$1/load"
  i=0
  while true; do
    i=$((i + 1))
    if env -u CI npm test >"$1/load-$i.log" 2>&1; then echo "load run $i passed"
    else echo "load run $i FAILED: $1/load-$i.log" | tee -a "$1/load-failures"; fi
  done
' soak-load "$work" &
loader=$!
stop_load() { kill -- -"$loader" 2>/dev/null || true; }
trap stop_load EXIT

plain() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }

status=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if (cd "$work/measured" && env -u CI npm test >"$work/run-$i.log" 2>&1); then
    vitest=$(plain "$work/run-$i.log" | grep -aoE 'Duration +[0-9.]+s' | head -1 | grep -oE '[0-9.]+s' || true)
    e2e=$(plain "$work/run-$i.log" | grep -aoE '[0-9]+ passed \([0-9.]+m?s?\)' | tail -1 || true)
    echo "run $i/$runs passed in $(($(date +%s) - start)) s (vitest $vitest; playwright $e2e)"
  else
    echo "run $i/$runs FAILED after $(($(date +%s) - start)) s: $work/run-$i.log"
    grep -aE '✘|FAIL|failed|flaky' "$work/run-$i.log" | head -20 || true
    status=1
    break
  fi
done
stop_load
if [ -s "$work/load-failures" ]; then
  echo "A load run failed: $(cat "$work/load-failures")"
  status=1
fi
[ "$status" = 0 ] && echo "All $runs runs passed under load, and every finished load run passed." && rm -rf "$work"
exit "$status"
