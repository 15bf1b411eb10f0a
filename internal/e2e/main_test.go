package e2e

import (
	"os"
	"testing"

	"github.com/xqtool/xqtool/internal/fakeengine"
)

func TestMain(m *testing.M) {
	fakeengine.Main() // the annotate test's engine is this binary
	os.Exit(m.Run())
}
