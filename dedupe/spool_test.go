package dedupe

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

// spoolGames are records of both forms: the standard placement (not
// written) and another one, each side to move, with and without text.
func spoolGames(t testing.TB) []Game {
	end, err := board.ParseFEN("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	std := start()
	black := std
	black.Side = board.Black
	moves := line(7, 41)
	return []Game{
		{Source: "a.pgn", Index: 3, ID: "id-a", Start: std, Moves: moves,
			Tags: [7]string{"Event", "", "Site", "", "胡荣华", "杨官璘", "1-0"}},
		{Source: "b.xqf", Start: end, Moves: []board.Move{board.NewMove(13, 22)}},
		{Source: "", Start: black, Moves: moves[:1], Tags: [7]string{4: "红", 5: "黑"}},
		{Source: "d.pgn", Index: 1 << 20, Start: end, Moves: moves, Tags: [7]string{6: "*"}},
	}
}

// TestSpoolRoundTrip: every reader gives back what write wrote: the whole
// record (decodeRecord, at and the forward reader), the start and moves
// alone (one read of the size the form gives, or forward), the names.
func TestSpoolRoundTrip(t *testing.T) {
	sp, err := newSpool(t.TempDir(), spoolAllTags)
	if err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	games := spoolGames(t)
	offs := make([]int64, len(games))
	for i := range games {
		std := games[i].Start.Board == startSetup.Board
		if offs[i], err = sp.write(&games[i], std); err != nil {
			t.Fatal(err)
		}
	}
	if err := sp.flush(); err != nil {
		t.Fatal(err)
	}
	check := func(what string, i int, h *head) {
		t.Helper()
		want := games[i].Start
		if h.side != byte(want.Side) || h.setup().Board != want.Board || !hasPrefix(h.moves, games[i].Moves, false) ||
			len(h.moves) != len(games[i].Moves) {
			t.Errorf("%s of game %d: side %d, %d moves; want %v, %d moves", what, i, h.side, len(h.moves), want.Side, len(games[i].Moves))
		}
	}
	fwd, heads, names := sp.forward(), sp.forward(), sp.forward()
	for i, gm := range games {
		std := gm.Start.Board == startSetup.Board
		var rec record
		if err := sp.at(offs[i], &rec, true); err != nil {
			t.Fatal(err)
		}
		check("at", i, &rec.head)
		if want := (Ref{gm.Source, gm.Index, gm.ID}); rec.ref != want || rec.tags != gm.Tags {
			t.Errorf("at of game %d: %v %q, want %v %q", i, rec.ref, rec.tags, want, gm.Tags)
		}
		var next record
		if err := fwd.next(&next, false); err != nil {
			t.Fatal(err)
		}
		check("next", i, &next.head)
		var h head
		if err := sp.moves(offs[i], uint32(len(gm.Moves)), std, &h); err != nil {
			t.Fatal(err)
		}
		check("moves", i, &h)
		if err := heads.moves(offs[i], uint32(len(gm.Moves)), std, &h); err != nil {
			t.Fatal(err)
		}
		check("forward moves", i, &h)
		if err := sp.moves(offs[i], uint32(len(gm.Moves)), !std, &h); err == nil {
			t.Errorf("game %d read as the other form: no error", i)
		}
		if err := names.seek(offs[i]); err != nil {
			t.Fatal(err)
		}
		nm, err := names.names()
		if err != nil || string(nm[0]) != gm.Tags[tagRed] || string(nm[1]) != gm.Tags[tagBlack] {
			t.Errorf("names of game %d: %q, %v", i, nm, err)
		}
	}
}

// FuzzDecodeRecord: a record that does not read back gives errCorrupt,
// never a panic, and the readers of parts of a record read what the
// reader of the whole reads.
func FuzzDecodeRecord(f *testing.F) {
	sp, err := newSpool(f.TempDir(), spoolAllTags)
	if err != nil {
		f.Fatal(err)
	}
	defer sp.close()
	for _, gm := range spoolGames(f) {
		sp.tmp = sp.tmp[:0]
		if _, err := sp.write(&gm, gm.Start.Board == startSetup.Board); err != nil {
			f.Fatal(err)
		}
		f.Add(append([]byte(nil), sp.tmp...))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var rec record
		err := decodeRecord(b, &rec, true)
		nm, nerr := decodeNames(b)
		if err == nil && nerr != nil {
			t.Fatalf("decodeRecord: no error, decodeNames: %v", nerr)
		}
		if (err != nil && err != errCorrupt) || (nerr != nil && nerr != errCorrupt) {
			t.Fatalf("errors %v, %v, want errCorrupt", err, nerr)
		}
		if err != nil {
			return
		}
		if string(nm[0]) != rec.tags[tagRed] || string(nm[1]) != rec.tags[tagBlack] {
			t.Fatalf("names %q, record %q", nm, rec.tags)
		}
		k, std, _ := placementEnd(b)
		var h head
		if err := decodeMoves(b[:headSize(uint32(len(rec.moves)), std)], uint32(len(rec.moves)), &h); err != nil ||
			h.side != rec.side || h.board != rec.board || len(h.moves) != len(rec.moves) || k > len(b) {
			t.Fatalf("decodeMoves: %v", err)
		}
	})
}

// TestSpoolNamesOnly: a spool that writes the players' names only (no
// tags to fill) reads the other tags back empty, the names whole.
func TestSpoolNamesOnly(t *testing.T) {
	sp, err := newSpool(t.TempDir(), spoolNames)
	if err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	gm := spoolGames(t)[0]
	off, err := sp.write(&gm, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := sp.flush(); err != nil {
		t.Fatal(err)
	}
	var rec record
	if err := sp.at(off, &rec, true); err != nil {
		t.Fatal(err)
	}
	want := [7]string{tagRed: gm.Tags[tagRed], tagBlack: gm.Tags[tagBlack]}
	if rec.tags != want || rec.ref.Source != gm.Source {
		t.Errorf("tags %q, source %q; want %q, %q", rec.tags, rec.ref.Source, want, gm.Source)
	}
}
