#!/bin/sh
# Copies the facts TestCatalogueExpectsAreFacts checks the catalogue's
# counts against: for each spec with a count, published or polyspec's own,
# its row of Polyform Puzzler's documented counts, cut down by reduce.awk to
# the count phrases, the facts the test needs (documented-counts.tsv;
# undocumented.txt lists those it has no row for),
# and for each spec with expect or expect-all, its solution file's closing
# lines and notices (closings.txtar). Run it from the repository's root
# with the shared data folder:
#   sh compile/puzzler/testdata/catalogue/make.sh ../shared/data
set -eu
data=$1
out=compile/puzzler/testdata/catalogue
specs=$(grep -lE '^expect(-all)? *[=:]' puzzles/*/*.toml puzzles/*/*.yaml | sort)
counted=$(grep -lE '^(expect|count)(-all)? *[=:]' puzzles/*/*.toml puzzles/*/*.yaml | sort)
: >"$out/undocumented.txt"
{
	head -n 1 "$data/puzzler-documented-counts.tsv"
	for s in $counted; do
		family=$(basename "$(dirname "$s")")
		name=$(basename "${s%.*}")
		awk -F'\t' -v f="$family" -v n="$name" '$1 == f && $2 == n' "$data/puzzler-documented-counts.tsv" | grep . ||
			echo "$family/$name" >>"$out/undocumented.txt"
	done
} | awk -f "$out/reduce.awk" >"$out/documented-counts.tsv"
{
	echo "The closing lines and notices of the solution files of the catalogue's"
	echo "specs with expect or expect-all, as make.sh copies them."
	for s in $specs; do
		family=$(basename "$(dirname "$s")")
		name=$(basename "${s%.*}")
		file="$data/puzzler-solutions/$family/$name.txt"
		if [ -f "$file" ]; then
			echo "-- $family/$name.txt --"
			grep -iE 'solutions?, |interrupted|limit reached' "$file" || true
		fi
	done
} >"$out/closings.txtar"
