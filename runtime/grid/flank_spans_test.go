package grid

import "testing"

// TestOppositeSidesShortCuts: OppositeSides answers one-square bodies
// from their one pair of squares, and turns a pair down at once when no
// square of one body lies before the target along an axis and one of the
// other beyond it (spans). Both must give what the line test over every
// pair of squares gives, for bodies of 1 to 3 squares a side all around
// targets of 1 to 3.
func TestOppositeSidesShortCuts(t *testing.T) {
	told, crossed := 0, 0
	for tw := 1; tw <= 3; tw++ {
		target := Body{Pos: Pos{Z: 1}, Space: Footprint{W: tw, H: tw}}
		for aw := 1; aw <= 3; aw++ {
			for ah := 1; ah <= 3; ah++ {
				for bw := 1; bw <= 3; bw += 2 {
					for ay := -4; ay <= 4; ay++ {
						for ax := -4; ax <= 4; ax++ {
							for by := -4; by <= 4; by++ {
								for bx := -4; bx <= 4; bx++ {
									a := Body{Pos: Pos{X: ax, Y: ay, Z: 1}, Space: Footprint{W: aw, H: ah}}
									b := Body{Pos: Pos{X: bx, Y: by, Z: 1}, Space: Square(bw)}
									want := !Overlap(a, target) && !Overlap(b, target) && oppositeLines(a, b, target)
									if want {
										crossed++
									}
									if !spans(ax, aw, bx, bw, 0, tw) && !spans(ay, ah, by, bw, 0, tw) {
										told++
										if want {
											t.Fatalf("a %v, b %v, target %d wide: spans says no, the lines cross", a, b, tw)
										}
									}
									if got := OppositeSides(a, b, target); got != want {
										t.Fatalf("a %v, b %v, target %d wide: OppositeSides %v, the line test %v", a, b, tw, got, want)
									}
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
