package luart

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// strFormat is string.format with Lua 5.1's rules: a conversion is
// %[flags][width][.precision]option with at most five flags and two
// digits of width and of precision; each option takes the type it
// formats (a number, or a string that reads as one, for c d i o u x X e E
// f g G) and an argument is named when it is missing or of the wrong type.
// gopher-lua's own wrote Go's %!(BADWIDTH) and the like into the result
// and took any value for a number. %s formats any value with tostring and
// %q quotes as Go does (spec/hostile/vm_conformance.lua lists both).
func strFormat(L *lua.LState) int {
	f := L.CheckString(1)
	arg := 1
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			b.WriteByte('%')
			continue
		}
		arg++
		// %[flags][width][.precision]
		start := i
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		if i-start > 5 {
			L.RaiseError("invalid format (repeated flags)")
		}
		digits := func() {
			n := 0
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
				if n++; n > 2 {
					L.RaiseError("invalid format (width or precision too long)")
				}
			}
		}
		digits()
		prec := false
		if i < len(f) && f[i] == '.' {
			i++
			prec = true
			digits()
		}
		if i >= len(f) {
			L.RaiseError("%s", "invalid conversion '"+f[start-1:]+"' to 'format' (it ends before its option letter)")
		}
		spec, opt := "%"+f[start:i], f[i]
		if opt != 's' && opt != 'q' && L.Get(arg) == lua.LNil && arg > L.GetTop() {
			L.ArgError(arg, "no value")
		}
		switch opt {
		case 'c':
			b.WriteByte(byte(int64(formatNumber(L, arg))))
		case 'd', 'i':
			fmt.Fprintf(&b, spec+"d", int64(formatNumber(L, arg)))
		case 'o', 'u', 'x', 'X':
			n := uint64(int64(formatNumber(L, arg)))
			verb := string(opt)
			if opt == 'u' {
				verb = "d"
			}
			fmt.Fprintf(&b, spec+verb, n)
		case 'e', 'E', 'f', 'g', 'G':
			n := formatNumber(L, arg)
			if (opt == 'g' || opt == 'G') && !prec {
				spec += ".6" // C's default precision; Go's %g would give the shortest exact form
			}
			switch {
			case math.IsInf(n, 1):
				fmt.Fprintf(&b, strings.TrimRight(spec, ".0123456789")+"s", "inf")
			case math.IsInf(n, -1):
				fmt.Fprintf(&b, strings.TrimRight(spec, ".0123456789")+"s", "-inf")
			case math.IsNaN(n):
				fmt.Fprintf(&b, strings.TrimRight(spec, ".0123456789")+"s", "nan")
			default:
				fmt.Fprintf(&b, spec+string(opt), n)
			}
		case 'q':
			L.CheckAny(arg)
			b.WriteString(strconv.Quote(lua.LVAsString(L.Get(arg))))
		case 's':
			L.CheckAny(arg)
			fmt.Fprintf(&b, spec+"s", L.ToStringMeta(L.Get(arg)).String())
		default:
			L.RaiseError("invalid option '%%%c' to 'format'", opt)
		}
	}
	L.Push(lua.LString(b.String()))
	return 1
}

// formatNumber reads argument n of string.format as a number (a string
// that reads as one will do, as in Lua).
func formatNumber(L *lua.LState, n int) float64 {
	switch v := L.Get(n).(type) {
	case lua.LNumber:
		return float64(v)
	case lua.LString:
		if f, ok := parseNumber(string(v)); ok {
			return f
		}
	}
	L.ArgError(n, "number expected, got "+L.Get(n).Type().String())
	return 0
}

// strChar is string.char(...): each argument a byte value 0 to 255.
func strChar(L *lua.LState) int {
	n := L.GetTop()
	b := make([]byte, n)
	for i := 1; i <= n; i++ {
		v := L.CheckNumber(i)
		if f := float64(v); f != math.Trunc(f) || f < 0 || f > 255 {
			L.ArgError(i, "invalid value (a byte from 0 to 255 expected, got "+lua.LVAsString(v)+")")
		}
		b[i-1] = byte(v)
	}
	L.Push(lua.LString(b))
	return 1
}
