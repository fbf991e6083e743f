#!/bin/sh
# Creates the cluster and the POSTGRES_USER role and POSTGRES_DB database on first start, as the
# official image does, then runs the server in the foreground (SIGINT: fast shutdown).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb --username="$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust -D "$PGDATA" >/dev/null
  rm /tmp/pwfile
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "${POSTGRES_DB:-$POSTGRES_USER}" != "$POSTGRES_USER" ] && [ "${POSTGRES_DB:-}" != postgres ]; then
    createdb --username="$POSTGRES_USER" --owner="$POSTGRES_USER" "$POSTGRES_DB"
  elif [ "${POSTGRES_DB:-$POSTGRES_USER}" != postgres ]; then
    createdb --username="$POSTGRES_USER" "$POSTGRES_USER"
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
