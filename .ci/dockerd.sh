#!/usr/bin/env bash
# A Docker engine for CI's container tests, on a machine without systemd: installs Debian's
# docker.io when dockerd is absent, then reuses an engine that answers (DOCKER_HOST, the
# default socket, or this script's own) or starts dockerd with its own data root, exec root
# and socket, so it never touches another engine's state. Prints the DOCKER_HOST to use;
# exits non-zero (saying why on stderr) when no engine can run.
set -uo pipefail
root=${GUIDA_DOCKER_ROOT:-/var/lib/guida-ci-docker}
sock="unix://$root/docker.sock"

answers() { timeout 20 docker ${1:+-H "$1"} info >/dev/null 2>&1; }

if ! command -v dockerd >/dev/null 2>&1 || ! command -v docker >/dev/null 2>&1; then
  echo "installing docker.io" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends docker.io >/dev/null; } >&2 ||
    { echo "apt-get install docker.io failed" >&2; exit 1; }
fi
if [ -n "${DOCKER_HOST:-}" ] && answers "$DOCKER_HOST"; then echo "$DOCKER_HOST"; exit 0; fi
if answers "unix:///var/run/docker.sock"; then echo "unix:///var/run/docker.sock"; exit 0; fi
if answers "$sock"; then echo "$sock"; exit 0; fi

mkdir -p "$root/data" "$root/exec"
# Images (the stand-in bases among them) stay in $root/data between runs on one machine.
nohup dockerd --data-root "$root/data" --exec-root "$root/exec" -H "$sock" \
  --pidfile "$root/dockerd.pid" >"$root/dockerd.log" 2>&1 &
for _ in $(seq 1 60); do
  if answers "$sock"; then echo "$sock"; exit 0; fi
  sleep 1
done
echo "dockerd did not answer within 60 s; its log: $root/dockerd.log" >&2
tail -20 "$root/dockerd.log" >&2
exit 1
