#!/usr/bin/env bash
# Installs the reference peer (npm dnd-combat-simulator 0.3.15) into
# bench/peer/node_modules, which git ignores. Run by run.sh when missing.
set -euo pipefail
cd "$(dirname "$0")"
want=0.3.15
if ! command -v npm >/dev/null 2>&1; then
  echo "install.sh: npm is missing (Debian: apt-get install npm)" >&2
  exit 1
fi
npm install --no-package-lock --no-audit --no-fund --silent
got=$(node -p 'require("dnd-combat-simulator/package.json").version')
if [ "$got" != "$want" ]; then
  echo "install.sh: installed dnd-combat-simulator $got, want $want" >&2
  exit 1
fi
echo "dnd-combat-simulator $got installed in $(pwd)/node_modules"
