#!/usr/bin/env bash
# Upgrades the Guida replicas of deploy/docker-compose.yml with no error: one replica at a
# time, each recreated on the new image only once the previous one is healthy again, while
# nginx sends every request to the replicas that are up (a stopping replica finishes what it
# has; a POST is never sent twice). `up --build` would recreate all three at once: the site
# answered 502 for seconds.
#
#   docker build -t guida:2026-11-26 .
#   GUIDA_IMAGE=guida:2026-11-26 deploy/rolling-upgrade.sh
#
# COMPOSE overrides the compose command (default: `docker compose`, or v1's `docker-compose`,
# with -p guida -f deploy/docker-compose.yml); REPLICAS the services, HEALTHY_WITHIN_S the wait.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${GUIDA_IMAGE:?set GUIDA_IMAGE to the image to upgrade to}"
export GUIDA_IMAGE
if [ -z "${COMPOSE:-}" ]; then
  if docker compose version >/dev/null 2>&1; then COMPOSE="docker compose"; else COMPOSE="docker-compose"; fi
  COMPOSE="$COMPOSE -p guida -f deploy/docker-compose.yml"
fi
within=${HEALTHY_WITHIN_S:-180}

for replica in ${REPLICAS:-guida1 guida2 guida3}; do
  echo "[upgrade] $replica -> $GUIDA_IMAGE"
  $COMPOSE up -d --no-deps --no-build "$replica"
  id=$($COMPOSE ps -q "$replica")
  deadline=$((SECONDS + within))
  until [ "$(docker inspect -f '{{.State.Health.Status}}' "$id")" = healthy ]; do
    if [ "$SECONDS" -ge "$deadline" ] || [ "$(docker inspect -f '{{.State.Running}}' "$id")" != true ]; then
      echo "[upgrade] $replica is not healthy within ${within} s: stopping here, the other replicas still serve" >&2
      docker logs --tail 20 "$id" >&2 || true
      exit 1
    fi
    sleep 1
  done
  echo "[upgrade] $replica healthy"
done
