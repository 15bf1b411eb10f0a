// Package output writes one output file of a run atomically: into a
// temporary file beside it, renamed into place by Commit, removed by Abort,
// so that an interrupted or failed run never leaves a half-written file.
// The path "" or "-" writes to a given stream (standard output) instead.
package output

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// File is one output being written.
type File struct {
	*bufio.Writer
	path string   // the target ("" for the stream)
	f    *os.File // the temporary file, nil for the stream
	made Dirs     // the directories Open created for it
}

// Open starts the output path ("" or "-": stream), creating the
// directories it lies in when they are missing (Abort removes those again).
// The temporary file is created at once, so that a bad path fails before a
// run starts; an error names path, not the temporary file.
func Open(path string, stream io.Writer) (*File, error) {
	if path == "" || path == "-" {
		return &File{Writer: bufio.NewWriterSize(stream, 1<<16)}, nil
	}
	made, err := mkdirAll(filepath.Dir(path))
	if err != nil {
		return nil, targetError("create", path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		made.Remove()
		return nil, targetError("create", path, err)
	}
	return &File{Writer: bufio.NewWriterSize(f, 1<<16), path: path, f: f, made: made}, nil
}

// Path is the target path ("" for the stream).
func (o *File) Path() string { return o.path }

// Commit flushes the output and moves the file into place.
func (o *File) Commit() error {
	if err := o.Flush(); err != nil {
		o.Abort()
		return targetError("write", o.path, err)
	}
	if o.f == nil {
		return nil
	}
	// CreateTemp makes the file private; give it the usual permissions.
	if err := o.f.Chmod(0o644); err != nil {
		o.Abort()
		return targetError("write", o.path, err)
	}
	if err := o.f.Close(); err != nil {
		os.Remove(o.f.Name())
		return targetError("write", o.path, err)
	}
	if err := os.Rename(o.f.Name(), o.path); err != nil {
		os.Remove(o.f.Name())
		return targetError("write", o.path, err)
	}
	return nil
}

// Abort removes the temporary file (nothing for the stream).
func (o *File) Abort() {
	if o.f != nil {
		o.f.Close()
		os.Remove(o.f.Name())
		o.made.Remove()
	}
}

// targetError says what failed on the target path, with the cause but
// without the temporary file's name.
func targetError(op, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	if path == "" {
		path = "standard output"
	}
	return fmt.Errorf("cannot %s %s: %w", op, path, err)
}

// Dirs are directories an output created, to be removed again when the
// run writes nothing (see MkdirAll).
type Dirs []string

// MkdirAll creates dir and its missing parents, like os.MkdirAll, and
// returns the directories it created, deepest first, so that an aborted
// run can leave the tree as it found it (Dirs.Remove).
func MkdirAll(dir string) (Dirs, error) {
	created, err := mkdirAll(dir)
	if err != nil {
		return nil, targetError("create", dir, err)
	}
	return created, nil
}

// MkdirTemp is MkdirAll followed by os.MkdirTemp(dir, pattern): an output
// of several files writes them into the temporary directory tmp and moves
// them into dir when the run completes. On error nothing is left behind;
// after it, an aborted run removes tmp and then the directories created
// (created.Remove).
func MkdirTemp(dir, pattern string) (tmp string, created Dirs, err error) {
	if created, err = MkdirAll(dir); err != nil {
		return "", nil, err
	}
	if tmp, err = os.MkdirTemp(dir, pattern); err != nil {
		created.Remove()
		return "", nil, err
	}
	return tmp, created, nil
}

// mkdirAll is MkdirAll, its error not naming dir.
func mkdirAll(dir string) (Dirs, error) {
	var created Dirs
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		created = append(created, d)
		if up := filepath.Dir(d); up == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return created, nil
}

// Remove removes the directories that are still empty, deepest first.
func (ds Dirs) Remove() {
	for _, d := range ds {
		if os.Remove(d) != nil {
			return // not empty (or gone): leave it and its parents
		}
	}
}
