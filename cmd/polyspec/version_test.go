package main

import (
	"runtime/debug"
	"testing"
)

func TestVersion(t *testing.T) {
	tests := []struct {
		name       string
		info       debug.BuildInfo
		want, line string
	}{
		{"checkout", debug.BuildInfo{
			GoVersion: "go1.26.0",
			Path:      "github.com/polyspec/polyspec/cmd/polyspec",
			Main:      debug.Module{Path: "github.com/polyspec/polyspec", Version: "(devel)"},
			Settings: []debug.BuildSetting{
				{Key: "-trimpath", Value: "true"},
				{Key: "vcs", Value: "git"},
				{Key: "vcs.revision", Value: "47cec74f0c8e4d0b5b1e2a3c4d5e6f708192a3b4"},
				{Key: "vcs.time", Value: "2026-11-24T17:00:00Z"},
				{Key: "vcs.modified", Value: "true"},
			},
		}, "polyspec (devel) go1.26.0\n" +
			"\tpath\tgithub.com/polyspec/polyspec/cmd/polyspec\n" +
			"\tmod\tgithub.com/polyspec/polyspec\t(devel)\n" +
			"\tbuild\tvcs=git\n" +
			"\tbuild\tvcs.revision=47cec74f0c8e4d0b5b1e2a3c4d5e6f708192a3b4\n" +
			"\tbuild\tvcs.time=2026-11-24T17:00:00Z\n" +
			"\tbuild\tvcs.modified=true",
			"polyspec (devel) (47cec74f0c8e, 2026-11-24, modified)"},
		{"go install @version", debug.BuildInfo{
			GoVersion: "go1.26.0",
			Path:      "github.com/polyspec/polyspec/cmd/polyspec",
			Main:      debug.Module{Path: "github.com/polyspec/polyspec", Version: "v0.3.0", Sum: "h1:abc="},
		}, "polyspec v0.3.0 go1.26.0\n" +
			"\tpath\tgithub.com/polyspec/polyspec/cmd/polyspec\n" +
			"\tmod\tgithub.com/polyspec/polyspec\tv0.3.0\th1:abc=",
			"polyspec v0.3.0"},
	}
	for _, tt := range tests {
		if got := buildInfoText(&tt.info); got != tt.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, got, tt.want)
		}
		if got := versionLine(&tt.info); got != tt.line {
			t.Errorf("%s: line %q, want %q", tt.name, got, tt.line)
		}
	}
}
