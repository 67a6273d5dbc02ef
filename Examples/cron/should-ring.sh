#!/bin/sh
# Should the workday alarm ring? Asks a calgen site's day API about one date (tomorrow by
# default, in China's time) and answers by the exit status:
#
#   0  ring: the date is a workday (a make-up Saturday 补班 included)
#   1  do not ring: a weekend, a holiday or another day off
#   2  cannot tell: the site did not answer, or the year's arrangement is not announced yet
#
#   should-ring.sh              # tomorrow
#   should-ring.sh 2026-10-10   # a given date
#
# CALGEN_BASE is the site (default https://calendar.example.com). Needs curl and jq.
set -u
base="${CALGEN_BASE:-https://calendar.example.com}"
day="${1:-$(TZ=Asia/Shanghai date -d tomorrow +%Y-%m-%d)}"
case "$day" in
    [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]) ;;
    *) echo "should-ring.sh: $day is not a date such as 2026-10-10" >&2; exit 2 ;;
esac
json=$(curl --fail --silent --show-error --max-time 20 --retry 3 "${base%/}/api/days/$day.json") || exit 2
answer=$(printf '%s' "$json" | jq -r 'if .announced != true then "unknown" elif .isOffDay then "off" else "work" end') || exit 2
case "$answer" in
    work) echo "$day: workday, ring"; exit 0 ;;
    off) echo "$day: day off, no alarm"; exit 1 ;;
    *) echo "$day: not announced yet"; exit 2 ;;
esac
