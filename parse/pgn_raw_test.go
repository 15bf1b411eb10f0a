package parse

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestRawParseMatchesNext reads every real PGN file twice, with Next and
// with NextRaw + Parse (renumbered), and expects identical records.
func TestRawParseMatchesNext(t *testing.T) {
	dir := textRecordsDir(t)
	files := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		l := strings.ToLower(path)
		if !strings.HasSuffix(l, ".pgn") && !strings.HasSuffix(l, ".pgn_zh") && !strings.HasSuffix(l, ".pgn_iccs") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		var seq []*Record
		r := NewPGNReader(bytes.NewReader(data), path)
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			seq = append(seq, rec)
		}
		var raw []*Record
		rr := NewPGNReader(bytes.NewReader(data), path)
		for {
			g, err := rr.NextRaw()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec := g.Parse(); rec != nil {
				rec.SetIndex(len(raw))
				raw = append(raw, rec)
			}
		}
		if len(seq) != len(raw) {
			t.Errorf("%s: Next read %d games, NextRaw %d", path, len(seq), len(raw))
			return nil
		}
		for i := range seq {
			if !reflect.DeepEqual(seq[i], raw[i]) {
				t.Errorf("%s game %d: records differ in %s", path, i, diffRecords(seq[i], raw[i]))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatal("no PGN files")
	}
}

func diffRecords(a, b *Record) string {
	va, vb := reflect.ValueOf(*a), reflect.ValueOf(*b)
	var out []string
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			out = append(out, va.Type().Field(i).Name)
		}
	}
	return strings.Join(out, ",")
}

// TestPGNLineOffs checks the word-at-a-time newline search against a
// plain loop.
func TestPGNLineOffs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		buf := make([]byte, rng.IntN(40))
		for i := range buf {
			switch rng.IntN(4) {
			case 0:
				buf[i] = '\n'
			case 1:
				buf[i] = byte(rng.IntN(256))
			default:
				buf[i] = 'a' + byte(i%26)
			}
		}
		want := []int64{7}
		for i, c := range buf {
			if c == '\n' && i+1 < len(buf) {
				want = append(want, 7+int64(i+1))
			}
		}
		if got := pgnLineOffs(nil, buf, 7); !slices.Equal(got, want) {
			t.Fatalf("%q: got %v, want %v", buf, got, want)
		}
	}
}
