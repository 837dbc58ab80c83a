package suite

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
)

// A Report is a run of the suite with the machine it ran on.
type Report struct {
	Date    string   `json:"date"`
	Command string   `json:"command,omitempty"` // that made the report
	Machine Machine  `json:"machine"`
	Repeat  int      `json:"repeat"` // each figure is the fastest of this many runs
	Results []Result `json:"results"`
	// Workloads says what each workload of the results does.
	Workloads map[string]string `json:"workloads,omitempty"`
	// References holds Polyform Puzzler's recorded runs of the catalogue
	// workloads that have one.
	References map[string]Reference `json:"references,omitempty"`
}

// Machine describes where a report was made. The load averages matter on
// a shared machine: other work there slows the runs with many workers
// most.
type Machine struct {
	CPU        string `json:"cpu"`
	Cores      int    `json:"cores"`
	OS         string `json:"os"`
	Go         string `json:"go"`
	LoadBefore string `json:"load_before"`
	LoadAfter  string `json:"load_after,omitempty"`
}

// ThisMachine describes the machine this process runs on.
func ThisMachine() Machine {
	return Machine{
		CPU:        cpuModel(),
		Cores:      runtime.NumCPU(),
		OS:         runtime.GOOS + "/" + runtime.GOARCH,
		Go:         runtime.Version(),
		LoadBefore: LoadAverage(),
	}
}

// cpuModel reads the processor's name from /proc/cpuinfo where there is one.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// LoadAverage returns the 1, 5 and 15 minute load averages from
// /proc/loadavg, or "" where there is none.
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r Report) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteMarkdown writes the report as a Markdown table. The speed-up of a
// parallel row is the wall time of its backend alone on the same workload
// over its own; its idle share is the part of its workers' cores × wall
// time that the process did not use (1 − CPU / (workers × wall)), which
// counts a serial start, an unbalanced end and time lost to other jobs
// alike.
func WriteMarkdown(w io.Writer, r Report) error {
	m := r.Machine
	var b strings.Builder
	fmt.Fprintf(&b, "# Benchmarks %s\n\n", r.Date)
	if r.Command != "" {
		fmt.Fprintf(&b, "- Command: `%s`\n", r.Command)
	}
	fmt.Fprintf(&b, "- Machine: %s, %d cores, %s, %s\n", m.CPU, m.Cores, m.OS, m.Go)
	fmt.Fprintf(&b, "- Load average (1, 5, 15 min): %s before, %s after\n", m.LoadBefore, m.LoadAfter)
	fmt.Fprintf(&b, "- Each figure is the fastest of %d runs, each in a fresh process, counting only (no solutions built) unless the workload says otherwise below\n", r.Repeat)
	b.WriteString("- Workers 0 is the backend alone; n is `cover.Parallel` with n workers around it, its speed-up is over the backend alone, and idle is 1 − CPU / (n × wall)\n")
	b.WriteString("- Backend - is a workload that searches no exact cover\n\n")
	b.WriteString("| workload | backend | workers | solutions | nodes | CPU s | wall s | speed-up | idle | peak MB |\n")
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	alone := map[[2]string]float64{}
	for _, x := range r.Results {
		if x.Workers == 0 {
			alone[[2]string{x.Workload, x.Backend}] = x.Wall
		}
	}
	for _, x := range r.Results {
		speed, idle := "", ""
		if base, ok := alone[[2]string{x.Workload, x.Backend}]; ok && x.Workers > 0 && x.Wall > 0 {
			speed = fmt.Sprintf("%.2f×", base/x.Wall)
		}
		if x.Workers > 0 && x.Wall > 0 {
			idle = fmt.Sprintf("%.0f%%", 100*max(0, 1-x.CPU/(float64(x.Workers)*x.Wall)))
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %.3f | %.3f | %s | %s | %.1f |\n",
			x.Workload, x.Backend, x.Workers, x.Solutions, x.Nodes, x.CPU, x.Wall, speed, idle, float64(x.MaxRSS)/1024)
	}
	writeReferences(&b, r)
	if len(r.Workloads) > 0 {
		b.WriteString("\nWorkloads:\n\n")
		for _, name := range slices.Sorted(maps.Keys(r.Workloads)) {
			fmt.Fprintf(&b, "- %s: %s\n", name, r.Workloads[name])
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeReferences sets Polyform Puzzler's recorded runs beside the fewest
// nodes and the least CPU time of polyspec's rows of the same workload.
// Its durations were measured on its author's machine: compare them as
// orders of magnitude.
func writeReferences(b *strings.Builder, r Report) {
	if len(r.References) == 0 {
		return
	}
	b.WriteString("\nPolyform Puzzler's recorded runs (the closing line of its solution file; its searches are dancing-links nodes):\n\n")
	b.WriteString("| workload | its time | its searches | fewest nodes here | nodes / searches | least CPU s here |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|\n")
	for _, name := range slices.Sorted(maps.Keys(r.References)) {
		ref := r.References[name]
		var nodes int64 = -1
		cpu := -1.0
		for _, x := range r.Results {
			if x.Workload != name {
				continue
			}
			if nodes < 0 || x.Nodes < nodes {
				nodes = x.Nodes
			}
			if cpu < 0 || x.CPU < cpu {
				cpu = x.CPU
			}
		}
		if nodes < 0 {
			fmt.Fprintf(b, "| %s | %s | %d | – | – | – |\n", name, ref.Duration, ref.Searches)
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %d | %d | %.3f | %.3f |\n", name, ref.Duration, ref.Searches, nodes, float64(nodes)/float64(ref.Searches), cpu)
	}
}
