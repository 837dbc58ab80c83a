# Keeps of each description only its count phrases: the number (or "many",
# "?"), "solutions", a doubt mark, a bound before it and a word after it
# that makes it a count of part of the puzzle, the words the reader needs.
BEGIN { FS = OFS = "\t" }
NR == 1 { print; next }
{
	n = split($4, parts, / \/ /)
	out = ""
	for (i = 1; i <= n; i++) {
		p = parts[i]
		if (match(p, /[Tt]otal (unique |distinct )?solutions: *[0-9][0-9,]*/)) {
			s = substr(p, RSTART, RLENGTH)
			sub(/^[Tt]otal (unique |distinct )?solutions: */, "", s)
			kept = "total solutions: " s
		} else if (match(p, /(at least |over )?([0-9][0-9,]*|many|\?)\??( unique| distinct| many)? solutions?\??/)) {
			before = substr(p, 1, RSTART - 1)
			phrase = substr(p, RSTART, RLENGTH)
			after = substr(p, RSTART + RLENGTH)
			gsub(/ (unique|distinct)/, "", phrase)
			gsub(/^ +| +$/, "", before)
			if (phrase ~ /^(many|\?)/ && before != "" && before !~ /:$/)
				continue
			kept = (before ~ /:$/ && phrase ~ /^(many|\?)/ ? ": " : "") phrase
			if (match(after, /^ *(for|omitting|are|of which)( |$)/))
				{ w = substr(after, RSTART, RLENGTH); gsub(/^ +| +$/, "", w); kept = kept " " w }
			sub(/ +$/, "", kept)
		} else
			continue
		out = out (out == "" ? "" : " / ") kept
	}
	$4 = out
	print
}
