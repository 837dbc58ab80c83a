package main

import (
	"embed"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/polyspec/polyspec/spec"
)

// helpWidth is the widest help kong wraps to, whatever the terminal.
const helpWidth = 100

// flagGroups are the headings of the flags in a command's help, after the
// usual flags (which have none), in order.
var flagGroups = []kong.Group{
	{Key: "search", Title: "Search ('polyspec help search' says more):"},
	{Key: "pictures", Title: "Pictures:"},
	{Key: "pips", Title: "Pips games:"},
	{Key: "long", Title: "Long searches ('polyspec help long'):"},
	{Key: "markdown", Title: "The catalogue page:"},
	{Key: "limits", Title: "Limits ('polyspec help limits'):"},
}

// examples are the Examples: of each command's help, by the command's
// path ("" for polyspec itself), each a command line and what it does.
// TestExamples runs every one as written, in order, in one folder: a
// line may use a file an earlier line of its command wrote.
var examples = map[string][]string{
	"": {
		"polyspec solve pentominoes-6x10     # the first solution drawn, and the count",
		"polyspec list soma                  # the puzzles whose names hold 'soma'",
		"polyspec new my-puzzle --board 6x10 --pieces '5*'   # a spec to start from",
	},
	"new": {
		"polyspec new my-puzzle --board 6x10 --pieces '5*'   # my-puzzle.toml, each key explained",
		"polyspec new tiles --lattice hex                    # the hex lattice's example to start from",
		"polyspec solve my-puzzle.toml --count",
	},
	"solve": {
		"polyspec solve pentominoes-6x10            # on a terminal, the first solution drawn and the count",
		"polyspec solve pentominoes-6x10 --count    # only the closing line: 2339 solutions, ...",
		"polyspec solve soma-3x3x3 --svg soma.svg   # draw the first solution (also --png, --gltf, --x3d)",
	},
	"list": {
		"polyspec list pentomino                    # names that hold the word",
		"polyspec list 'soma-*'                     # names that match the pattern",
		"polyspec list --family cubes --has-count   # the polycube puzzles with a count",
		"polyspec list --lattice iamond 'hexiamonds-*'   # hexiamonds, on the lattice of triangles",
	},
	"studio": {
		"polyspec studio                            # the current folder's specs; prints the address",
		"polyspec studio . --max-time 30s           # stop each search after 30 s",
	},
	"render": {
		"polyspec solve pentominoes-6x10 -n 2 > p.txt   # records, to a file",
		"polyspec render p.txt --svg p.svg -n 2         # draw the second",
		"polyspec render p.txt --png p.png --png-size 800",
	},
	"draw": {
		"polyspec draw 5F+:12345 4L+:3456:90        # two pieces, the second turned 90 degrees",
		"polyspec draw --compact 5F+:12345",
	},
	"gallery": {
		"polyspec gallery site pentominoes-6x10 soma-3x3x3   # site/index.html and a page per family",
	},
	"merge": {
		"polyspec solve pentominoes-6x10 --count --shard 0/2 --out part-0.json",
		"polyspec solve pentominoes-6x10 --count --shard 1/2 --out part-1.json",
		"polyspec merge part-0.json part-1.json     # 2339 solutions, as one search says",
	},
	"verify": {
		"polyspec verify soma-3x3x3 pentominoes-3x20    # two puzzles' published counts",
		"polyspec verify --family sudoku --max-seconds 10   # one family, each count cut off after 10 s",
	},
	"estimate": {
		"polyspec estimate pentominoes-6x10         # about 9e+05 nodes: a count of a second or less",
		"polyspec estimate soma-3x3x3 --all         # without the symmetry reduction",
	},
	"compile": {
		"polyspec compile pentominoes-6x10 -o p.dlx # Knuth's DLX format",
		"polyspec solve p.dlx --count               # solved as a DLX file",
	},
	"import puzzler": {
		"polyspec solve pentominoes-3x20 > pentominoes-3x20.txt",
		"polyspec import puzzler pentominoes-3x20.txt --out specs   # specs/pentominoes-3x20.toml",
	},
	"schema": {
		"polyspec schema > spec.schema.json         # then '#:schema ./spec.schema.json' atop a spec",
	},
	"enumerate": {
		"polyspec enumerate --lattice hex --order 6 # 82",
		"polyspec enumerate --lattice square --order 4 --list",
	},
	"generate": {
		"polyspec generate --board 6x10 --pieces 12x5 --constraints any --seed 7 > game.txt",
		"polyspec generate --sudoku 9x9 --symmetry half-turn --seed 7 > s.toml # 'polyspec help sudoku'",
		"polyspec generate pentominoes-6x10 --seed 7 > p.toml   # fixed pieces; 'polyspec help unique'",
		"polyspec generate pentominoes-6x10 --shape --seed 7 > b.toml   # a board, one solution",
	},
	"completion": {
		"polyspec completion bash                   # source <(polyspec completion bash) in ~/.bashrc",
		"polyspec completion zsh                    # source <(polyspec completion zsh) in ~/.zshrc",
		"polyspec completion fish                   # polyspec completion fish | source, in config.fish",
	},
	"help": {
		"polyspec help spec                         # every key of a spec file",
		"polyspec help limits",
		"polyspec help solve                        # as polyspec solve --help",
	},
}

// printHelp prints kong's help of the command, then its examples, then
// for polyspec itself where to read more.
func printHelp(options kong.HelpOptions, ctx *kong.Context) error {
	if err := kong.DefaultHelpPrinter(options, ctx); err != nil {
		return err
	}
	path := ""
	if cmd := ctx.Selected(); cmd != nil {
		path = cmd.Path()
	}
	w := ctx.Stdout
	if ex := examples[path]; len(ex) > 0 {
		fmt.Fprintln(w, "\nExamples:")
		for _, line := range ex {
			fmt.Fprintln(w, "  "+line)
		}
	}
	if path == "" {
		fmt.Fprintf(w, "\nHelp topics ('polyspec help TOPIC'):\n  %s\n", strings.Join(topicNames(), ", "))
	}
	return nil
}

// topics are the texts of 'polyspec help TOPIC' beyond the commands and
// the spec reference: what a flag's help is too short to say.
//
//go:embed topics/*.txt
var topics embed.FS

// topicNames lists the topics 'polyspec help' prints.
func topicNames() []string {
	names := []string{"spec"}
	entries, _ := topics.ReadDir("topics")
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".txt"))
	}
	slices.Sort(names)
	return names
}

// HelpCmd prints a topic, or the help of a command.
type HelpCmd struct {
	Topic []string `arg:"" optional:"" help:"A topic (spec, limits, search, ...) or a command."`
}

func (c *HelpCmd) Run(e *env, k *kong.Context) error {
	if len(c.Topic) == 1 {
		if c.Topic[0] == "spec" {
			_, err := fmt.Fprint(e.stdout, spec.Help())
			return err
		}
		if text, err := topics.ReadFile("topics/" + c.Topic[0] + ".txt"); err == nil {
			_, err = e.stdout.Write(text)
			return err
		}
	}
	// Trace finds the command without checking its arguments, as --help
	// does.
	topic, err := kong.Trace(k.Kong, c.Topic)
	if err == nil {
		err = topic.Error
	}
	if err != nil || len(c.Topic) > 0 && topic.Selected() == nil {
		return fmt.Errorf("help: no topic or command %q; the topics are %s, and the commands are listed by 'polyspec --help'",
			strings.Join(c.Topic, " "), strings.Join(topicNames(), ", "))
	}
	return topic.PrintUsage(false)
}

// SchemaCmd prints the JSON Schema of spec files.
type SchemaCmd struct{}

func (c *SchemaCmd) Run(e *env) error {
	_, err := e.stdout.Write(spec.SchemaJSON())
	return err
}

// versionFlag prints the version as kong.VersionFlag does, but in one
// line, and all of the build information with --build-info.
type versionFlag bool

func (versionFlag) BeforeReset(ctx *kong.Context) error {
	info, ok := debug.ReadBuildInfo()
	switch {
	case !ok:
		fmt.Fprintln(ctx.Stdout, "polyspec: no build information (a binary built without module support)")
	case slices.Contains(ctx.Args, "--build-info"):
		fmt.Fprintln(ctx.Stdout, buildInfoText(info))
	default:
		fmt.Fprintln(ctx.Stdout, versionLine(info))
	}
	ctx.Exit(0)
	return nil
}
