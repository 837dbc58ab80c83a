package dlxfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/polyspec/polyspec/cover"
)

// Write writes p in the format Read reads. It fails if p does not validate,
// has no primary item, has an empty option, or has a name or colour that
// the format cannot hold. The item line lists primaries before secondaries,
// so Read gives back p exactly when p's items are in that order, as they
// are in every problem Read returns.
func Write(w io.Writer, p *cover.Problem) error {
	if err := check(p); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	sep := ""
	for _, it := range p.Items {
		if it.Secondary {
			continue
		}
		bw.WriteString(sep)
		switch {
		case it.Lo == it.Hi && it.Hi != 1:
			bw.WriteString(strconv.Itoa(it.Hi) + "|")
		case it.Lo != it.Hi:
			bw.WriteString(strconv.Itoa(it.Lo) + ":" + strconv.Itoa(it.Hi) + "|")
		}
		bw.WriteString(it.Name)
		sep = " "
	}
	sep = " | "
	for _, it := range p.Items {
		if it.Secondary {
			bw.WriteString(sep + it.Name)
			sep = " "
		}
	}
	bw.WriteByte('\n')
	for o := range p.NumOptions() {
		if err := WriteOption(bw, p, o); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteOption writes option i of p as one line, as it would appear in the
// input; a program prints a solution by writing each of its options.
func WriteOption(w io.Writer, p *cover.Problem, i int) error {
	buf := make([]byte, 0, 64)
	for k, e := range p.Option(i) {
		if k > 0 {
			buf = append(buf, ' ')
		}
		buf = append(buf, p.Items[e.Item].Name...)
		if e.Color != 0 {
			buf = append(buf, ':')
			buf = append(buf, p.Colors[e.Color]...)
		}
	}
	_, err := w.Write(append(buf, '\n'))
	return err
}

// check reports why p cannot be written, if it cannot.
func check(p *cover.Problem) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("dlxfile: %w", err)
	}
	primary := false
	for _, it := range p.Items {
		if !validName(it.Name) {
			return fmt.Errorf("dlxfile: item name %q cannot be written (empty, or has a space, ':' or '|')", it.Name)
		}
		primary = primary || !it.Secondary
	}
	if !primary {
		return errors.New("dlxfile: a problem with no primary item cannot be written")
	}
	for o := range p.NumOptions() {
		opt := p.Option(o)
		if len(opt) == 0 {
			return fmt.Errorf("dlxfile: option %d is empty and cannot be written", o)
		}
		for _, e := range opt {
			if c := p.Colors[e.Color]; e.Color != 0 && !validName(c) {
				return fmt.Errorf("dlxfile: colour %q in option %d cannot be written", c, o)
			}
		}
	}
	return nil
}
