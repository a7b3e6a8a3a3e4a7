#!/usr/bin/env bash
# A throw-away PostgreSQL for the tests: `pg_cluster.sh start DIR` runs
# initdb in DIR/data and starts the server on a free port of 127.0.0.1 (and
# a socket in DIR), then writes its connection URI to DIR/uri;
# `pg_cluster.sh stop DIR` stops it and removes DIR. No root service: the
# server runs as the calling user, or, for root (whom PostgreSQL refuses),
# as the `postgres` user, who then owns DIR.
# fsync is off: a test cluster is thrown away, it need not survive a crash
# of the machine (a killed server process is still recovered from its WAL).
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
dir=$2

bindir=""
for candidate in "$(pg_config --bindir 2>/dev/null || true)" /usr/lib/postgresql/*/bin; do
  if [ -x "$candidate/initdb" ]; then bindir=$candidate; break; fi
done
[ -n "$bindir" ] || { echo "pg_cluster: no initdb found (Debian package: postgresql)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# A port nobody listens on now (a race with another program is possible;
# start tries again on another port should the server fail to bind).
free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 30000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  echo "pg_cluster: no free port found" >&2
  exit 1
}

start() {
  rm -rf "$dir"
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  for _ in 1 2 3; do
    local port
    port=$(free_port)
    if as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" >/dev/null; then
      echo "postgresql://postgres@127.0.0.1:$port/postgres" >"$dir/uri"
      echo "pg_cluster: PostgreSQL on port $port ($dir)"
      return
    fi
  done
  cat "$dir/server.log" >&2
  exit 1
}

stop() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  fi
  rm -rf "$dir"
}

case $action in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
