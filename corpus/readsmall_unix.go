//go:build unix

package corpus

import (
	"io/fs"
	"syscall"
)

// readSmall reads the regular file name whole into *buf (grown as needed)
// when it holds at most smallFile bytes, with bare system calls: open,
// fstat, read the size fstat gave, close. (The file is read as it was
// when stat'ed: a read that fills the size stops there, without another
// read to see the end of file; a file that has grown is streamed instead
// when a read already shows it.) os.Open costs several more per
// file (it sets the descriptor non-blocking and tries the poller, which
// refuses regular files, then undoes it), and most record files are
// small. ok is false, with a nil error, when the file is larger or not a
// regular file (the caller then opens it with os.Open). Errors are
// *fs.PathError values, as os reports them.
func readSmall(name string, buf *[]byte) (data []byte, ok bool, err error) {
	var fd int
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, false, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, false, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Size > smallFile {
		return nil, false, nil
	}
	size := int(st.Size)
	if cap(*buf) < size+1 {
		*buf = make([]byte, size+1)
	}
	b := (*buf)[:size+1]
	n := 0
	for n < len(b) {
		m, err := syscall.Read(fd, b[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, false, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if m <= 0 {
			break
		}
		n += m
		if n == size {
			break // the size fstat gave (one byte short of the request)
		}
	}
	if n > size {
		return nil, false, nil // grown since it was listed: stream it
	}
	return b[:n], true, nil
}
