package annotate

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/board"
)

// EvalsName is the table's file name in an output directory.
const EvalsName = "evals.parquet"

// Keys of the table's key-value metadata.
const (
	MetaVersion    = "xqtool.evals.version"
	MetaEngine     = "xqtool.engine.name"
	MetaProtocol   = "xqtool.engine.protocol"
	MetaOptions    = "xqtool.engine.options"
	MetaLimits     = "xqtool.engine.limits"
	MetaThresholds = "xqtool.annotate.thresholds"
	// MetaShare is the share of a run that shared out the positions
	// ("I/N", Options.Share), and MetaMissing the number of the other
	// shares' positions it had no evaluation of: its losses, classes and
	// flags are final when it is "0". Both are absent from a single run's
	// table.
	MetaShare   = "xqtool.annotate.share"
	MetaMissing = "xqtool.annotate.missing"
)

// EvalsSchema is the schema of evals.parquet: one row per position of each
// game (Row).
var EvalsSchema = arrow.NewSchema([]arrow.Field{
	{Name: "game_id", Type: arrow.BinaryTypes.String},
	{Name: "ply", Type: arrow.PrimitiveTypes.Int32},
	{Name: "position_key", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "side", Type: arrow.BinaryTypes.String},
	{Name: "status", Type: arrow.BinaryTypes.String},
	{Name: "error", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "depth", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "score_red_cp", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "mate_red", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "best_iccs", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "pv_iccs", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
	{Name: "nodes", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "move_iccs", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "loss_cp", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "class", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "flags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
}, nil)

const (
	batchRows    = 8192
	rowGroupRows = 64 << 10 // as the datasets: a row group is buffered whole
)

// Writer writes evals.parquet: zstd, the profile and thresholds in the
// file's key-value metadata.
type Writer struct {
	fw   *pqarrow.FileWriter
	b    *array.RecordBuilder
	rows int
	err  error
}

// NewWriter starts a table on w.
func NewWriter(w io.Writer, profile Profile, th Thresholds) (*Writer, error) {
	props := parquet.NewWriterProperties(
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithDictionaryDefault(true),
		parquet.WithMaxRowGroupLength(rowGroupRows),
	)
	fw, err := pqarrow.NewFileWriter(EvalsSchema, w, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return nil, fmt.Errorf("annotate: %w", err)
	}
	for _, kv := range [][2]string{
		{MetaVersion, "1"},
		{MetaEngine, profile.Engine},
		{MetaProtocol, string(profile.Protocol)},
		{MetaOptions, profile.OptionsString()},
		{MetaLimits, profile.Limits},
		{MetaThresholds, th.String()},
	} {
		if err := fw.AppendKeyValueMetadata(kv[0], kv[1]); err != nil {
			return nil, fmt.Errorf("annotate: %w", err)
		}
	}
	return &Writer{fw: fw, b: array.NewRecordBuilder(memory.DefaultAllocator, EvalsSchema)}, nil
}

// AppendMeta adds a key-value pair to the file's metadata.
func (w *Writer) AppendMeta(key, value string) error {
	if err := w.fw.AppendKeyValueMetadata(key, value); err != nil {
		return fmt.Errorf("annotate: %w", err)
	}
	return nil
}

// String writes the thresholds as the table's metadata stores them.
func (t Thresholds) String() string {
	return fmt.Sprintf("clamp=%d inaccuracy=%d mistake=%d blunder=%d won=%d decisive=%d",
		t.Clamp, t.Inaccuracy, t.Mistake, t.Blunder, t.Won, t.Decisive)
}

// Write adds the rows of one game.
func (w *Writer) Write(g GameEval) error {
	if w.err != nil {
		return w.err
	}
	for i := range g.Rows {
		w.append(&g.Rows[i])
		if w.rows++; w.rows == batchRows {
			if err := w.flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *Writer) append(r *Row) {
	f := w.b.Fields()
	f[0].(*array.StringBuilder).Append(r.GameID)
	f[1].(*array.Int32Builder).Append(int32(r.Ply))
	f[2].(*array.Uint64Builder).Append(r.Key)
	f[3].(*array.StringBuilder).Append(sideName(r.Side))
	f[4].(*array.StringBuilder).Append(r.Status)
	optString(f[5], r.Err, r.Err != "")
	ok := r.Status == "ok"
	optInt32(f[6], r.Depth, ok)
	optInt32(f[7], r.ScoreRedCP, r.HasCP)
	optInt32(f[8], r.MateRed, r.HasMate)
	optString(f[9], r.Best.String(), ok)
	moveList(f[10], r.PV, ok)
	if ok {
		f[11].(*array.Int64Builder).Append(r.Nodes)
	} else {
		f[11].AppendNull()
	}
	optString(f[12], r.Move.String(), r.Move != board.NoMove)
	optInt32(f[13], r.Loss, r.HasLoss)
	optString(f[14], r.Class, r.Class != "")
	lb := f[15].(*array.ListBuilder)
	lb.Append(true)
	for _, c := range r.Flags {
		lb.ValueBuilder().(*array.StringBuilder).Append(c)
	}
}

func optString(b array.Builder, s string, ok bool) {
	if ok {
		b.(*array.StringBuilder).Append(s)
	} else {
		b.AppendNull()
	}
}

func optInt32(b array.Builder, v int, ok bool) {
	if ok {
		b.(*array.Int32Builder).Append(int32(v))
	} else {
		b.AppendNull()
	}
}

func moveList(b array.Builder, ms []board.Move, ok bool) {
	lb := b.(*array.ListBuilder)
	if !ok {
		lb.AppendNull()
		return
	}
	lb.Append(true)
	for _, m := range ms {
		lb.ValueBuilder().(*array.StringBuilder).Append(m.String())
	}
}

func (w *Writer) flush() error {
	if w.rows == 0 {
		return nil
	}
	rec := w.b.NewRecordBatch()
	defer rec.Release()
	w.rows = 0
	if err := w.fw.WriteBuffered(rec); err != nil {
		w.err = fmt.Errorf("annotate: %w", err)
		return w.err
	}
	return nil
}

// Close writes the last rows and the footer.
func (w *Writer) Close() error {
	defer w.b.Release()
	err := w.err
	if err == nil {
		err = w.flush()
	}
	if cerr := w.fw.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("annotate: %w", cerr)
	}
	return err
}
