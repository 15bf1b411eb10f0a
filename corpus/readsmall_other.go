//go:build !unix

package corpus

// readSmall is the fast path of reading a small file whole; on this
// system it always declines (ok false) and the caller uses os.Open.
func readSmall(name string, buf *[]byte) (data []byte, ok bool, err error) {
	return nil, false, nil
}
