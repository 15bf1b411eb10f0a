package cliflags

import (
	"fmt"
	"os"

	"github.com/xqtool/xqtool/players"
)

// ReadAliases reads the alias file of --aliases ("" none).
func ReadAliases(path string) (*players.Aliases, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a, err := players.ReadAliases(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return a, nil
}
