package players

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

func TestExplore(t *testing.T) {
	if os.Getenv("EXPLORE") == "" {
		t.Skip()
	}
	s := NewSink(nil)
	if _, err := pipeline.Run(context.Background(), []string{shareddata.Dir(t, "records")}, pipeline.Options{Workers: 2}, s); err != nil {
		t.Fatal(err)
	}
	tb := s.Table()
	raw, norm := tb.Spellings()
	fmt.Println("games", len(tb.games), "spellings", raw, "norm", norm, "players", len(tb.Players()))
	for _, p := range tb.Players() {
		if len(p.Spellings) > 1 {
			fmt.Printf("%s\t%d\t%v\n", p.Name, p.Games, p.Spellings)
		}
	}
	WriteSuggestions(os.Stdout, tb.Suggest())
}
