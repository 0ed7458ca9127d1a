#!/usr/bin/env bash
# Writes deploy/secrets/ for deploy/docker-compose.yml: a random PostgreSQL password and the
# database URL built from it, read by the containers as Compose secrets (files under
# /run/secrets), so no password is in the compose file or the containers' environment.
# Keeps existing files. The folder is private (0700); the files are readable (0644) because
# the replicas run as uid 1000 and Compose v1 mounts them as they are.
set -euo pipefail
dir="$(dirname "$0")/secrets"
mkdir -p "$dir" && chmod 700 "$dir"
if [ ! -s "$dir/db_password" ]; then
  head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$dir/db_password"
fi
printf 'postgres://guida:%s@db:5432/guida?sslmode=disable\n' "$(cat "$dir/db_password")" >"$dir/database_url"
chmod 644 "$dir/db_password" "$dir/database_url"
echo "secrets in $dir"
