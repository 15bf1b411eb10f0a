package dataset

import (
	"bytes"
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

// TestSerializeSchemaBytes: the ARROW:schema of every table this package
// writes is, byte for byte, what flight.SerializeSchema (which
// pqarrow.FileWriter calls) gives for it, so no file's footer changed
// when export stopped importing flight.
func TestSerializeSchemaBytes(t *testing.T) {
	for name, s := range map[string]*arrow.Schema{"games": GamesSchema, "positions": PositionsSchema, "flags": FlagsSchema, "files": FilesSchema} {
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
