#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-browser.sh
bash scripts/ensure-redis.sh
npm run typecheck
npm run lint
npx vitest run --project lint --project contract --project api --project web
npm run test:e2e
