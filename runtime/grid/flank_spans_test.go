package grid

import "testing"

// TestSpansTellsOnlyPairsNoLineCrosses: OppositeSides turns a pair down at
// once when no square of one body lies before the target along an axis
// and one of the other beyond it (spans); the line test over every pair of
// squares must then say no as well, for bodies of 1 to 3 squares a side
// all around targets of 1 to 3.
func TestSpansTellsOnlyPairsNoLineCrosses(t *testing.T) {
	told, crossed := 0, 0
	for tw := 1; tw <= 3; tw++ {
		target := Body{Space: Footprint{W: tw, H: tw}}
		for aw := 1; aw <= 3; aw++ {
			for bw := 1; bw <= 3; bw += 2 {
				for ay := -4; ay <= 4; ay++ {
					for ax := -4; ax <= 4; ax++ {
						for by := -4; by <= 4; by++ {
							for bx := -4; bx <= 4; bx++ {
								a := Body{Pos: Pos{X: ax, Y: ay}, Space: Footprint{W: aw, H: 4 - aw}}
								b := Body{Pos: Pos{X: bx, Y: by}, Space: Square(bw)}
								if Overlap(a, target) || Overlap(b, target) {
									continue
								}
								lines := oppositeLines(a, b, target)
								if lines {
									crossed++
								}
								if !spans(ax, aw, bx, bw, 0, tw) && !spans(ay, 4-aw, by, bw, 0, tw) {
									told++
									if lines {
										t.Fatalf("a %v, b %v, target %d wide: spans says no, the lines cross", a, b, tw)
									}
								}
								if OppositeSides(a, b, target) != lines {
									t.Fatalf("a %v, b %v, target %d wide: OppositeSides is not the line test", a, b, tw)
								}
							}
						}
					}
				}
			}
		}
	}
	if told == 0 || crossed == 0 {
		t.Fatalf("the cases tell %d pairs at once and cross %d: not a test", told, crossed)
	}
}
