package datadict

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Column is one column of a table as the dictionary lists it: a top-level
// column, or a field of a nested one ("examples.ply").
type Column struct {
	Name     string
	Type     arrow.DataType
	Nullable bool
}

// Columns returns the columns of t: every top-level column, each followed
// by the fields of its structs (of a list of structs too).
func (t Table) Columns() []Column {
	var out []Column
	for _, f := range t.Arrow.Fields() {
		out = append(out, Column{f.Name, f.Type, f.Nullable})
		if st := structOf(f.Type); st != nil {
			for _, sf := range st.Fields() {
				out = append(out, Column{f.Name + "." + sf.Name, sf.Type, sf.Nullable})
			}
		}
	}
	return out
}

// structOf returns the struct of a struct column or of a list of structs.
func structOf(t arrow.DataType) *arrow.StructType {
	if t.ID() == arrow.MAP {
		return nil
	}
	if l, ok := t.(arrow.ListLikeType); ok {
		t = l.Elem()
	}
	st, _ := t.(*arrow.StructType)
	return st
}

// SQLType is the type as DuckDB shows it reading the file.
func SQLType(t arrow.DataType) string {
	switch t.ID() {
	case arrow.STRING:
		return "VARCHAR"
	case arrow.BOOL:
		return "BOOLEAN"
	case arrow.INT8:
		return "TINYINT"
	case arrow.INT16:
		return "SMALLINT"
	case arrow.INT32:
		return "INTEGER"
	case arrow.INT64:
		return "BIGINT"
	case arrow.UINT64:
		return "UBIGINT"
	case arrow.FLOAT64:
		return "DOUBLE"
	case arrow.DATE32:
		return "DATE"
	case arrow.LIST:
		if st := structOf(t); st != nil {
			return "STRUCT(…)[]"
		}
		return SQLType(t.(*arrow.ListType).Elem()) + "[]"
	case arrow.MAP:
		m := t.(*arrow.MapType)
		return "MAP(" + SQLType(m.KeyType()) + ", " + SQLType(m.ItemType()) + ")"
	case arrow.STRUCT:
		return "STRUCT(…)"
	}
	return strings.ToUpper(t.String())
}

// Markdown renders the dictionary: docs/datasets.md.
func Markdown() []byte {
	var b bytes.Buffer
	b.WriteString(`# The datasets: a data dictionary

Generated from the schemas the writers use by ` + "`go test ./internal/datadict -update`" + `
(package internal/datadict); its test fails when this file differs from them.
Do not edit it by hand.

Every table is a Parquet file (zstd); a dataset directory of ` + "`xqtool export`" + `
holds games, positions, flags, files, players and events (games, positions
and flags as DIR/NAME/year=YYYY/… with ` + "`--partition year`" + `). Types are
DuckDB's when it reads the files, the Arrow type in brackets. The ids and
keys mean one thing, with one type, in every table that has them: game_id is
always a game's id, position_key always the key of one position, ply always
a position's ply (0 the game's start position; a row's move is the move
played from it), and every column name shared by two tables has one type
(the test checks it). A few descriptive names (status, format, fen, ecco,
name, games) say different things of different tables: each table's
columns below say what.

`)
	tables := Tables()
	b.WriteString("| table | file | written by | rows | key |\n|---|---|---|---|---|\n")
	for _, t := range tables {
		fmt.Fprintf(&b, "| [%s](#%s) | `%s` | `xqtool %s` | %s | %s |\n", t.Name, anchor(t.Name), t.File,
			strings.ReplaceAll(t.Writer, ", ", "`, `xqtool "), t.Rows, keyText(t.Key))
	}
	b.WriteString("\n## Joins\n\n| from | to | on | gives |\n|---|---|---|---|\n")
	for _, j := range Joins() {
		on := make([]string, len(j.LeftCols))
		for i := range on {
			on[i] = "`" + j.LeftCols[i] + "`"
			if j.RightCols[i] != j.LeftCols[i] {
				on[i] += " = `" + j.RightCols[i] + "`"
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", j.Left, j.Right, strings.Join(on, ", "), j.Meaning)
	}
	b.WriteString("\nColumns shared by several tables (one type in all):\n\n")
	for _, s := range Shared() {
		fmt.Fprintf(&b, "- `%s` (%s): %s\n", s.Name, SQLType(s.Type), strings.Join(s.Tables, ", "))
	}
	for _, t := range tables {
		fmt.Fprintf(&b, "\n## %s\n\n`%s`, written by `xqtool %s` with `%s`: %s.", t.Name, t.File,
			strings.ReplaceAll(t.Writer, ", ", "`, `xqtool "), t.Schema, t.Rows)
		if len(t.Key) > 0 {
			fmt.Fprintf(&b, " Key: %s.", keyText(t.Key))
		}
		b.WriteString("\n\n| column | type | null | meaning |\n|---|---|---|---|\n")
		for _, c := range t.Columns() {
			null := ""
			if c.Nullable {
				null = "yes"
			}
			fmt.Fprintf(&b, "| %s | %s (%s) | %s | %s |\n", "`"+c.Name+"`", SQLType(c.Type), arrowType(c.Type), null, t.Meanings[c.Name])
		}
	}
	return b.Bytes()
}

// arrowType is the Arrow type, without field names and nullability
// noise.
func arrowType(t arrow.DataType) string {
	switch t.ID() {
	case arrow.LIST:
		if structOf(t) != nil {
			return "list<struct>"
		}
		return "list<" + arrowType(t.(*arrow.ListType).Elem()) + ">"
	case arrow.MAP:
		m := t.(*arrow.MapType)
		return "map<" + arrowType(m.KeyType()) + ", " + arrowType(m.ItemType()) + ">"
	case arrow.STRUCT:
		return "struct"
	case arrow.STRING:
		return "string"
	}
	return t.String()
}

func keyText(key []string) string {
	if len(key) == 0 {
		return "none"
	}
	return "`" + strings.Join(key, "`, `") + "`"
}

// anchor is the GitHub anchor of a heading.
func anchor(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SharedColumn is a top-level column name several tables have.
type SharedColumn struct {
	Name   string
	Type   arrow.DataType // the first table's
	Tables []string
}

// Shared returns the top-level column names of more than one table
// (the two positions tables count as one), by name.
func Shared() []SharedColumn {
	by := map[string]*SharedColumn{}
	for _, t := range Tables() {
		for _, f := range t.Arrow.Fields() {
			s := by[f.Name]
			if s == nil {
				s = &SharedColumn{Name: f.Name, Type: f.Type}
				by[f.Name] = s
			}
			name := strings.TrimSuffix(t.Name, " (--training)")
			if !slices.Contains(s.Tables, name) {
				s.Tables = append(s.Tables, name)
			}
		}
	}
	var out []SharedColumn
	for _, s := range by {
		if len(s.Tables) > 1 {
			out = append(out, *s)
		}
	}
	slices.SortFunc(out, func(a, b SharedColumn) int { return strings.Compare(a.Name, b.Name) })
	return out
}
