#!/usr/bin/env bash
# The restore drill of docs/OPERATIONS.md, end to end on a PostgreSQL server:
#   scripts/restore-drill.sh [postgres://user@host:port/maintenance-db]
# (default: $TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the user must be
# able to create databases). It creates a scratch database, lets the built server
# (apps/api/dist/server.js, built here when missing) migrate it and seed the demo catalogue (its
# deposits, purchases and settlements go through the ledger), stops the server with SIGTERM,
# backs it up with pg_dump (custom format), restores it with pg_restore into a second scratch
# database, and checks the copy: the ledger sums to zero and every balance is its transfers, every
# table holds as many rows as the original, every migration is recorded, and the server starts on
# it and answers /api/ready/ 200 with the same catalogue. Both databases are dropped at the end.
# Prints one line starting "restore drill: ok" or "restore drill: FAILED"; exits 0 or 1.
set -euo pipefail
cd "$(dirname "$0")/.."

server_url=${1:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}}
started=$SECONDS
work=$(mktemp -d)
suffix=$(node -p "require('crypto').randomBytes(4).toString('hex')")
source_db="copaiba_drill_${suffix}_source"
restored_db="copaiba_drill_${suffix}_restored"
api_pid=""

fail() {
  echo "restore drill: FAILED — $*"
  exit 1
}
# The URL of another database on the same server (the path is the database's name).
database_url() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$server_url" "$1"; }
sql() { psql "$server_url" -v ON_ERROR_STOP=1 -qAtc "$1"; }
sql_in() { psql "$(database_url "$1")" -v ON_ERROR_STOP=1 -qAtc "$2"; }
cleanup() {
  [ -n "$api_pid" ] && kill -KILL "$api_pid" 2>/dev/null || true
  sql "drop database if exists $source_db with (force)" >/dev/null 2>&1 || true
  sql "drop database if exists $restored_db with (force)" >/dev/null 2>&1 || true
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

# pg_dump refuses a server newer than itself: say which client to install.
server_major=$(sql "show server_version_num") || fail "cannot reach $server_url"
server_major=$((server_major / 10000))
client_major=$(pg_dump --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')
[ "$client_major" -ge "$server_major" ] ||
  fail "pg_dump $client_major cannot back up PostgreSQL $server_major: install postgresql-client-$server_major"

[ -f apps/api/dist/server.js ] || npm run build -w @copaiba/api >"$work/build.log" 2>&1 ||
  fail "npm run build -w @copaiba/api failed (see $work/build.log with KEEP=1)"

# The same secrets for both starts, as a restore into production keeps ENCRYPTION_KEY.
jwt_secret=$(node -p "require('crypto').randomBytes(32).toString('hex')")
encryption_key=$(node -p "require('crypto').randomBytes(32).toString('hex')")

# Starts the production server on database $1 (SEED_DEMO=$2); waits for /api/ready/ 200.
start_api() {
  local port
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  api_url="http://127.0.0.1:$port"
  env -i PATH="$PATH" HOME="$work" NODE_ENV=production DATABASE_URL="$(database_url "$1")" \
    SEED_DEMO="$2" DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn \
    JWT_SECRET="$jwt_secret" ENCRYPTION_KEY="$encryption_key" PIX_PROVIDER=sandbox \
    SMTP_URL=smtp://127.0.0.1:2525 CHAIN_MODE=off JOBS_INTERVAL_SECONDS=0 \
    node apps/api/dist/server.js >>"$work/server.log" 2>&1 &
  api_pid=$!
  local since=$SECONDS
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$api_url/api/ready/")" = 200 ]; do
    kill -0 "$api_pid" 2>/dev/null || { cat "$work/server.log"; fail "the server exited on $1"; }
    ((SECONDS - since < 120)) || { cat "$work/server.log"; fail "the server on $1 was not ready in 120 s"; }
    sleep 0.2
  done
}
# SIGTERM, as an orchestrator stops it: it must drain and exit 0.
stop_api() {
  kill -TERM "$api_pid"
  local status=0
  wait "$api_pid" || status=$?
  api_pid=""
  [ "$status" -eq 0 ] || { cat "$work/server.log"; fail "the server exited $status on SIGTERM"; }
}
token_count() { curl -sf "$api_url/api/token/list/" | node -p "JSON.parse(require('fs').readFileSync(0)).count"; }

# 1. A database with real activity: migrated and seeded by the server itself.
sql "create database $source_db"
start_api "$source_db" true
tokens_before=$(token_count)
stop_api
transfers=$(sql_in "$source_db" "select count(*) from ledger_transfers")
[ "$transfers" -gt 0 ] || fail "the seed left no ledger transfers to check"

# 2. Back up and restore.
pg_dump --format=custom --file="$work/copaiba.dump" "$(database_url "$source_db")" ||
  fail "pg_dump failed"
sql "create database $restored_db"
pg_restore --exit-on-error --no-owner --dbname="$(database_url "$restored_db")" "$work/copaiba.dump" ||
  fail "pg_restore failed"

# 3. The copy: money, rows, migrations.
ledger_total=$(sql_in "$restored_db" "select coalesce(sum(balance_cents), 0) from ledger_accounts")
[ "$ledger_total" = 0 ] || fail "the restored ledger sums to $ledger_total, not 0"
unbalanced=$(sql_in "$restored_db" "
  select count(*) from ledger_accounts a
  where a.balance_cents <> coalesce((select sum(amount_cents) from ledger_transfers where credit_account_id = a.id), 0)
                         - coalesce((select sum(amount_cents) from ledger_transfers where debit_account_id = a.id), 0)")
[ "$unbalanced" = 0 ] || fail "$unbalanced restored accounts differ from their transfers"

count_rows() {
  local tables query
  tables=$(sql_in "$1" "select format('%I.%I', table_schema, table_name) from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1")
  query=$(for t in $tables; do printf "select '%s', count(*) from %s union all " "$t" "$t"; done)
  sql_in "$1" "${query% union all }"
}
count_rows "$source_db" >"$work/source.counts"
count_rows "$restored_db" >"$work/restored.counts"
diff "$work/source.counts" "$work/restored.counts" >"$work/counts.diff" ||
  fail "row counts differ (source < > restored): $(tr '\n' ' ' <"$work/counts.diff")"
tables=$(wc -l <"$work/source.counts")
rows=$(awk -F'|' '{ n += $2 } END { print n }' "$work/source.counts")

migrations=$(node -p "require('./packages/db/src/migrations/meta/_journal.json').entries.length")
recorded=$(sql_in "$restored_db" "select count(*) from drizzle.__drizzle_migrations")
[ "$recorded" = "$migrations" ] || fail "$recorded migrations recorded in the copy, $migrations in the code"

# 4. The server starts on the copy, with nothing left to migrate, and serves the same catalogue.
ready_from=$SECONDS
start_api "$restored_db" false
ready_in=$((SECONDS - ready_from))
tokens_after=$(token_count)
[ "$tokens_after" = "$tokens_before" ] ||
  fail "the restored server lists $tokens_after tokens, the original $tokens_before"
stop_api

echo "restore drill: ok — $tables tables and $rows rows restored alike, ledger sums to 0 over $transfers transfers, $recorded migrations recorded, the server ready on the copy in ${ready_in} s (pg_dump/pg_restore $client_major, PostgreSQL $server_major; $((SECONDS - started)) s in all)"
