#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on 127.0.0.1 for the integration tests and
# prints its URL. Usage: scripts/test-postgres.sh start|stop [dir]
# PostgreSQL refuses to run as root, so as root the cluster runs as the postgres user.
set -euo pipefail
cmd=${1:-start}
dir=${2:-/tmp/guida-test-pg}
port=${PGPORT_TEST:-54329}
# The bootstrap superuser; the Supabase-shaped test cluster names it supabase_admin.
superuser=${PG_SUPERUSER:-postgres}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[[ -n "$bin" ]] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    if [[ ! -f "$dir/PG_VERSION" ]]; then
      mkdir -p "$dir"; [[ $(id -u) == 0 ]] && chown postgres:postgres "$dir"
      as_pg "$bin/initdb" -D "$dir" -U "$superuser" --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    as_pg "$bin/pg_ctl" -D "$dir" -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" -l "$dir/server.log" -w start >/dev/null
    echo "postgres://$superuser@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null || true
    ;;
esac
