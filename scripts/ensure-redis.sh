#!/usr/bin/env bash
# The limit tests run on Redis too (two API instances must share one limit), against
# 127.0.0.1:6379 unless REDIS_URL says otherwise. Start a throwaway server when none
# answers; install it when we can (root with apt), else say exactly what to run.
set -euo pipefail

url="${REDIS_URL:-redis://127.0.0.1:6379}"
if command -v redis-cli >/dev/null 2>&1 && redis-cli -u "$url" ping >/dev/null 2>&1; then exit 0; fi
if [ -n "${REDIS_URL:-}" ]; then
  echo "REDIS_URL=$REDIS_URL does not answer." >&2
  exit 1
fi

if ! command -v redis-server >/dev/null 2>&1; then
  echo "Installing redis-server for the limit tests"
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "Cannot install it here. Please run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y redis-server" >&2
    exit 1
  fi
fi

# In memory only: test counters are worthless after the run.
redis-server --bind 127.0.0.1 --port 6379 --save '' --appendonly no --daemonize yes >/dev/null
for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && exit 0; sleep 0.2; done
echo "redis-server did not start" >&2
exit 1
