package parquetw

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestSerializeSchemaBytes: the ARROW:schema of a schema with every
// column type the tables use is, byte for byte, what
// flight.SerializeSchema (which pqarrow.FileWriter calls) gives for it,
// so no file's footer changed when export stopped importing flight.
func TestSerializeSchemaBytes(t *testing.T) {
	var fields []arrow.Field
	for i, typ := range []arrow.DataType{
		arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32,
		arrow.PrimitiveTypes.Int64, arrow.PrimitiveTypes.Uint64, arrow.PrimitiveTypes.Float64,
		arrow.FixedWidthTypes.Boolean, arrow.FixedWidthTypes.Date32,
		arrow.ListOf(arrow.BinaryTypes.String), arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String),
		arrow.ListOfNonNullable(arrow.StructOf(arrow.Field{Name: "s", Type: arrow.BinaryTypes.String}, arrow.Field{Name: "n", Type: arrow.PrimitiveTypes.Int32})),
	} {
		fields = append(fields, arrow.Field{Name: fmt.Sprintf("c%d", i), Type: typ, Nullable: i%2 == 0})
	}
	for name, s := range map[string]*arrow.Schema{"every type": arrow.NewSchema(fields, nil), "empty": arrow.NewSchema(nil, nil)} {
		stored := storedSchema(s)
		got, err := serializeSchema(stored, memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		if want := flight.SerializeSchema(stored, memory.DefaultAllocator); !bytes.Equal(got, want) {
			t.Errorf("%s: ARROW:schema of %d bytes, flight.SerializeSchema gives %d", name, len(got), len(want))
		}
	}
}

// TestNoRPCImports: the package's own files import neither Arrow Flight
// nor gRPC (a binary that writes Parquet files does not serve them).
func TestNoRPCImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(path, "/arrow/flight") || strings.HasPrefix(path, "google.golang.org/grpc") {
				t.Errorf("%s imports %s", f, path)
			}
		}
	}
}
