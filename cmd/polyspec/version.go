package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// versionLine is what --version prints: the module's version ("(devel)"
// for a build from a checkout) and, where the build was made from a
// version-controlled tree, its revision, its date and whether it had
// changes not committed.
//
//	polyspec v1.2.0 (027f0b7c1a2b, 2026-11-27)
//	polyspec (devel) (027f0b7c1a2b, 2026-11-27, modified)
func versionLine(info *debug.BuildInfo) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var about []string
	if rev := settings["vcs.revision"]; rev != "" {
		about = append(about, rev[:min(len(rev), 12)])
	}
	if t := settings["vcs.time"]; t != "" {
		about = append(about, t[:min(len(t), len("2006-01-02"))])
	}
	if settings["vcs.modified"] == "true" {
		about = append(about, "modified")
	}
	line := "polyspec " + info.Main.Version
	if len(about) > 0 {
		line += " (" + strings.Join(about, ", ") + ")"
	}
	return line
}

// buildInfoText is what --version --build-info prints, laid out as 'go
// version -m' lays it out: the module and the build's VCS settings.
func buildInfoText(info *debug.BuildInfo) string {
	var b strings.Builder
	fmt.Fprintf(&b, "polyspec %s %s\n", info.Main.Version, info.GoVersion)
	fmt.Fprintf(&b, "\tpath\t%s\n", info.Path)
	fmt.Fprintf(&b, "\tmod\t%s\t%s", info.Main.Path, info.Main.Version)
	if info.Main.Sum != "" {
		fmt.Fprintf(&b, "\t%s", info.Main.Sum)
	}
	b.WriteString("\n")
	for _, s := range info.Settings {
		if strings.HasPrefix(s.Key, "vcs") {
			fmt.Fprintf(&b, "\tbuild\t%s=%s\n", s.Key, s.Value)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}
