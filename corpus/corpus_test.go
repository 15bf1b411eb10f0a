package corpus

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const pgnGame = `[Game "Chinese Chess"]
[Event "Test"]
[Result "1-0"]
1. 炮二平五 马８进７ 1-0
`

func pgnN(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(strings.Replace(pgnGame, "Test", fmt.Sprintf("Test %d", i), 1))
		b.WriteString("\n")
	}
	return b.String()
}

func collect(t *testing.T, paths ...string) (games []string, problems []string) {
	t.Helper()
	w := &Walker{}
	err := w.Walk(context.Background(), paths, func(it Item) error {
		if it.File != nil {
			problems = append(problems, it.File.Error())
			return nil
		}
		games = append(games, fmt.Sprintf("%s#%d", filepath.ToSlash(it.Rec.Source), it.Rec.Index))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games, problems
}

func TestWalkDirectoryAndArchives(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "b.pgn"), []byte(pgnN(2)), 0o644))
	must(os.WriteFile(filepath.Join(dir, "sub", "a.txt"), []byte(pgnN(1)), 0o644)) // detected from content
	must(os.WriteFile(filepath.Join(dir, "notes.bin"), []byte{0, 1, 2, 3, 0xff}, 0o644))

	// zip with a normal member, an insecure one, and a nested directory.
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, name := range []string{"games/one.pgn", "../evil.pgn"} {
		f, err := zw.Create(name)
		must(err)
		_, err = f.Write([]byte(pgnN(1)))
		must(err)
	}
	must(zw.Close())
	must(os.WriteFile(filepath.Join(dir, "c.zip"), zb.Bytes(), 0o644))

	// tar.gz with two members.
	var tb bytes.Buffer
	gz := gzip.NewWriter(&tb)
	tw := tar.NewWriter(gz)
	for _, name := range []string{"x.pgn", "/abs.pgn"} {
		data := []byte(pgnN(1))
		must(tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg}))
		_, err := tw.Write(data)
		must(err)
	}
	must(tw.Close())
	must(gz.Close())
	must(os.WriteFile(filepath.Join(dir, "d.tgz"), tb.Bytes(), 0o644))

	games, problems := collect(t, dir)
	want := []string{
		filepath.ToSlash(filepath.Join(dir, "b.pgn")) + "#0",
		filepath.ToSlash(filepath.Join(dir, "b.pgn")) + "#1",
		filepath.ToSlash(filepath.Join(dir, "c.zip")) + "!games/one.pgn#0",
		filepath.ToSlash(filepath.Join(dir, "d.tgz")) + "!x.pgn#0",
		filepath.ToSlash(filepath.Join(dir, "sub", "a.txt")) + "#0",
	}
	if strings.Join(games, "\n") != strings.Join(want, "\n") {
		t.Errorf("games:\n%s\nwant:\n%s", strings.Join(games, "\n"), strings.Join(want, "\n"))
	}
	if len(problems) != 3 {
		t.Fatalf("problems = %q, want insecure zip member, insecure tar member and unknown file", problems)
	}
	joined := strings.Join(problems, "\n")
	for _, s := range []string{"evil.pgn: " + ErrInsecurePath.Error(), "abs.pgn: " + ErrInsecurePath.Error(), "notes.bin: " + ErrUnknownFormat.Error()} {
		if !strings.Contains(joined, s) {
			t.Errorf("problems lack %q:\n%s", s, joined)
		}
	}
}

func TestWalkGlobAndStdin(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"1.pgn", "2.pgn", "3.txt"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(pgnN(1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	games, _ := collect(t, filepath.Join(dir, "*.pgn"))
	if len(games) != 2 {
		t.Errorf("glob: %d games, want 2", len(games))
	}
	w := &Walker{Stdin: strings.NewReader(pgnN(3))}
	n := 0
	if err := w.Walk(context.Background(), []string{"-"}, func(it Item) error {
		if it.Rec == nil || it.Rec.Source != "-" {
			t.Errorf("bad stdin item %+v", it)
		}
		n++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("stdin: %d games, want 3", n)
	}
	if err := (&Walker{}).Walk(context.Background(), []string{filepath.Join(dir, "missing.pgn")}, func(Item) error { return nil }); err == nil {
		t.Error("missing path: no error")
	}
}

func TestSecureMember(t *testing.T) {
	for name, want := range map[string]bool{
		"a.pgn": true, "dir/a.pgn": true, "../a.pgn": false, "a/../../b": false,
		"/etc/passwd": false, `C:\x`: false, `dir\x`: false, "": false, "a/./b": true,
	} {
		if got := secureMember(name); got != want {
			t.Errorf("secureMember(%q) = %v, want %v", name, got, want)
		}
	}
}

// emitUpTo is a producer of Process that emits 0 to n-1, or 0, 1, …
// until emit fails when n is negative.
func emitUpTo(n int) func(context.Context, func(int) error) error {
	return func(_ context.Context, emit func(int) error) error {
		for i := 0; n < 0 || i < n; i++ {
			if err := emit(i); err != nil {
				return err
			}
		}
		return nil
	}
}

// TestProcessOrder checks that results come out in input order for any
// number of workers, with uneven work times.
func TestProcessOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			var got []int
			err := Process(context.Background(), workers, emitUpTo(2000),
				func(i int) int {
					if i%97 == 0 {
						time.Sleep(time.Millisecond)
					}
					return i * 2
				},
				func(v int) error { got = append(got, v); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2000 {
				t.Fatalf("%d results", len(got))
			}
			for i, v := range got {
				if v != i*2 {
					t.Fatalf("result %d = %d", i, v)
				}
			}
		})
	}
}

// TestProcessCancelNoLeak cancels a run midway and checks that every
// goroutine ends and the error says so.
func TestProcessCancelNoLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	var consumed atomic.Int64
	err := Process(ctx, 4,
		emitUpTo(-1),
		func(i int) int { return i },
		func(v int) error {
			if consumed.Add(1) == 500 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("goroutines: %d before, %d after", before, n)
	}
}

func TestProcessPanicAndConsumerError(t *testing.T) {
	err := Process(context.Background(), 2, emitUpTo(100),
		func(i int) int {
			if i == 42 {
				panic("boom")
			}
			return i
		},
		func(int) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "panic processing item 42") {
		t.Errorf("err = %v", err)
	}
	stop := errors.New("stop")
	err = Process(context.Background(), 2,
		emitUpTo(-1),
		func(i int) int { return i },
		func(v int) error {
			if v == 10 {
				return stop
			}
			return nil
		})
	if !errors.Is(err, stop) {
		t.Errorf("err = %v, want stop", err)
	}
}

func TestWalkFollowsSymlinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "a.pgn"), []byte(pgnN(2)), 0o644); err != nil {
		t.Fatal(err)
	}
	top := filepath.Join(dir, "top")
	if err := os.MkdirAll(top, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct{ name, target string }{
		{"link1", real}, {"link2", real}, {"loop", top}, {"file.pgn", filepath.Join(real, "a.pgn")}, {"dangling", filepath.Join(dir, "nowhere")},
	} {
		if err := os.Symlink(l.target, filepath.Join(top, l.name)); err != nil {
			t.Fatal(err)
		}
	}
	games, _ := collect(t, top)
	// file.pgn (2 games) only: link1/a.pgn is the same file, link2 the
	// same directory as link1, and loop points back to top. Each input is
	// read once however many paths reach it.
	if len(games) != 2 || !strings.HasSuffix(games[0], "file.pgn#0") {
		t.Errorf("games %v, want the 2 of file.pgn", games)
	}
	// Named twice, and inside another input named too: read once.
	w := &Walker{}
	n := 0
	err := w.Walk(context.Background(), []string{filepath.Join(real, "a.pgn"), real, top, filepath.Join(real, "a.pgn")}, func(it Item) error {
		if it.Rec != nil {
			n++
			if it.Key != filepath.Join(real, "a.pgn") && !strings.HasSuffix(it.Key, filepath.Join("real", "a.pgn")) {
				t.Errorf("key %q", it.Key)
			}
		}
		return nil
	})
	// Reached again: a.pgn in real, top/file.pgn, the directories link1,
	// link2 and loop, and the last argument.
	if repeats, _ := w.Repeated(); err != nil || n != 2 || repeats != 6 {
		t.Errorf("%d games, %d repeats, %v; want 2 games and 6 inputs reached again", n, repeats, err)
	}
}

func TestArchiveKind(t *testing.T) {
	for name, want := range map[string]string{
		"a.zip": "zip", "A.ZIP": "zip", "dir/x.Tar": "tar", "x.tar.gz": "tgz", "X.TGZ": "tgz",
		"zip": "", ".zi": "", "a.pgn": "", "a.gz": "", "象棋.Zip": "zip", "a.zip.pgn": "",
	} {
		if got := archiveKind(name); got != want {
			t.Errorf("archiveKind(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestJoinPrefix(t *testing.T) {
	for _, dir := range []string{".", "./", "a", "a/", "a//b/./c", "../x", "/", "//", "/a/b", "", "a/..", "残局/象棋"} {
		for _, name := range []string{"f.pgn", "..x", ".hidden", "残局全书.CBL"} {
			if got, want := joinPrefix(dir)+name, filepath.Join(dir, name); got != want {
				t.Errorf("joinPrefix(%q)+%q = %q, want %q", dir, name, got, want)
			}
		}
	}
}
