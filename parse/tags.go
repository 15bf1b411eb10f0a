package parse

// Names of the standard tags: every reader maps its format's header
// fields to them, and the writers (PGN, the datasets' columns) put them
// first. Tags.Get compares names without regard to case.
const (
	TagEvent     = "Event"
	TagSite      = "Site"
	TagDate      = "Date"
	TagRound     = "Round"
	TagRed       = "Red"
	TagBlack     = "Black"
	TagRedTeam   = "RedTeam"
	TagBlackTeam = "BlackTeam"
	TagRedElo    = "RedElo"
	TagBlackElo  = "BlackElo"
	TagECCO      = "ECCO"
	TagOpening   = "Opening"
	TagVariation = "Variation"
	TagResult    = "Result"
	TagFEN       = "FEN"
	TagFormat    = "Format"
	TagGame      = "Game"
)
