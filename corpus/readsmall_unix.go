//go:build unix

package corpus

import (
	"io/fs"
	"os"
	"syscall"
)

// readSmall reads the file name whole into *buf (grown as needed, up to
// smallFile+1 bytes) when it holds at most smallFile bytes, with bare
// system calls: open, read, close. os.Open costs several more per file (it
// sets the descriptor non-blocking and tries the poller, which refuses
// regular files, then undoes it), and most record files are small.
//
// When the walk is inside the file's directory (at names it, and name is
// one entry of it), the file is opened relative to the directory's open
// descriptor (openat), which spares the kernel a lookup of every
// component of the path.
//
// There is no fstat: the listing already said the entry is a regular
// file, and a read that returns less than it was asked for is the end of
// a regular file. Only where such a short read ends on a page boundary
// (where a file system that hands out whole pages might stop early) is
// the end confirmed by one more read. ok is false, with a nil error, when
// the file holds more than smallFile bytes (the caller then streams it
// with os.Open). Errors are *fs.PathError values, as os reports them.
func readSmall(at dirAt, name string, buf *[]byte) (data []byte, ok bool, err error) {
	var fd int
	rel, dirfd := at.rel(name)
	for {
		if dirfd >= 0 {
			fd, err = syscall.Openat(dirfd, rel, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		} else {
			fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		}
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, false, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	b := (*buf)[:cap(*buf)]
	n := 0
	for {
		if n == len(b) {
			if n > smallFile {
				return nil, false, nil // larger than a small file: stream it
			}
			grown := make([]byte, min(max(2*len(b), 64<<10), smallFile+1))
			copy(grown, b[:n])
			b, *buf = grown, grown[:0]
		}
		m, err := syscall.Read(fd, b[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, false, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if m <= 0 {
			break // end of file
		}
		n += m
		if n < len(b) && n%pageSize != 0 {
			break // a short read: the end of the file
		}
	}
	return b[:n], true, nil
}

// pageSize is the boundary at which a short read is confirmed by another.
const pageSize = 4096

// openDir opens the directory name for listing and returns its descriptor,
// valid until the file is closed, for opening its entries relative to it.
// (os.Open would try the poller first: two fcntl calls a directory.)
func openDir(name string) (*os.File, int, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, -1, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return os.NewFile(uintptr(fd), name), fd, nil
}
