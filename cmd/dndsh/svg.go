package main

import (
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
	"github.com/dndsh/dndsh/runtime/stats"
)

// series is one set of bars of a chart: a value for some whole-number
// x positions (the others are gaps), and its mean, marked on the x axis.
type series struct {
	Name   string
	Values map[int64]float64
	Notes  map[int64]string // shown when hovering a bar
	Mean   float64
}

// svgChart renders series as a bar chart, a standalone SVG document: the
// x axis has every whole number from the lowest to the highest position
// any series has (a position with no value is a gap), the y axis starts
// at zero with a few gridlines, each series' mean is marked by a dashed
// line, and a legend names the series. yText formats a y value (a tick).
func svgChart(title, xLabel, yLabel string, ss []series, yText func(float64) string) string {
	const w, h, left, bottom, top, right = 760.0, 380.0, 64.0, 56.0, 48.0, 24.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="11">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="20" font-size="14" text-anchor="middle">%s</text>`+"\n", w/2, html.EscapeString(title))
	lo, hi, maxV := int64(0), int64(0), 0.0
	first := true
	for _, sr := range ss {
		for x, v := range sr.Values {
			if first || x < lo {
				lo = x
			}
			if first || x > hi {
				hi = x
			}
			first = false
			maxV = max(maxV, v)
		}
	}
	if maxV == 0 {
		maxV = 1
	}
	step := niceStep(maxV / 4)
	yMax := step * float64(int(maxV/step)+1)
	plotW, plotH := w-left-right, h-top-bottom
	y := func(v float64) float64 { return top + plotH - v/yMax*plotH }
	// gridlines and the y axis, from zero
	for v := 0.0; v <= yMax+step/2; v += step {
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.2f" x2="%.0f" y2="%.2f" stroke="#dddddd"/>`+"\n", left, y(v), left+plotW, y(v))
		fmt.Fprintf(&b, `<text x="%.0f" y="%.2f" text-anchor="end">%s</text>`+"\n", left-6, y(v)+4, html.EscapeString(yText(v)))
	}
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n", left, top+plotH, left+plotW, top+plotH)
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n", left, top, left, top+plotH)
	slots := float64(hi - lo + 1)
	sw := plotW / slots
	xAt := func(x float64) float64 { return left + (x-float64(lo)+0.5)*sw }
	every := max(1, int(slots)/24) // label at most about 24 positions
	for x := lo; x <= hi; x++ {
		if int(x-lo)%every == 0 {
			fmt.Fprintf(&b, `<text x="%.2f" y="%.0f" text-anchor="middle">%d</text>`+"\n", xAt(float64(x)), top+plotH+14, x)
		}
	}
	n := float64(len(ss))
	for i, sr := range ss {
		col := sideColours[i%len(sideColours)]
		bw := sw * 0.8 / n
		for x := lo; x <= hi; x++ {
			v, ok := sr.Values[x]
			if !ok {
				continue // a gap
			}
			bx := xAt(float64(x)) - sw*0.4 + float64(i)*bw
			fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"><title>%s %d: %s</title></rect>`+"\n",
				bx, y(v), bw, top+plotH-y(v), col, html.EscapeString(sr.Name), x, html.EscapeString(sr.Notes[x]))
		}
		mx := xAt(sr.Mean)
		fmt.Fprintf(&b, `<line x1="%.2f" y1="%.0f" x2="%.2f" y2="%.0f" stroke="%s" stroke-dasharray="5,3" stroke-width="1.5"/>`+"\n", mx, top, mx, top+plotH, col)
		fmt.Fprintf(&b, `<text x="%.2f" y="%.0f" text-anchor="middle" fill="%s">mean %.2f</text>`+"\n", mx, top-6-12*float64(i), col, sr.Mean)
		if len(ss) > 1 || sr.Name != "" {
			ly := h - 10 - 14*float64(len(ss)-1-i)
			fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="10" height="10" fill="%s"/><text x="%.0f" y="%.0f">%s</text>`+"\n",
				left+plotW*0.55, ly-9, col, left+plotW*0.55+14, ly, html.EscapeString(sr.Name))
		}
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle">%s</text>`+"\n", left+plotW/4, h-10, html.EscapeString(xLabel))
	fmt.Fprintf(&b, `<text x="14" y="%.0f" text-anchor="middle" transform="rotate(-90 14 %.0f)">%s</text>`+"\n", top+plotH/2, top+plotH/2, html.EscapeString(yLabel))
	b.WriteString("</svg>\n")
	return b.String()
}

// niceStep rounds a gridline step up to 1, 2 or 5 times a power of ten.
func niceStep(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}

// shareText formats a share as a percentage for a chart's y axis.
func shareText(v float64) string { return fmt.Sprintf("%.3g%%", 100*v) }

// roundsChart draws the rounds histograms of studies (one series each,
// named by names) as shares of their completed trials.
func roundsChart(aggs []*stats.Agg, names []string) string {
	var ss []series
	title := "rounds: " + aggs[0].Encounter
	for i, a := range aggs {
		n := float64(max(a.Completed(), 1))
		sr := series{Name: names[i], Values: map[int64]float64{}, Notes: map[int64]string{}, Mean: float64(a.RoundsSum) / n}
		for _, hb := range a.Hist() {
			sr.Values[hb[0]] = float64(hb[1]) / n
			sr.Notes[hb[0]] = fmt.Sprintf("%.2f%% of %d trials", 100*float64(hb[1])/n, a.Completed())
		}
		ss = append(ss, sr)
	}
	if len(aggs) == 1 {
		ss[0].Name = ""
	} else {
		title = "rounds: " + names[0] + " and " + names[1]
	}
	return svgChart(title, "rounds", "share of trials", ss, shareText)
}

// writeOut writes data to path through the environment.
func writeOut(env *Env, path string, data string) error {
	if env.WriteFile == nil {
		return usageErr("cannot write files here")
	}
	if err := env.WriteFile(path, []byte(data)); err != nil {
		return usageErr("cannot write %s: %v", path, err)
	}
	return nil
}

// sideColours are the colours of the sides' tokens and paths, in side order.
var sideColours = []string{"#2f6db5", "#c0392b", "#27884a", "#8e44ad", "#d4821f", "#555555"}

// svgMap draws a fight's battle map as a standalone SVG document: walls,
// low walls and difficult terrain, each fighter's path from where it
// started (starts) through every square it entered (Fighter.Path, kept
// when the fight records paths), and its token where it ended (crossed out
// when it is dead, hollow when it is down or fled), with a legend.
func svgMap(f *fight.Fight, starts map[*fight.Fighter]grid.Pos, title string) string {
	m := f.Space.Map
	const cell, margin, legendLine = 28.0, 30.0, 16.0
	w := margin*2 + cell*float64(m.W)
	h := margin*2 + cell*float64(m.H) + legendLine*float64(len(f.Fighters)+2)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="10">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="18" font-size="13" text-anchor="middle">%s</text>`+"\n", w/2, html.EscapeString(title))
	centre := func(p grid.Pos, fw, fh int) (float64, float64) {
		return margin + cell*(float64(p.X)+float64(fw)/2), margin + cell*(float64(p.Y)+float64(fh)/2)
	}
	for y, row := range m.Rows() {
		for x, ch := range row {
			fill := "#ffffff"
			switch ch {
			case '#':
				fill = "#444444"
			case '=':
				fill = "#b9a27a"
			case '~':
				fill = "#cfe3c1"
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="#dddddd"/>`+"\n",
				margin+cell*float64(x), margin+cell*float64(y), cell, cell, fill)
		}
	}
	for x := 0; x < m.W; x++ {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#888888">%d</text>`+"\n", margin+cell*(float64(x)+0.5), margin-4, x)
	}
	for y := 0; y < m.H; y++ {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" fill="#888888">%d</text>`+"\n", margin-4, margin+cell*(float64(y)+0.6), y)
	}
	for _, x := range f.Fighters {
		col := sideColours[x.Side%len(sideColours)]
		fw, fh := x.C.Space.Dims()
		pts := []string{}
		sx, sy := centre(starts[x], fw, fh)
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", sx, sy))
		for _, p := range x.Path {
			px, py := centre(p, fw, fh)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", px, py))
		}
		if len(pts) > 1 {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2" stroke-opacity="0.6"/>`+"\n", strings.Join(pts, " "), col)
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s" fill-opacity="0.5"/>`+"\n", sx, sy, col)
	}
	for i, x := range f.Fighters {
		col := sideColours[x.Side%len(sideColours)]
		fw, fh := x.C.Space.Dims()
		cx, cy := centre(x.C.Pos, fw, fh)
		r := cell * 0.4 * float64(min(fw, fh))
		fill, state := col, fmt.Sprintf("%d/%d hp", x.C.HP(), x.C.MaxHP())
		switch {
		case x.Dead:
			fill, state = "white", "dead"
		case x.Fled:
			fill, state = "white", "fled"
		case x.Out:
			fill, state = "white", "down"
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="%s" stroke-width="2"><title>%s: %s</title></circle>`+"\n",
			cx, cy, r, fill, col, html.EscapeString(x.ID), state)
		if x.Dead {
			fmt.Fprintf(&b, `<path d="M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f" stroke="%s" stroke-width="2"/>`+"\n",
				cx-r, cy-r, cx+r, cy+r, cx-r, cy+r, cx+r, cy-r, col)
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="8" fill="%s">%d</text>`+"\n", cx, cy+3, textOn(fill), i+1)
		ly := margin*1.5 + cell*float64(m.H) + legendLine*float64(i)
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="6" fill="%s" stroke="%s"/>`+"\n", margin+6, ly-3, fill, col)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%d %s (%s): %s, moved from %d,%d to %d,%d</text>`+"\n", margin+18, ly,
			i+1, html.EscapeString(x.ID), html.EscapeString(f.Sides[x.Side]), state, starts[x].X, starts[x].Y, x.C.Pos.X, x.C.Pos.Y)
	}
	ly := margin*1.5 + cell*float64(m.H) + legendLine*float64(len(f.Fighters))
	fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" fill="#666666">dark: wall; brown: low wall (half cover); green: difficult terrain; a square is %d %s; a line is the way a creature went</text>`+"\n",
		margin, ly+4, f.Rules.Space.Grid.Square, f.Rules.Space.Unit)
	b.WriteString("</svg>\n")
	return b.String()
}

// textOn is a colour readable on fill.
func textOn(fill string) string {
	if fill == "white" {
		return "black"
	}
	return "white"
}
