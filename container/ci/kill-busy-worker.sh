#!/usr/bin/env bash
# The deployment test's kill (scripts/ci-containers.sh, through e2e/container/deployment-smoke.ts
# --during-request): kills with SIGKILL the worker container whose last job line is a started,
# unfinished predict-request, and writes its name to the file given. Exit 1 if no worker is busy.
# Usage: kill-busy-worker.sh <file for the name> <container> ...
set -euo pipefail
record="$1"
shift
for container in "$@"; do
  last=$(podman logs "$container" 2>&1 | grep '"job":"predict-request"' | tail -n 1 || true)
  if [[ "$last" == *'"msg":"job started"'* ]]; then
    podman kill --signal KILL "$container" >/dev/null
    echo "$container" >"$record"
    echo "killed $container (SIGKILL) in the middle of its predict-request"
    exit 0
  fi
done
echo "no worker container has a predict-request in progress" >&2
exit 1
