package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/puzzles"
	"github.com/posener/complete"
	"github.com/willabides/kongplete"
)

// CompletionCmd prints a shell's completion script. The scripts hand the
// work back to polyspec: the shell runs it with the command line in
// COMP_LINE, and complete answers from the command-line model (commands,
// flags, the values of enum flags) and the predictors below.
type CompletionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"The shell: bash, zsh or fish."`
}

// The scripts run polyspec by name, so that they go on working when it is
// installed anew. Each falls back to file names when polyspec offers
// nothing (a file to write, say). zsh takes bash's script through its
// bashcompinit, which needs compinit loaded first; fish's commandline loses
// a last empty word, which says that a new word is to be completed.
var completionScripts = map[string]string{
	"bash": "complete -o default -C polyspec polyspec\n",
	"zsh": `(( $+functions[compdef] )) || { autoload -U +X compinit && compinit }
autoload -U +X bashcompinit && bashcompinit
complete -o default -C polyspec polyspec
`,
	"fish": `function __polyspec_complete
    set -lx COMP_LINE (commandline --cut-at-cursor --current-process)
    if test -z (commandline --cut-at-cursor --current-token)
        set COMP_LINE "$COMP_LINE "
    end
    set -l words (polyspec)
    if set -q words[1]
        printf '%s\n' $words
    else
        __fish_complete_path (commandline --cut-at-cursor --current-token)
    end
end
complete --command polyspec --no-files --arguments '(__polyspec_complete)'
`,
}

func (c *CompletionCmd) Run(e *env) error {
	_, err := fmt.Fprint(e.stdout, completionScripts[c.Shell])
	return err
}

// completeLine answers a shell's request for completions, which it makes
// by running polyspec with the command line in COMP_LINE, and then calls
// the parser's exit function.
func completeLine(parser *kong.Kong) {
	var names, families []string
	for _, e := range puzzles.Entries() {
		names = append(names, e.Name)
		if !slices.Contains(families, e.Family) {
			families = append(families, e.Family)
		}
	}
	lattices, _ := latticeNames()
	// The completions come in map order: sorted, the output is the same
	// every time.
	out, sorted := parser.Stdout, new(strings.Builder)
	parser.Stdout = sorted
	kongplete.Complete(parser,
		kongplete.WithPredictor("name", complete.PredictSet(names...)),
		kongplete.WithPredictor("target", complete.PredictOr(complete.PredictSet(names...), complete.PredictFiles("*"))),
		kongplete.WithPredictor("family", complete.PredictSet(families...)),
		kongplete.WithPredictor("lattice", complete.PredictSet(strings.Split(lattices, ",")...)),
	)
	parser.Stdout = out
	lines := strings.SplitAfter(sorted.String(), "\n")
	slices.Sort(lines)
	fmt.Fprint(out, strings.Join(lines, ""))
}
