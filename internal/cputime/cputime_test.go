package cputime

import "testing"

func TestProcessAdvances(t *testing.T) {
	t0 := Process()
	x := 0
	for i := range 50_000_000 {
		x += i & 3
	}
	if t1 := Process(); t1 <= t0 {
		t.Errorf("CPU time did not advance over a busy loop (%v, then %v; %d)", t0, t1, x)
	}
}
