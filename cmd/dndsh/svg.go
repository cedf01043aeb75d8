package main

import (
	"fmt"
	"html"
	"strings"

	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
)

// bar is one bar of a chart.
type bar struct {
	Label string
	Value float64 // the bar's height
	Note  string  // shown above the bar (a percentage)
}

// svgBars renders a bar chart as a standalone SVG document: the same chart
// the terminal shows, for reports and web pages.
func svgBars(title, xLabel, yLabel string, bars []bar) string {
	const w, h, left, bottom, top, right = 720.0, 360.0, 60.0, 50.0, 40.0, 20.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="11">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="22" font-size="14" text-anchor="middle">%s</text>`+"\n", w/2, html.EscapeString(title))
	maxV := 0.0
	for _, x := range bars {
		maxV = max(maxV, x.Value)
	}
	if maxV == 0 {
		maxV = 1
	}
	plotW, plotH := w-left-right, h-top-bottom
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n", left, top+plotH, left+plotW, top+plotH)
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n", left, top, left, top+plotH)
	n := float64(max(len(bars), 1))
	bw := plotW / n
	every := max(1, len(bars)/24) // label at most about 24 bars
	for i, x := range bars {
		bh := x.Value / maxV * plotH
		bx := left + float64(i)*bw
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#4a78b5"><title>%s: %s</title></rect>`+"\n",
			bx+bw*0.1, top+plotH-bh, bw*0.8, bh, html.EscapeString(x.Label), html.EscapeString(x.Note))
		if i%every == 0 {
			fmt.Fprintf(&b, `<text x="%.2f" y="%.0f" text-anchor="middle">%s</text>`+"\n", bx+bw/2, top+plotH+14, html.EscapeString(x.Label))
		}
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle">%s</text>`+"\n", left+plotW/2, h-10, html.EscapeString(xLabel))
	fmt.Fprintf(&b, `<text x="14" y="%.0f" text-anchor="middle" transform="rotate(-90 14 %.0f)">%s</text>`+"\n", top+plotH/2, top+plotH/2, html.EscapeString(yLabel))
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="end">%.3g%%</text>`+"\n", left-4, top+4, 100*maxV)
	b.WriteString("</svg>\n")
	return b.String()
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
