#!/bin/sh
# Entrypoint of the STAND-IN postgres image (scripts/docker-stand-in-images.sh), for machines
# that cannot pull the official one: on an empty PGDATA it does what the official image's
# entrypoint does with POSTGRES_USER, POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE) and
# POSTGRES_DB, then runs the server as the postgres user.
set -eu
if [ "${1:-}" = "postgres" ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    user=${POSTGRES_USER:-postgres}
    if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then password=$(cat "$POSTGRES_PASSWORD_FILE"); else password=${POSTGRES_PASSWORD:-}; fi
    [ -n "$password" ] || { echo "POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE is required" >&2; exit 1; }
    pwfile=$(mktemp) && printf '%s\n' "$password" >"$pwfile" && chown postgres "$pwfile"
    runuser -u postgres -- initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    db=${POSTGRES_DB:-$user}
    if [ "$db" != "postgres" ]; then
      runuser -u postgres -- pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
      runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -c "CREATE DATABASE \"$db\""
      runuser -u postgres -- pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    fi
  fi
  # setpriv execs (no parent left behind), so the stop signal reaches postgres itself.
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"
fi
exec "$@"
