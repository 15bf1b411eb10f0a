package dataset_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/pipeline"
)

// gameFlags runs the pipeline over inputs and returns each game as
// "game_id source#index status plies flags", in order.
func gameFlags(t *testing.T, opt pipeline.Options, inputs ...string) []string {
	t.Helper()
	var out []string
	c := &gameSink{fn: func(g *pipeline.Game) {
		out = append(out, fmt.Sprintf("%s %s#%d %s %d %v", g.ID(), g.Source(), g.Index(), g.Status(), g.Plies(), g.Flags()))
	}}
	if _, err := pipeline.Run(context.Background(), inputs, opt, c); err != nil {
		t.Fatal(err)
	}
	return out
}

type gameSink struct {
	pipeline.NopSink
	fn func(g *pipeline.Game)
}

func (s *gameSink) Game(g *pipeline.Game) error { s.fn(g); return nil }

// TestSourceFlags: the games of a dataset read back by Source have the
// ids, states, lines and positioned flags of the records' run (without
// duplicate detection, whose flags a run decides again), from a dataset
// partitioned by year too; without flags.parquet the codes of
// flag_codes, one flag each.
func TestSourceFlags(t *testing.T) {
	records := filepath.Join("..", "sample")
	off := pipeline.Options{Duplicates: pipeline.Duplicates{Off: true}}
	want := gameFlags(t, off, records)
	for _, opts := range [][]dataset.Option{nil, {dataset.WithPartitionByYear()}} {
		out := t.TempDir()
		sink, err := dataset.NewSink(out, false, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pipeline.Run(context.Background(), []string{records}, off, sink); err != nil {
			t.Fatal(err)
		}
		src := off
		src.Datasets = dataset.Source{}
		got := gameFlags(t, src, out)
		if !slices.Equal(got, want) {
			t.Errorf("partitioned %v: from the dataset\n%q\nfrom the records\n%q", opts != nil, got, want)
		}
	}

	// Without flags.parquet: one unpositioned flag per code.
	out := t.TempDir()
	sink, err := dataset.NewSink(out, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Run(context.Background(), []string{records}, off, sink); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(out, dataset.FlagsName+".parquet")); err != nil {
		t.Fatal(err)
	}
	rd, err := dataset.Source{}.OpenDatasets([]string{out}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	n, flagged := 0, 0
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
		if len(g.Flags) > 0 {
			flagged++
		}
		for _, f := range g.Flags {
			if f.Ply != 0 || f.Detail != "" || f.Severity != f.Code.Severity() || !f.Code.Known() {
				t.Fatalf("game %s: flag %+v from flag_codes", g.ID, f)
			}
		}
		if c := flags.Codes(g.Flags); len(c) != len(g.Flags) {
			t.Fatalf("game %s: a code twice in %v", g.ID, c)
		}
	}
	if n != len(want) || flagged == 0 {
		t.Errorf("%d games (%d flagged) without flags.parquet, want %d", n, flagged, len(want))
	}
	if files := rd.Files(); len(files) != 1 || files[0].Games != n {
		t.Errorf("files %+v", files)
	}
}

// TestSourceNotADataset: a directory without a games table is no dataset.
func TestSourceNotADataset(t *testing.T) {
	if _, err := (dataset.Source{}).OpenDatasets([]string{t.TempDir()}, nil); err == nil {
		t.Error("a directory without games.parquet opened as a dataset")
	}
	if (dataset.Source{}).IsDataset(t.TempDir()) {
		t.Error("an empty directory is a dataset")
	}
}
