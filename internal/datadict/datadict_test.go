package datadict

import (
	"flag"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/xqtool/xqtool/internal/golden"
)

var update = flag.Bool("update", false, "write docs/datasets.md from the schemas")

// docPath is the dictionary's file.
var docPath = filepath.Join("..", "..", "docs", "datasets.md")

// TestDictionaryFile: docs/datasets.md is what the schemas give (run with
// -update to write it; a difference lists the file's lines as - and the
// schemas' as +).
func TestDictionaryFile(t *testing.T) {
	golden.Check(t, docPath, Markdown(), *update)
}

// TestEveryColumnMeans: every column (and nested field) has a meaning, and
// no meaning names a column the table lacks.
func TestEveryColumnMeans(t *testing.T) {
	for _, tb := range Tables() {
		names := map[string]bool{}
		for _, c := range tb.Columns() {
			names[c.Name] = true
			if strings.TrimSpace(tb.Meanings[c.Name]) == "" {
				t.Errorf("%s.%s has no meaning", tb.Name, c.Name)
			}
		}
		for n := range tb.Meanings {
			if !names[n] {
				t.Errorf("%s: a meaning for %s, which the schema lacks", tb.Name, n)
			}
		}
		for _, k := range tb.Key {
			if !names[k] {
				t.Errorf("%s: key column %s is not in the schema", tb.Name, k)
			}
		}
	}
}

// TestOneTypePerName: two tables that share a column name (nested fields
// included) give it the same type, and the columns of every join have one
// type on both sides; the check finds a conflict where there is one.
func TestOneTypePerName(t *testing.T) {
	tables := Tables()
	for _, c := range typeConflicts(tables) {
		t.Error(c)
	}
	byName := map[string]Table{}
	for _, tb := range tables {
		byName[tb.Name] = tb
	}
	for _, j := range Joins() {
		l, r := byName[j.Left], byName[j.Right]
		if l.Arrow == nil || r.Arrow == nil || len(j.LeftCols) != len(j.RightCols) {
			t.Errorf("join %s ⋈ %s: no such table, or columns not in pairs", j.Left, j.Right)
			continue
		}
		for i := range j.LeftCols {
			lf, lok := l.Arrow.FieldsByName(j.LeftCols[i])
			rf, rok := r.Arrow.FieldsByName(j.RightCols[i])
			if !lok || !rok || !arrow.TypeEqual(lf[0].Type, rf[0].Type) {
				t.Errorf("join %s.%s = %s.%s: missing or of two types", j.Left, j.LeftCols[i], j.Right, j.RightCols[i])
			}
		}
	}
	// position_key signed in one table, as the training positions had it.
	signed := Table{Name: "signed", Arrow: arrow.NewSchema([]arrow.Field{{Name: "position_key", Type: arrow.PrimitiveTypes.Int64}}, nil)}
	if c := typeConflicts(append(slices.Clone(tables), signed)); len(c) != 1 || !strings.Contains(c[0], "position_key") {
		t.Errorf("a signed position_key beside the unsigned ones: %q", c)
	}
}

// typeConflicts returns a line for every column name (the last part of a
// nested field's) that two tables give different types.
func typeConflicts(tables []Table) []string {
	type seen struct {
		table string
		typ   arrow.DataType
	}
	first := map[string]seen{}
	var out []string
	for _, tb := range tables {
		for _, c := range tb.Columns() {
			leaf := c.Name[strings.LastIndexByte(c.Name, '.')+1:]
			if s, ok := first[leaf]; !ok {
				first[leaf] = seen{tb.Name, c.Type}
			} else if !arrow.TypeEqual(s.typ, c.Type) {
				out = append(out, "column "+leaf+" is "+s.typ.String()+" in "+s.table+" and "+c.Type.String()+" in "+tb.Name)
			}
		}
	}
	return out
}
