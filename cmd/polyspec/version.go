package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// version describes the running binary from the build information the Go
// toolchain records in it, laid out as 'go version -m' lays it out: the
// module's version ("(devel)" for a build from a checkout), and where the
// build was made from a version-controlled tree, its revision, its time
// and whether it had changes not committed (vcs.modified=true).
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "polyspec: no build information (a binary built without module support)"
	}
	return versionText(info)
}

func versionText(info *debug.BuildInfo) string {
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
