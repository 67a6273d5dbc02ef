#!/usr/bin/env bash
# Serves a built site with Debian's nginx on 127.0.0.1, the snippet Examples/nginx/calgen.conf
# included, and checks the answers' headers with curl -I: types (text/calendar; charset=utf-8
# for feeds, application/json for the API), caching, X-Robots-Tag and no listing for feeds/,
# X-Content-Type-Options: nosniff on every answer (nginx drops a server's add_header in any
# location that has its own), CORS on the day API, the manifest and the public feeds' manifests
# and not on a personal feed's, and the same seen from a page on another port in headless Chromium;
# then the README's bucket recipe with rclone against a local remote.
#
# usage: check_hosting.sh PUBLIC_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
public="$(cd "$1" && pwd)"
scratch="$(mktemp -d)"
trap 'kill "$(cat "$scratch/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$scratch"' EXIT
# nginx's workers run as an unprivileged user: serve a copy (hard links) from a folder they may enter.
chmod 755 "$scratch"
cp -al "$public" "$scratch/site" 2>/dev/null || cp -a "$public" "$scratch/site"
chmod -R a+rX "$scratch/site"
public="$scratch/site"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
mkdir -p "$scratch/logs"
cat > "$scratch/nginx.conf" <<CONF
pid $scratch/nginx.pid;
error_log $scratch/logs/error.log;
events {}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path $scratch/body;
    proxy_temp_path $scratch/proxy;
    fastcgi_temp_path $scratch/fastcgi;
    uwsgi_temp_path $scratch/uwsgi;
    scgi_temp_path $scratch/scgi;
    server {
        listen 127.0.0.1:$port;
        root $public;
        include $PWD/Examples/nginx/calgen.conf;
    }
}
CONF
nginx -t -q -e "$scratch/logs/error.log" -c "$scratch/nginx.conf" -p "$scratch"
nginx -e "$scratch/logs/error.log" -c "$scratch/nginx.conf" -p "$scratch"
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done

failures=0
expect() { # path, status, header lines that must appear (case-insensitive)
    local path="$1" status="$2"; shift 2
    set -- "$@" "X-Content-Type-Options: nosniff"
    local head
    head="$(curl -s -I "http://127.0.0.1:$port$path" | tr -d '\r')"
    if ! grep -q "^HTTP/1.1 $status" <<<"$head"; then
        echo "FAIL $(sed -E 's#^/feeds/[^/]+/#/feeds/…/#' <<<"$path"): expected $status, got $(head -1 <<<"$head")"; failures=$((failures + 1)); return
    fi
    for line in "$@"; do
        if ! grep -qi "^$line\$" <<<"$head"; then
            echo "FAIL $(sed -E 's#^/feeds/[^/]+/#/feeds/…/#' <<<"$path"): no \"$line\""; failures=$((failures + 1))
        fi
    done
    # A personal feed's folder is secret: shown as feeds/…/ in the log.
    echo "ok   $(sed -E 's#^/feeds/[^/]+/#/feeds/…/#' <<<"$path") $status ${*:-}"
}
# A subscriber's feed: in a secret folder with its page (feeds/schedules/ and feeds/years/ hold
# public feeds).
personal="$(cd "$public" && find feeds -mindepth 2 -name '*.ics' -not -path 'feeds/schedules/*' -not -path 'feeds/years/*' \
    -exec sh -c 'test -f "$(dirname "$1")/index.html"' _ {} \; -print | sort | head -1)"
expect /feeds/holidays.ics 200 "Content-Type: text/calendar; charset=utf-8" "Cache-Control: public, max-age=300" \
    "X-Robots-Tag: noindex, nofollow"
expect "/$personal" 200 "Content-Type: text/calendar; charset=utf-8" "X-Robots-Tag: noindex, nofollow"
expect /feeds/holidays.json 200 "Content-Type: application/json; charset=utf-8" "X-Robots-Tag: noindex, nofollow" \
    "Access-Control-Allow-Origin: \*"
schedule="$(cd "$public" && find feeds/schedules -name '*.json' 2>/dev/null | head -1)"
[ -z "$schedule" ] || expect "/$schedule" 200 "Content-Type: application/json; charset=utf-8" "Access-Control-Allow-Origin: \*"
# A personal feed's manifest is for its subscriber: no other origin may read it.
if curl -s -I "http://127.0.0.1:$port/${personal%.ics}.json" | grep -qi '^Access-Control-Allow-Origin'; then
    echo "FAIL /feeds/…/ personal manifest: has Access-Control-Allow-Origin"; failures=$((failures + 1))
else
    echo "ok   /feeds/…/ personal manifest: no Access-Control-Allow-Origin"
fi
expect /feeds/ 403
expect /feeds/years/2026.ics 200 "Content-Type: text/calendar; charset=utf-8" "X-Robots-Tag: noindex, nofollow"
expect /feeds/holidays.en.ics 200 "Content-Type: text/calendar; charset=utf-8" "Cache-Control: public, max-age=300"
expect /feeds/years/ 403
expect /feeds/years/2026.json 200 "Content-Type: application/json; charset=utf-8" "Access-Control-Allow-Origin: \\*"
expect /feeds/makeup.en.json 200 "Content-Type: application/json; charset=utf-8" "Access-Control-Allow-Origin: \\*"
# A personal feed's folder serves that feed's own page, never indexed.
expect "/$(dirname "$personal")/" 200 "Content-Type: text/html; charset=utf-8" "X-Robots-Tag: noindex, nofollow"
expect /manifest.json 200 "Content-Type: application/json; charset=utf-8" "Cache-Control: public, max-age=60, must-revalidate" \
    "Access-Control-Allow-Origin: \*"
expect /api/days/2026-10-01.json 200 "Content-Type: application/json; charset=utf-8" "Cache-Control: public, max-age=3600" \
    "Access-Control-Allow-Origin: \*"
expect /api/lunar/2026.json 200 "Content-Type: application/json; charset=utf-8" "Access-Control-Allow-Origin: \*"
expect /assets/style.css 200 "Content-Type: text/css; charset=utf-8" "Cache-Control: public, max-age=86400"
expect "/$(cd "$public" && find static -name style.css | head -1)" 200 "Content-Type: text/css; charset=utf-8" \
    "Cache-Control: public, max-age=31536000, immutable"
expect /2026/10/ 200 "Content-Type: text/html; charset=utf-8"
expect /no/such/page 404 "Content-Type: text/html; charset=utf-8"
# A web page on another origin (another port of 127.0.0.1), in headless Chromium: it may fetch
# the day API, the site manifest and a public feed's manifest, and not a personal feed's.
other="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
mkdir -p "$scratch/other"
cat > "$scratch/other/index.html" <<HTML
<!DOCTYPE html><title>cors</title><pre id="out"></pre><script>
const base = "http://127.0.0.1:$port/";
const paths = ["api/days/2026-10-01.json", "manifest.json", "feeds/holidays.json", "${personal%.ics}.json"];
Promise.all(paths.map(p => fetch(base + p).then(r => r.json()).then(() => "read", () => "blocked")))
  .then(results => { document.getElementById("out").textContent = "results " + results.join(" "); });
</script>
HTML
(cd "$scratch/other" && exec python3 -m http.server "$other" --bind 127.0.0.1 >/dev/null 2>&1) &
other_pid=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$other/" && break; sleep 0.1; done
dom="$(timeout 60 "${CHROMIUM:-chromium}" --headless=new --no-sandbox --disable-gpu --virtual-time-budget=5000 \
    --dump-dom "http://127.0.0.1:$other/" 2>/dev/null || true)"
kill "$other_pid" 2>/dev/null || true
if grep -q "results read read read blocked" <<<"$dom"; then
    echo "ok   a page on 127.0.0.1:$other read the day API, manifest.json and feeds/holidays.json, not a personal feed's manifest"
else
    echo "FAIL cross-origin fetch from 127.0.0.1:$other: $(grep -o 'results[^<]*' <<<"$dom" || echo 'no result')"
    failures=$((failures + 1))
fi
echo "nginx: Examples/nginx/calgen.conf on 127.0.0.1:$port, $failures failed"

# The README's bucket recipe, `rclone sync --checksum`, against a local remote: a rebuild gives
# every file a new time, yet only the changed files are uploaded and removed ones deleted.
bucket="$scratch/bucket"
rclone sync --checksum "$public" "$bucket" 2>/dev/null
cp -r "$public" "$scratch/rebuilt"   # new modification times on every file
echo "<!-- changed -->" >> "$scratch/rebuilt/index.html"
echo "changed" >> "$scratch/rebuilt/robots.txt"
rm "$scratch/rebuilt/api/days/2026-01-01.json"
stats="$(rclone sync --checksum --stats-one-line -v "$scratch/rebuilt" "$bucket" 2>&1)"
uploaded="$(grep -c 'INFO.*: Copied' <<<"$stats" || true)"
deleted="$(grep -c 'INFO.*: Deleted' <<<"$stats" || true)"
if [ "$uploaded" -ne 2 ] || [ "$deleted" -ne 1 ] || ! diff -r -q "$scratch/rebuilt" "$bucket" >/dev/null; then
    echo "FAIL rclone sync --checksum: $uploaded uploaded (expected 2), $deleted deleted (expected 1)"
    failures=$((failures + 1))
else
    echo "rclone sync --checksum: $(find "$public" -type f | wc -l) files, a rebuild uploaded $uploaded and deleted $deleted"
fi
[ "$failures" -eq 0 ]
