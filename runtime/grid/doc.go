// Package grid is the kernel's square-grid geometry: positions, distances
// under a chosen diagonal rule, creature footprints, reach, flanking, area
// templates, cover, per-pair visibility and movement along a path.
//
// Nothing here knows a rule system. Scripts pick the numbers (feet per
// square, which diagonal rule, reach values, light levels, which senses do
// what) and the kernel does the counting.
//
// # Coordinates
//
// A Pos names a square: X grows to the east, Y to the south, Z upwards. A
// creature's Pos is its north-west (lowest X, lowest Y) square; its Footprint
// extends W squares east and H squares south from there. Bodies are one
// square tall on the Z axis.
//
// A Point is a point of the plane in half-square units: even coordinates are
// grid intersections (Corner) and odd ones are square centres (Centre).
// Areas and lines of sight start and end at Points, so every geometric test
// below is done in exact integer arithmetic: no floating point, no rounding
// drift between platforms.
//
// # Distances
//
// Grid.Span measures an offset of squares in feet under the grid's diagonal
// rule: DiagonalOne (every diagonal counts one square), DiagonalAlternate
// (the first diagonal one square, the second two, and so on: 1, 2, 1, 2)
// and DiagonalEuclid (straight line, rounded up to a whole foot). Distances
// between bodies are measured between their nearest squares (Grid.Between).
//
// # Areas
//
// Area templates (line, cone, burst, emanation, cube) return the covered
// squares sorted by (Y, X). Lines, cones and geometric bursts use the
// "a square is covered when its centre is inside the shape" rule, with the
// shape's boundary counted as inside; see Area for the exact conventions.
//
// # Cover
//
// Cover counts blocked lines from one corner of the attacker's square to the
// four corners of one target square, the attacker picking the corner (and
// target square) that gives the least cover; see Cover.
package grid
