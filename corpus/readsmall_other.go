//go:build !unix

package corpus

import "os"

// readSmall is the fast path of reading a small file whole; on this
// system it always declines (ok false) and the caller uses os.Open.
func readSmall(at dirAt, name string, buf *[]byte) (data []byte, ok bool, err error) {
	return nil, false, nil
}

// openDir opens the directory name for listing; its entries are opened
// by path on this system (no descriptor: -1).
func openDir(name string) (*os.File, int, error) {
	d, err := os.Open(name)
	return d, -1, err
}
