#!/usr/bin/env bash
# The embedded default as a newcomer meets it: `npm run serve` with no DATABASE_URL on an empty
# DATA_DIR starts its own PostgreSQL, seeds the demo, serves the catalogue and the web app, and
# leaves no PostgreSQL behind when it stops. It builds as `npm start` does, with NODE_ENV=development
# in the shell as a newcomer's may hold: the web bundle must still be the production one.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_ENV=development npm run build >/dev/null
if grep -l "Download the React DevTools" apps/web/dist/assets/*.js >/dev/null; then
  echo "boot smoke: the web bundle is React's development build"; exit 1
fi

data_dir=$(mktemp -d)
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
log="$data_dir/server.log"
started=$SECONDS
env -u DATABASE_URL DATA_DIR="$data_dir" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn \
  node apps/api/dist/server.js >"$log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$data_dir"; }
trap cleanup EXIT

until curl -sf "http://127.0.0.1:$port/api/health/" >/dev/null; do
  if ! kill -0 "$server" 2>/dev/null; then cat "$log"; echo "boot smoke: the server exited"; exit 1; fi
  if ((SECONDS - started > 180)); then cat "$log"; echo "boot smoke: not ready in 180 s"; exit 1; fi
  sleep 0.5
done
echo "boot smoke: ready in $((SECONDS - started)) s on the embedded PostgreSQL"
count=$(curl -sf "http://127.0.0.1:$port/api/token/list/" | node -p "JSON.parse(require('fs').readFileSync(0)).count")
[ "$count" -gt 0 ] || { echo "boot smoke: no demo tokens"; exit 1; }
curl -sf "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo "boot smoke: no web app"; exit 1; }
grep -q "PostgreSQL embutido pronto" "$log" || { cat "$log"; echo "boot smoke: not the embedded database"; exit 1; }

kill -TERM "$server"
wait "$server" || true
if pgrep -f "postgres -D $data_dir/postgres" >/dev/null; then
  echo "boot smoke: PostgreSQL left running after the server stopped"; exit 1
fi
echo "boot smoke: $count demo tokens served; stopped cleanly with its PostgreSQL"
