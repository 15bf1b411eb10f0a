package parse

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkXQFReader reads every real XQF file, preloaded in memory.
func BenchmarkXQFReader(b *testing.B) {
	data, total := binReadFiles(b, ".xqf")
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	moves := 0
	for b.Loop() {
		moves = 0
		for _, d := range data {
			rec, err := NewXQFReader(bytes.NewReader(d), int64(len(d)), "b").Next()
			if rec == nil {
				b.Fatal(err)
			}
			moves += len(rec.MainLine())
		}
	}
	b.ReportMetric(float64(len(data)*b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves), "mainline-moves")
}

// BenchmarkWriteXQF writes every real XQF game back as XQF 1.0.
func BenchmarkWriteXQF(b *testing.B) {
	files := binRealFiles(b, ".xqf")
	var recs []*Record
	var total int64
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		rec, err := readXQFBytes(d, f)
		if err != nil {
			continue
		}
		recs = append(recs, rec)
		total += int64(len(d))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, rec := range recs {
			if err := WriteXQF(io.Discard, rec); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(recs)*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkCBRReader reads every real CBR/CBL file, preloaded in memory.
func BenchmarkCBRReader(b *testing.B) {
	data, total := binReadFiles(b, ".cbr", ".cbl")
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	games := 0
	for b.Loop() {
		for _, d := range data {
			r := NewCBRReader(bytes.NewReader(d), int64(len(d)), "b")
			for {
				rec, err := r.Next()
				if rec == nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
				games++
			}
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// binReadFiles reads the real files with the given endings into memory and
// returns them with their total size.
func binReadFiles(b *testing.B, exts ...string) (data [][]byte, total int64) {
	for _, f := range binRealFiles(b, exts...) {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
		total += int64(len(d))
	}
	return data, total
}
