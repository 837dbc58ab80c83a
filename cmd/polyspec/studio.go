package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os/exec"
	"runtime"
	"time"

	"github.com/polyspec/polyspec/cmd/internal/studio"
)

// StudioCmd serves the studio, the local web app.
type StudioCmd struct {
	Dir        string        `arg:"" optional:"" default:"." help:"Folder whose specs the studio opens and saves (default: the current one); nothing outside it is touched."`
	Listen     string        `default:"127.0.0.1:0" placeholder:"HOST:PORT" help:"Address to listen on (default: loopback, a free port); another lets other machines in, with a warning."`
	Open       bool          `help:"Open the studio in the default browser."`
	MaxJobs    int           `name:"max-jobs" default:"4" placeholder:"N" help:"Most searches running at once, over all pages (default 4)."`
	MaxTime    time.Duration `name:"max-time" default:"2m" placeholder:"DURATION" help:"Longest a search or a game generation may run before it is stopped (default 2m)."`
	Export     string        `placeholder:"DIR" help:"Write the studio as a static site into DIR (its engine built to WebAssembly by the Go toolchain) and exit."`
	ShareBase  string        `name:"share-base" placeholder:"URL" help:"Address that share links point at, such as a site made by --export (default: this studio)."`
	LimitFlags `embed:""`
}

func (c *StudioCmd) Run(e *env) error {
	if c.ShareBase != "" {
		if u, err := url.Parse(c.ShareBase); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Fragment != "" {
			return fmt.Errorf("--share-base %q: expected an http or https address without a fragment, such as https://example.org/studio/", c.ShareBase)
		}
	}
	if c.Export != "" {
		if err := studio.Export(e.ctx, c.Export); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "polyspec studio: wrote a static site to %s (serve it with any static file server)\n", c.Export)
		return nil
	}
	ln, err := net.Listen("tcp", c.Listen)
	if err != nil {
		return err
	}
	defer ln.Close()
	var extra []string
	if !studio.IsLoopback(c.Listen) {
		fmt.Fprintf(e.stderr, "polyspec: warning: listening on %s, not loopback: other machines may use the studio, read and write its folder's spec files and run searches\n", ln.Addr())
		// A page reached by the address it was asked to listen on must
		// be served; a wildcard address names no host.
		if host, _, err := net.SplitHostPort(c.Listen); err == nil {
			if ip := net.ParseIP(host); host != "" && (ip == nil || !ip.IsUnspecified()) {
				extra = append(extra, host)
			}
		}
	}
	limits := studio.DefaultLimits
	// The command line's --max-cells and --max-placements bound the
	// studio's specs and games as they bound solve's.
	limits.MaxCells, limits.MaxPlacements = e.limits.Cells, e.limits.Placements
	limits.MaxTime, limits.MaxJobs = c.MaxTime, c.MaxJobs
	srv, err := studio.New(c.Dir, limits, extra...)
	if err != nil {
		return err
	}
	defer srv.Close()
	srv.SetShareBase(c.ShareBase)
	// A wildcard address is reached here through loopback.
	a := ln.Addr().(*net.TCPAddr)
	host := "127.0.0.1"
	if !a.IP.IsUnspecified() {
		host = a.IP.String()
	}
	url := "http://" + net.JoinHostPort(host, fmt.Sprint(a.Port)) + "/"
	fmt.Fprintf(e.stdout, "polyspec studio: %s (folder %s; Ctrl-C stops)\n", url, c.Dir)
	if c.Open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(e.stderr, "polyspec: could not open a browser (%v): open %s yourself\n", err, url)
		}
	}
	hs := srv.HTTPServer()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-e.ctx.Done():
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	// Searches stream until they end; closing them is enough.
	if err := hs.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	hs.Close()
	return nil
}

// openBrowser asks the desktop to open a URL.
func openBrowser(url string) error {
	name, args := "xdg-open", []string{url}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", url}
	}
	return exec.Command(name, args...).Start()
}
