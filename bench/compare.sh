#!/usr/bin/env bash
# Same-run speed comparison: polyspec's backends against a plain C
# dancing-links counter (bench/dlxref.c, gcc -O3) on identical DLX files.
# Prints user CPU seconds per run and each backend's ratio to the C figure.
# polyspec runs on one core (--workers 1), the same single search as the C
# program, rather than split over every core as it does by default.
#
#   bench/compare.sh [FILE.dlx ...]     (default: the .dlx files in cover/testdata)
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O3 -o "$tmp/dlxref" bench/dlxref.c
go build -o "$tmp/polyspec" ./cmd/polyspec
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(cover/testdata/pentominoes-6x10-unique.dlx cover/testdata/pentominoes-6x10.dlx
  cover/testdata/queens-12.dlx cover/testdata/dominoes-8x8.dlx)

cpu() { # user+sys CPU seconds of a command, best of 3
  local best=
  for _ in 1 2 3; do
    local t
    t=$( { /usr/bin/time -f '%U %S' "$@" >/dev/null; } 2>&1 | tail -1 | awk '{print $1+$2}')
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3)"
printf '%-40s %-10s %8s %8s\n' file program "CPU s" "vs C"
unique=
for f in "${files[@]}"; do
  c=$(cpu "$tmp/dlxref" "$f")
  [ "$(basename "$f")" = pentominoes-6x10-unique.dlx ] && unique=$c
  printf '%-40s %-10s %8.3f %8s\n' "$(basename "$f")" "C dlxref" "$c" "1.00"
  for b in dlx algx auto; do
    t=$(cpu "$tmp/polyspec" solve "$f" --count --backend "$b" --workers 1)
    printf '%-40s %-10s %8.3f %8.2f\n' "" "$b" "$t" "$(awk "BEGIN{print $t/$c}")"
  done
done
# The same 2339 as the catalogue's spec compiles them, with the scan order
# that lets auto run bits; timed whole (start, compile, search), against
# the C figure for the DLX file.
if [ -n "$unique" ]; then
  printf '%-40s %-10s %8s %8s\n' "pentominoes-6x10 (spec)" "" "" "vs C"
  for b in algx bits auto; do
    t=$(cpu "$tmp/polyspec" solve pentominoes-6x10 --count --backend "$b" --workers 1)
    printf '%-40s %-10s %8.3f %8.2f\n' "" "$b" "$t" "$(awk "BEGIN{print $t/$unique}")"
  done
fi
