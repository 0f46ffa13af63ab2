#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. The web builds first (seconds;
# the server's first-view test and the browser tests serve them); then the unit and API
# tests, with the typecheck and the formatting check running beside them; then the browser
# tests, with the lint beside them.
#
# Why beside: the checks are one-core jobs, and each phase they join leaves part of the two
# cores idle. The unit and API tests keep both cores busy but for the typecheck's and the
# formatting check's share (decision 0199). The browser tests wait on pages, jobs and the
# clock for about an eighth of their phase (89 idle core-seconds of 731), where the lint
# (about 55 CPU-s, 40 s alone, since decision 0200) now runs (decision 0199, amended
# 2026-11-30; docs/benchmarks.md, "Test suite", an eleventh session).
set -euo pipefail
cd "$(dirname "$0")/.."

# Starts each command in the background with its output kept aside (background_pids,
# background_logs, background_commands).
background_pids=()
background_logs=()
background_commands=()
start_in_background() {
  local command
  for command in "$@"; do
    background_logs+=("$(mktemp)")
    bash -c "$command" >"${background_logs[-1]}" 2>&1 &
    background_pids+=($!)
    background_commands+=("$command")
  done
}

# Waits for what start_in_background started, prints each output whole (in the order
# started), and fails when any failed.
finish_background() {
  local status=0 i
  for i in "${!background_pids[@]}"; do
    if wait "${background_pids[$i]}"; then
      echo "── ${background_commands[$i]}: ok"
    else
      status=1
      echo "── ${background_commands[$i]}: FAILED"
    fi
    cat "${background_logs[$i]}"
    rm -f "${background_logs[$i]}"
  done
  background_pids=()
  background_logs=()
  background_commands=()
  return $status
}

phase() {
  echo "── $1 ($((SECONDS - started)) s since npm test started)"
}

# A phase: its tests (the second argument, a command) in the foreground and its checks (the
# arguments after the third, each a command) in the background; fails once both have ended,
# naming which failed.
tests_with_checks_beside() {
  local tests_label=$1 tests_command=$2 checks_label=$3
  shift 3
  start_in_background "$@"
  local tests_status=0 checks_status=0
  bash -c "$tests_command" || tests_status=$?
  phase "the $checks_label beside the $tests_label"
  finish_background || checks_status=$?
  if [ "$tests_status" -ne 0 ] || [ "$checks_status" -ne 0 ]; then
    echo "── npm test: FAILED ($tests_label: exit $tests_status; $checks_label: exit $checks_status)"
    exit 1
  fi
}

started=$SECONDS
bash scripts/ensure-browser.sh
bash scripts/ensure-redis.sh
phase 'the web builds (the borrowers app, then the back office console)'
npm run build -w apps/web
npm run build -w apps/admin
phase 'unit and API tests; the typecheck and the formatting check beside them (their output when they end)'
tests_with_checks_beside 'unit and API tests' \
  'npx vitest run --project lint --project contract --project api-no-db --project api --project web' \
  'checks' 'npm run typecheck' 'npm run -s format:check'
# `npm run test:e2e` without its builds: the ones above are current.
phase 'browser tests; the lint beside them (its output when they end)'
tests_with_checks_beside 'browser tests' 'npx vitest run --project e2e' 'lint' 'npm run lint'
phase 'done'
