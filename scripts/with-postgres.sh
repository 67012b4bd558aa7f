#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL server on 127.0.0.1,
# installed from Debian's packages when missing (as root), stopped and removed afterwards.
set -euo pipefail
port="${PG_TEST_PORT:-55432}"

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  if [ "$(id -u)" != "0" ]; then
    echo "PostgreSQL is not installed and this script is not root: apt-get install postgresql" >&2
    exit 1
  fi
  echo "Installing PostgreSQL from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

# initdb refuses to run as root: the cluster belongs to an unprivileged user.
runas=()
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  runas=(runuser -u postgres --)
fi

dir=$(mktemp -d /tmp/scribe-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = "0" ] && chown postgres "$dir"
cleanup() {
  "${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${runas[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U postgres --no-sync >/dev/null
"${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
