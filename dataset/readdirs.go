package dataset

// Dirs returns, for each games file the reader reads (in the order of
// Files), the index in Open's list of the directory it is read through.
func (r *Reader) Dirs() []int {
	out := make([]int, len(r.files))
	for i, c := range r.files {
		out[i] = c.dir
	}
	return out
}
