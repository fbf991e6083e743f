#!/bin/sh
# The image's one entry point: the first argument names the role, and the process replaces this shell
# (exec), so SIGTERM from the runtime reaches Node, which finishes what is in flight and exits 0.
#   serve            the API and the web app (with WORKER_ENABLED=true, the default, also the worker)
#   worker           the job worker alone; GET /api/health on WORKER_HEALTH_PORT
#   migrate          applies pending database migrations, then exits
#   admin <command>  any operator command of docs/operations.md (create-user, backup, restore, …)
set -eu

# The bundled models come with the image, but MODELS_DIR is a volume that also keeps models added
# with `admin add-model`: copy a bundled model there when it is missing or differs, so that a new
# image's models arrive in an existing volume; other folders are left alone.
sync_bundled_models() {
  [ "${BUNDLED_MODELS_DIR:-}" ] && [ -d "$BUNDLED_MODELS_DIR" ] || return 0
  [ "$(cd "$BUNDLED_MODELS_DIR" && pwd -P)" = "$(mkdir -p "$MODELS_DIR" && cd "$MODELS_DIR" && pwd -P)" ] && return 0
  for model in "$BUNDLED_MODELS_DIR"/*/; do
    # Only model folders: models/int8 holds builds an operator adds by hand (docs/models.md).
    [ -f "$model/manifest.json" ] || continue
    name=$(basename "$model")
    if ! diff -rq "$model" "$MODELS_DIR/$name" >/dev/null 2>&1; then
      staging="$MODELS_DIR/.incoming-$name-$(cat /proc/sys/kernel/hostname)-$$"
      cp -R "$model" "$staging"
      rm -rf "$MODELS_DIR/$name"
      mv "$staging" "$MODELS_DIR/$name"
      echo "entrypoint: bundled model $name copied to $MODELS_DIR"
    fi
  done
}

node_flags="--heap-growing-percent=50"
role="${1:-serve}"
[ "$#" -gt 0 ] && shift
case "$role" in
  serve)
    sync_bundled_models
    exec node $node_flags /app/apps/api/dist/main.js "$@"
    ;;
  worker)
    sync_bundled_models
    exec node $node_flags /app/apps/api/dist/worker-main.js "$@"
    ;;
  migrate)
    # In the scaled setup migrate runs first, so the API and workers find the models in place.
    sync_bundled_models
    exec node /app/apps/api/dist/cli/admin.js migrate "$@"
    ;;
  admin)
    sync_bundled_models
    exec node /app/apps/api/dist/cli/admin.js "$@"
    ;;
  *)
    # Anything else runs as given (e.g. `sh` or `node -e …` for a look inside).
    exec "$role" "$@"
    ;;
esac
