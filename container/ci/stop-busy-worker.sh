#!/usr/bin/env bash
# The deployment test's interruption (scripts/ci-containers.sh, through
# e2e/container/deployment-smoke.ts --during-request): stops the worker container whose last job line
# is a started, unfinished predict-request, and writes its name to the file given.
#   KILL: SIGKILL, as a crash or an OOM kill: its job waits for the lease to run out.
#   TERM: SIGTERM with a 40 s grace, as an orchestrator stops it: the image in flight finishes, the
#         rest of the request goes back to the queue, and the process must exit 0.
# Exit 1 if no worker is busy (the request may have ended meanwhile) or a stopped one failed.
# Usage: stop-busy-worker.sh KILL|TERM <file for the name> <container> ...
set -euo pipefail
signal="$1"
record="$2"
shift 2
for container in "$@"; do
  last=$(podman logs "$container" 2>&1 | grep '"job":"predict-request"' | tail -n 1 || true)
  [[ "$last" == *'"msg":"job started"'* ]] || continue
  echo "$container" >"$record"
  if [ "$signal" = KILL ]; then
    podman kill --signal KILL "$container" >/dev/null
    echo "killed $container (SIGKILL) in the middle of its predict-request"
    exit 0
  fi
  podman stop --time 40 "$container" >/dev/null
  code=$(podman inspect --format '{{.State.ExitCode}}' "$container")
  last=$(podman logs "$container" 2>&1 | grep '"job":"predict-request"' | tail -n 1)
  echo "stopped $container (SIGTERM) in the middle of its predict-request: exit $code, last: ${last##*\"msg\":}"
  [ "$code" = 0 ]
  exit
done
echo "no worker container has a predict-request in progress" >&2
exit 1
