//go:build unix

package corpus

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadSmall reads files of sizes around every boundary readSmall has
// (the pooled buffer's first size, page multiples, smallFile) by path and
// relative to their open directory: a small file comes back whole, a
// larger one is declined for streaming.
func TestReadSmall(t *testing.T) {
	dir := t.TempDir()
	sizes := []int{0, 1, 100, pageSize - 1, pageSize, 2 * pageSize, 64<<10 - 1, 64 << 10, 64<<10 + 1,
		200_000, smallFile - 1, smallFile, smallFile + 1, 3 * smallFile}
	r := rand.New(rand.NewPCG(1, 2))
	d, fd, err := openDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	at := dirAt{fd: fd, prefix: joinPrefix(dir)}
	for _, size := range sizes {
		want := make([]byte, size)
		for i := range want {
			want[i] = byte(r.Uint32())
		}
		name := filepath.Join(dir, "f")
		if err := os.WriteFile(name, want, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, how := range []struct {
			name string
			at   dirAt
		}{{"path", dirAt{}}, {"relative", at}} {
			for _, start := range []int{0, 64 << 10} {
				buf := make([]byte, 0, start)
				got, ok, err := readSmall(how.at, name, &buf)
				if err != nil {
					t.Fatalf("%d bytes, %s: %v", size, how.name, err)
				}
				if ok != (size <= smallFile) {
					t.Fatalf("%d bytes, %s: ok %v", size, how.name, ok)
				}
				if ok && !bytes.Equal(got, want) {
					t.Fatalf("%d bytes, %s: read %d bytes, not the file's", size, how.name, len(got))
				}
			}
		}
	}
}

// TestReadSmallErrors: a missing file and a directory give path errors
// naming the path as given, relative opening or not.
func TestReadSmallErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	d, fd, err := openDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	at := dirAt{fd: fd, prefix: joinPrefix(dir)}
	for _, c := range []struct {
		name string
		want error
	}{{"missing", fs.ErrNotExist}, {"sub", syscall.EISDIR}} {
		for _, a := range []dirAt{{}, at} {
			buf := make([]byte, 0, 16)
			name := filepath.Join(dir, c.name)
			_, _, err := readSmall(a, name, &buf)
			var pe *fs.PathError
			if !errors.As(err, &pe) || pe.Path != name || !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want a path error naming it, %v", c.name, err, c.want)
			}
		}
	}
	if _, _, err := openDir(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("openDir of a missing directory: %v", err)
	}
}

// TestDirAtRel: only a direct entry of the directory is opened relative
// to it.
func TestDirAtRel(t *testing.T) {
	at := dirAt{fd: 7, prefix: "/a/b/"}
	for _, c := range []struct {
		name, rel string
		fd        int
	}{
		{"/a/b/c.pgn", "c.pgn", 7},
		{"/a/b/c/d.pgn", "", -1},
		{"/a/x.pgn", "", -1},
		{"/a/b/", "", -1},
		{"/a/bc.pgn", "", -1},
	} {
		rel, fd := at.rel(c.name)
		if rel != c.rel || fd != c.fd {
			t.Errorf("rel(%q) = %q, %d; want %q, %d", c.name, rel, fd, c.rel, c.fd)
		}
	}
	if _, fd := (dirAt{}).rel("/a/b/c"); fd != -1 {
		t.Errorf("no directory: fd %d", fd)
	}
}
