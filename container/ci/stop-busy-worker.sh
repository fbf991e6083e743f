#!/usr/bin/env bash
# The deployment test's interruption (scripts/ci-containers.sh, through
# e2e/container/deployment-smoke.ts --during-request): stops the worker container whose last job line
# is a started, unfinished predict-request, and writes "<container> <job id>" to the file given.
#   KILL: SIGKILL, as a crash or an OOM kill: its job waits for the lease to run out.
#   TERM: SIGTERM with a 40 s grace, as an orchestrator stops it: the image in flight finishes, the
#         rest of the request goes back to the queue, and the process must exit 0.
# A signal that lands after the job ended tests nothing: the container is started again and the
# script exits 1, as it does if no worker is busy, so that the client tries with a new request.
# Usage: stop-busy-worker.sh KILL|TERM <file for the name and job> <container> ...
set -euo pipefail
signal="$1"
record="$2"
shift 2
# A started-again container's log still holds its earlier run's lines: only those since its last
# start count, or a worker killed mid-job would look busy with that job forever.
last_job_line() {
  podman logs "$1" 2>&1 |
    awk '/"msg":"Hullscope worker is running"/ { line = "" } /"job":"predict-request"/ { line = $0 } END { print line }'
}
for container in "$@"; do
  last=$(last_job_line "$container")
  [[ "$last" == *'"msg":"job started"'* ]] || continue
  job=$(sed -E 's/.*"jobId":([0-9]+).*/\1/' <<<"$last")
  if [ "$signal" = KILL ]; then
    podman kill --signal KILL "$container" >/dev/null
  else
    podman stop --time 40 "$container" >/dev/null
  fi
  # Once it has exited, its log holds every line the process wrote.
  code=$(podman wait "$container")
  last=$(last_job_line "$container")
  if [[ "$last" == *'"msg":"job done"'* ]]; then
    echo "$container had finished job $job before SIG$signal landed; starting it again" >&2
    podman start "$container" >/dev/null
    exit 1
  fi
  echo "$container $job" >"$record"
  echo "SIG$signal to $container in the middle of predict-request job $job: exit $code, last: ${last##*\"msg\":}"
  [ "$signal" = KILL ] || [ "$code" = 0 ]
  exit
done
echo "no worker container has a predict-request in progress" >&2
exit 1
