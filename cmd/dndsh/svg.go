package main

import (
	"fmt"
	"html"
	"strings"
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
