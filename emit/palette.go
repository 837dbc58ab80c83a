package emit

import (
	"fmt"
	"strings"
	"unicode"
)

// An rgb is an opaque sRGB colour.
type rgb struct{ R, G, B uint8 }

func (c rgb) String() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// mix moves a colour a fraction t of the way to another.
func (c rgb) mix(to rgb, t float64) rgb {
	f := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	return rgb{f(c.R, to.R), f(c.G, to.G), f(c.B, to.B)}
}

var (
	white = rgb{255, 255, 255}
	black = rgb{0, 0, 0}
)

// palette has one colour per letter of the alphabet. Polyform names start
// with a letter that tells the shape apart from the others of its order (F,
// I, L, N, P, T, U, V, W, X, Y, Z for pentominoes), so those letters get
// clearly different colours; the letters that rarely meet in one puzzle
// share the softer ones.
var palette = [26]rgb{
	{0x17, 0xbe, 0xcf}, // A cyan
	{0xff, 0xbe, 0x7d}, // B apricot
	{0xa0, 0xcb, 0xe8}, // C sky
	{0xd4, 0xa6, 0xc8}, // D lilac
	{0xc7, 0x9f, 0x50}, // E ochre
	{0xe1, 0x57, 0x59}, // F red
	{0x86, 0xbc, 0xb6}, // G sea green
	{0xd3, 0x72, 0x95}, // H raspberry
	{0x4e, 0x79, 0xa7}, // I blue
	{0xfa, 0xbf, 0xd2}, // J blush
	{0xd7, 0xb5, 0xa6}, // K tan
	{0xf2, 0x8e, 0x2b}, // L orange
	{0x49, 0x98, 0x94}, // M dark teal
	{0x76, 0xb7, 0xb2}, // N teal
	{0xb6, 0x99, 0x2d}, // O olive
	{0x59, 0xa1, 0x4f}, // P green
	{0x8c, 0x8c, 0x8c}, // Q grey
	{0x9d, 0x6b, 0xd6}, // R violet
	{0x8c, 0xd1, 0x7d}, // S light green
	{0xed, 0xc9, 0x48}, // T yellow
	{0xb0, 0x7a, 0xa1}, // U purple
	{0xff, 0x9d, 0xa7}, // V pink
	{0x9c, 0x75, 0x5f}, // W brown
	{0xba, 0xb0, 0xac}, // X stone
	{0xb5, 0xcf, 0x3b}, // Y lime
	{0x7b, 0x7f, 0xd6}, // Z periwinkle
}

// pieceColour gives every piece name its colour, the same in every picture.
// The first letter picks a palette entry; what follows (the order of P5, the
// suffix of V25) moves it along the palette and picks one of three
// lightnesses, so that the I1, I2 and I3 of a mixed set differ. A
// lower-case first letter or a trailing "*", Polyform Puzzler's marks of a
// mirror image, lightens the colour, or darkens an already lightened one. (The step of 19 and the three
// lightnesses leave the fewest clashes among the first solutions of
// Polyform Puzzler's files with at most 26 pieces: 15 of 578.)
func pieceColour(name string) rgb {
	rest, mirror := strings.CutSuffix(name, "*")
	runes := []rune(rest)
	if len(runes) == 0 {
		return palette[0]
	}
	letter := unicode.ToUpper(runes[0])
	mirror = mirror || unicode.IsLower(runes[0])
	i := 0
	if letter >= 'A' && letter <= 'Z' {
		i = int(letter - 'A')
	}
	suffix := 0
	for _, r := range runes[1:] {
		suffix += int(r)
	}
	// How far to move towards white (positive) or black (negative). A
	// mirror image moves the other way from a lightened colour, so that it
	// never fades into the background.
	shade := [3]float64{0, 0.3, -0.2}[suffix%3]
	if mirror {
		if shade > 0 {
			shade = -0.25
		} else {
			shade += 0.45
		}
	}
	c := palette[(i+19*suffix)%len(palette)]
	if shade > 0 {
		c = c.mix(white, shade)
	} else {
		c = c.mix(black, -shade)
	}
	return c
}
