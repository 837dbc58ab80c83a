// Package cover holds the exact-cover intermediate representation that every
// puzzle compiles to, and the interchangeable backends that search it.
//
// A Problem is a list of items and a list of options; each option names some
// items. A solution is a set of options that covers every primary item
// between its lower and upper multiplicity bound (exactly once for plain
// exact cover) and every secondary item at most once, or any number of times
// as long as all options that cover it agree on its colour.
//
// The package knows nothing of puzzles, files or lattices: callers give it
// items and options and get back option indices.
//
// # Where to start reading
//
// cover.go defines Problem, Item, Entry and the Backend interface;
// registry.go maps the names --backend takes to backends; auto.go says
// which one auto picks. Then read one backend whole: algx.go is the one
// most searches use.
//
// # A map of the files
//
// The problem and what it carries besides items and options:
//
//	cover.go          Problem, Item, Entry, Backend, Validate
//	regions.go        Regions: rules on the values of groups of items (Pips sums)
//	cells.go          Cells: which items are a board's cells and which touch (dead regions)
//	balance.go        Colouring: the colour-balance check of a board's cells
//	symmetry.go       Symmetry and Distinct: counting modulo a group of symmetries
//	symmetry_count.go counting modulo symmetry with a backend that counts alone (memo)
//	symmetry_pivot.go PivotRule: which piece Distinct keeps to one placement per class
//
// The backends (each a Backend; registry.go names them):
//
//	dlx.go, dlx_links.go  dlx: Knuth's dancing links, Algorithm M with multiplicities
//	algx.go               algx: Algorithm X on sparse sets, with dead regions and balance
//	memo.go               memo: algx that remembers the counts of subproblems
//	bits.go               bits: items in a fixed scan order, covered items in a bitset
//	sums*.go              sums: algx with region sums pruned, for Pips (build, search,
//	                      state, lumping of alike options, memo)
//	sweep*.go             sweep: counts without visiting solutions, the board
//	                      swept line by line (order, terms for inclusion–exclusion,
//	                      orbits for Burnside's lemma, parts, which one to try)
//	auto.go               auto: picks one of the above for a problem
//	estimate.go           Knuth's estimate of a search tree, from random walks
//
// First solutions, where a count's search is too slow:
//
//	restart.go      Restarts: random tie-breaks under growing node budgets
//	first_order.go  the larger and more awkward pieces first
//	fit.go          the option that fits most snugly first
//	portfolio.go    Portfolio: the strategies above and the plain searches in turn
//
// Splitting a search over cores, processes and runs:
//
//	split.go, splitter.go  cutting the tree into subproblems at a fixed depth
//	parallel.go            Parallel: subproblems on N workers
//	order.go               solutions passed on in the order one search finds them
//	progress.go            the snapshot behind the status line
//	shard.go               --shard and the part files merge reads
//	state.go               --state and --resume
//	integrity.go           the checks on parts and states
//	search.go              the set-up every backend shares, and the counters of nodes
//	                       and parts a status line reads
//
// docs/backends.md says when each backend pays, and
// docs/explanation/search.md why the defaults are what they are.
package cover
