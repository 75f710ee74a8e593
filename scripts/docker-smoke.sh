#!/usr/bin/env bash
# Builds the production image, starts compose.yaml (server, PostgreSQL, Redis, NATS, MinIO)
# with the demo site, and checks that the shop answers and that each service is really used:
# a page and a product page, Docker's health check, an image uploaded by the owner stored in
# MinIO and served back as an image, sign-in attempts counted in Redis, the tracking stream in JetStream,
# the server running as a non-root user without build tools. Removes everything at the end.
# Exit 0: all good; 77: skipped (no Docker daemon or no compose), with the reason on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! docker info >/dev/null 2>&1; then
  echo "skipped: no Docker daemon answers (docker info failed)"
  exit 77
fi
if ! docker compose version >/dev/null 2>&1; then
  echo "skipped: the docker compose plugin is not installed"
  exit 77
fi

project="juniper-smoke-$$"
port="${SMOKE_PORT:-3999}"
base="http://127.0.0.1:${port}"
work="$(mktemp -d)"
export JUNIPER_PORT="$port" SEED_DEMO=true
SECRETS_KEY="$(node -e "console.log(require('node:crypto').randomBytes(32).toString('base64'))")"
export SECRETS_KEY

compose() { docker compose -p "$project" -f compose.yaml "$@"; }
cleanup() {
  local status=$?
  if [ "$status" -ne 0 ]; then compose logs --no-color --tail=80 server || true; fi
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
step() { printf '== %s\n' "$*"; }

step "build and start (this takes a few minutes the first time)"
compose up -d --build --wait --wait-timeout 420

step "health route and Docker's health check"
curl -fsS "$base/healthz" | grep -q '"ok":true' || fail "/healthz did not answer ok"
health="$(docker inspect -f '{{.State.Health.Status}}' "$(compose ps -q server)")"
[ "$health" = healthy ] || fail "the container's health is $health"

step "pages of the demo shop"
curl -fsS -o /dev/null "$base/" || fail "/ did not answer 200"
curl -fsS -o /dev/null "$base/shop/p/classic-tee" || fail "a product page did not answer 200"
curl -fsS -o /dev/null "$base/config" || fail "the studio did not answer 200"

step "the image: non-root, no build tools"
[ "$(compose exec -T server id -u)" != 0 ] || fail "the server runs as root"
compose exec -T server sh -c '! test -e node_modules/esbuild && ! test -e node_modules/typescript' ||
  fail "dev dependencies are installed in the image"

step "owner signs in (Redis counts the attempt) and uploads an image (stored in MinIO)"
jar="$work/cookies"
curl -fsS -c "$jar" -o /dev/null "$base/"
crumb="$(awk '$6 == "crumb" { print $7 }' "$jar")"
[ -n "$crumb" ] || fail "no crumb cookie"
curl -fsS -b "$jar" -c "$jar" -o /dev/null -H "x-csrf-token: $crumb" -H 'content-type: application/json' \
  -d '{"email":"owner@juniper-oak.test","password":"juniper-oak-owner"}' \
  "$base/api/site-users/account/session" || fail "the demo owner could not sign in"
[ -n "$(compose exec -T redis redis-cli --scan --pattern 'juniper:*' | head -n 1)" ] ||
  fail "no limit counter in Redis"
printf '%s' 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' |
  base64 -d >"$work/dot.png"
asset="$(curl -fsS -b "$jar" -H "x-csrf-token: $crumb" -F "file=@$work/dot.png;type=image/png" "$base/api/studio/media")" ||
  fail "the upload was refused"
url="$(printf '%s' "$asset" | node -e "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>console.log(JSON.parse(s).assetUrl))")"
type="$(curl -fsS -o /dev/null -w '%{content_type}' "$base$url")" || fail "the uploaded image is not served"
case "$type" in image/*) ;; *) fail "the uploaded image came back as $type" ;; esac
compose run --rm -T --entrypoint sh minio-bucket -c \
  'mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null && mc ls -r local/juniper-media' |
  grep -q . || fail "the upload is not in the MinIO bucket"

step "tracking stream in NATS JetStream"
compose exec -T nats wget -q -O - 'http://127.0.0.1:8222/jsz?streams=true' | grep -q 'JUNIPER_TRACKING' ||
  fail "the server did not create its JetStream stream"

echo "docker smoke test passed"
