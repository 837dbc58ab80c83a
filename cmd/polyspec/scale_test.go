package main

import (
	"testing"

	"github.com/polyspec/polyspec/cover"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		flag, env string
		want      cover.Shard
		err       string
	}{
		{"", "", cover.Shard{}, ""},
		{"", "3", cover.Shard{}, ""}, // the index alone asks for nothing
		{"2/5", "", cover.Shard{Index: 2, Of: 5}, ""},
		{"2/5", "4", cover.Shard{Index: 2, Of: 5}, ""}, // the flag's i wins
		{"/5", "4", cover.Shard{Index: 4, Of: 5}, ""},
		{"/5", "", cover.Shard{}, "--shard /5: $JOB_COMPLETION_INDEX is not set (it gives i when the shard is written /N; or write i/N)"},
		{"/5", "5", cover.Shard{}, "--shard /5 with JOB_COMPLETION_INDEX=5: want i/N with 0 <= i < N"},
		{"5/5", "", cover.Shard{}, "--shard 5/5: want i/N with 0 <= i < N, or /N with i in $JOB_COMPLETION_INDEX"},
		{"1/0", "", cover.Shard{}, "--shard 1/0: want i/N with 0 <= i < N, or /N with i in $JOB_COMPLETION_INDEX"},
		{"x", "", cover.Shard{}, "--shard x: want i/N with 0 <= i < N, or /N with i in $JOB_COMPLETION_INDEX"},
	} {
		getenv := func(name string) string {
			if name != jobIndex {
				t.Errorf("looked up $%s", name)
			}
			return c.env
		}
		got, err := parseShard(c.flag, getenv)
		if errText(err) != c.err || got != c.want {
			t.Errorf("--shard %q with index %q: %v, %v; want %v, %s", c.flag, c.env, got, err, c.want, c.err)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
