#!/usr/bin/env bash
# The production path from a fresh clone (issue 16 hole 13, ADR 153), as a host or image runs it:
# NODE_ENV=production before `npm install` (so devDependencies are left out), `npm run build`, then
# `npm start` in production mode against PostgreSQL on a free port. Passes when the home page answers
# 200 without the demo strip and the server stops on SIGTERM. Slow (install + build): not in npm test.
#
#   scripts/production-smoke.sh [repository]      default: this checkout's committed HEAD
#   SMOKE_PG=postgres://postgres@127.0.0.1:5432   the server; SMOKE_DB=shop_smoke is dropped and recreated
#   SMOKE_REF=<commit>                             check an older commit (e.g. to see it fail)
set -euo pipefail

repo=${1:-$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)}
pg=${SMOKE_PG:-postgres://postgres@127.0.0.1:5432}
db=${SMOKE_DB:-shop_smoke}
work=$(mktemp -d /tmp/shop-smoke.XXXXXX)
server=''
started=$(date +%s)

cleanup() {
  if [[ -n $server ]] && kill -0 "$server" 2>/dev/null; then
    kill -TERM -- "-$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { echo "[smoke +$(($(date +%s) - started))s] $*"; }

step "cloning $repo into $work/shop"
git clone --quiet "$repo" "$work/shop"
cd "$work/shop"
[[ -n ${SMOKE_REF:-} ]] && git checkout --quiet "$SMOKE_REF"
step "commit $(git rev-parse --short HEAD)"

export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
step 'NODE_ENV=production npm install'
npm install --no-audit --no-fund --loglevel=error
if [[ -e node_modules/vitest || -e node_modules/eslint ]]; then
  echo 'FAIL: devDependencies were installed, so this run proves nothing about a production install' >&2
  exit 1
fi

step "recreating database $db"
psql "$pg/postgres" -q -v ON_ERROR_STOP=1 -c "drop database if exists $db" -c "create database $db"

step 'npm run build'
npm run build --silent >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export SHOP_MODE=production
export PUBLIC_URL=https://shop-smoke.example
export SESSION_SECRET=$(openssl rand -base64 48)
export DATABASE_URL="$pg/$db"
export PORT=$port
step "npm start on port $port (SHOP_MODE=production, PUBLIC_URL=$PUBLIC_URL, DATABASE_URL=$DATABASE_URL)"
# `npm start` itself, the command that failed with 'tsx: not found'; in a process group of its own so
# that SIGTERM reaches the server under npm's wrapper.
setsid npm start >"$work/server.log" 2>&1 &
server=$!

status=000
for _ in $(seq 1 180); do
  if ! kill -0 "$server" 2>/dev/null; then
    echo 'FAIL: the server exited before answering:' >&2
    tail -40 "$work/server.log" >&2
    exit 1
  fi
  status=$(curl -s -o "$work/home.html" -w '%{http_code}' "http://127.0.0.1:$port/" || true)
  [[ $status == 200 ]] && break
  sleep 1
done
if [[ $status != 200 ]]; then
  echo "FAIL: the home page answered $status" >&2
  tail -40 "$work/server.log" >&2
  exit 1
fi
step "home page: 200, $(wc -c <"$work/home.html") bytes"
if grep -q 'Демо-режим\|data-testid="mode-strip"' "$work/home.html"; then
  echo 'FAIL: the production home page shows the demo strip' >&2
  exit 1
fi
grep -q 'Витамаркет' "$work/home.html" || { echo 'FAIL: the home page is not the shop' >&2; exit 1; }
step 'no demo strip; stopping the server (SIGTERM)'
kill -TERM -- "-$server"
code=0
wait "$server" || code=$?
server=''
step "server exited with $code"
if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
  echo 'FAIL: something still answers on the port after SIGTERM' >&2
  exit 1
fi
echo "production smoke: OK in $(($(date +%s) - started))s"
