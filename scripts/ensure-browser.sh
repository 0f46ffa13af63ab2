#!/usr/bin/env bash
# Browser tests need Debian's chromium and CJK fonts (without them Chinese renders as
# empty boxes). Install them when we can (root with apt), else say exactly what to run.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then missing+=(fonts-noto-cjk); fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing Debian packages for the browser tests: ${missing[*]}"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Cannot install them here. Please run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
