package suite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// Child runs the case spec (Case.String's form) among workloads and writes
// its Result as JSON to w: the body of the hidden command line that
// Isolated runs.
func Child(ctx context.Context, workloads []Workload, spec string, w io.Writer) error {
	c, err := ParseCase(spec)
	if err != nil {
		return err
	}
	for _, wl := range workloads {
		if wl.Name == c.Workload {
			r, err := Run(ctx, wl, c)
			if err != nil {
				return err
			}
			return json.NewEncoder(w).Encode(r)
		}
	}
	return fmt.Errorf("suite: no workload %q", c.Workload)
}

// Isolated runs a case in a fresh process: command is the command line
// that makes a program call Child with the case appended as its last
// argument. The child's stderr goes to this process's.
func Isolated(ctx context.Context, command []string, c Case) (Result, error) {
	cmd := exec.CommandContext(ctx, command[0], append(command[1:], c.String())...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return Result{}, fmt.Errorf("suite: %s: %w", c, err)
	}
	var r Result
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		return Result{}, fmt.Errorf("suite: %s: reading the child's result: %w", c, err)
	}
	return r, nil
}
