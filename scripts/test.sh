#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. The checks that use one core
# each (typecheck, lint, the web build the browser tests serve) run side by side; then
# the unit and API tests; then the browser tests on that build.
set -euo pipefail
cd "$(dirname "$0")/.."

# Runs each command in the background with its output kept aside, prints each output
# whole (in the order given) once all have ended, and fails when any failed.
side_by_side() {
  local commands=("$@") pids=() logs=() status=0 i
  for command in "${commands[@]}"; do
    logs+=("$(mktemp)")
    bash -c "$command" >"${logs[-1]}" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      echo "── ${commands[$i]}: ok"
    else
      status=1
      echo "── ${commands[$i]}: FAILED"
    fi
    cat "${logs[$i]}"
    rm -f "${logs[$i]}"
  done
  return $status
}

phase() {
  echo "── $1 ($((SECONDS - started)) s since npm test started)"
}

started=$SECONDS
bash scripts/ensure-browser.sh
bash scripts/ensure-redis.sh
phase 'typecheck, lint and its formatting check, and the web builds (the borrowers app, then the back office console), side by side'
side_by_side 'npm run typecheck' 'npm run lint && npm run -s format:check' 'npm run build -w apps/web && npm run build -w apps/admin'
phase 'unit and API tests'
npx vitest run --project lint --project contract --project api-no-db --project api --project web
# `npm run test:e2e` without its builds: the ones above are current.
phase 'browser tests'
npx vitest run --project e2e
phase 'done'
