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
}

// Open starts the output path ("" or "-": stream). The temporary file is
// created at once, so that a bad path fails before a run starts; an error
// names path, not the temporary file.
func Open(path string, stream io.Writer) (*File, error) {
	if path == "" || path == "-" {
		return &File{Writer: bufio.NewWriterSize(stream, 1<<16)}, nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, targetError("create", path, err)
	}
	return &File{Writer: bufio.NewWriterSize(f, 1<<16), path: path, f: f}, nil
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
