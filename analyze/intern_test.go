package analyze

import (
	"fmt"
	"sync"
	"testing"
	"unsafe"
)

// TestIntern: the same bytes give an equal string, the same one while its
// slot holds it; different bytes never give another's string, from many
// goroutines at once (run with -race).
func TestIntern(t *testing.T) {
	a1 := intern([]byte("missing or empty: Event, Date"))
	a2 := intern([]byte("missing or empty: Event, Date"))
	if a1 != a2 || unsafe.StringData(a1) != unsafe.StringData(a2) {
		t.Errorf("the same detail twice: %q and %q, not one string", a1, a2)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 5000 {
				want := fmt.Sprintf("detail %d", (i*7+g)%1000)
				if got := intern([]byte(want)); got != want {
					t.Errorf("intern(%q) = %q", want, got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
