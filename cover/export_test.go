package cover

// Shuffle and Luby let the external tests of restart.go see its parts.
var (
	Shuffle = shuffle
	Luby    = luby
)

// Finders is finders, for the external tests.
var Finders = finders
