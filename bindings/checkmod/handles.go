package checkmod

import (
	"fmt"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/check"
)

// The type names of the handles' metatables in the Lua registry.
const (
	tableType  = "check.table"
	matrixType = "check.matrix"
)

// Table is a range table as Lua holds it (the value of a check.table
// userdata): the immutable kernel table and its rows, kept for labels.
type Table struct {
	T    *check.RangeTable
	rows []check.Row
}

// String describes the table for the REPL.
func (t *Table) String() string {
	name := t.T.Name()
	if name == "" {
		name = "range table"
	}
	d := ""
	if dd := t.T.Dice(); dd != (check.Dice{}) {
		d = dd.String() + ", "
	}
	return fmt.Sprintf("<check.table %s (%s%d rows)>", name, d, len(t.rows))
}

// Matrix is a two-way matrix as Lua holds it (the value of a check.matrix
// userdata), with its keys kept for labels.
type Matrix struct {
	M          *check.Matrix
	rows, cols []check.Key
}

// String describes the matrix for the REPL.
func (m *Matrix) String() string {
	name := m.M.Name()
	if name == "" {
		name = "matrix"
	}
	return fmt.Sprintf("<check.matrix %s (%d rows x %d columns)>", name, len(m.rows), len(m.cols))
}

// metatable returns the metatable of a handle type, building it on first
// use in this state: __index is the method table, __tostring describes the
// handle, __metatable protects it.
func metatable(L *lua.LState, typ string, methods []luart.Func) *lua.LTable {
	if mt, ok := L.GetTypeMetatable(typ).(*lua.LTable); ok {
		return mt
	}
	mt := L.NewTypeMetatable(typ)
	idx := L.CreateTable(0, len(methods))
	for _, f := range methods {
		idx.RawSetString(f.Name, L.NewFunction(f.Fn))
	}
	mt.RawSetString("__index", idx)
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		ud := L.CheckUserData(1)
		if s, ok := ud.Value.(fmt.Stringer); ok {
			L.Push(lua.LString(s.String()))
		} else {
			L.Push(lua.LString("<" + typ + ">"))
		}
		return 1
	}))
	mt.RawSetString("__metatable", lua.LString(typ))
	return mt
}

// newHandle wraps v in a userdata with the metatable of typ.
func newHandle(L *lua.LState, typ string, methods []luart.Func, v any) *lua.LUserData {
	ud := L.NewUserData()
	ud.Value = v
	L.SetMetatable(ud, metatable(L, typ, methods))
	return ud
}

// checkSelf returns argument 1 as the handle of type T, or raises an error
// that suggests the colon call.
func checkSelf[T any](L *lua.LState, what, method string) T {
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		if v, ok := ud.Value.(T); ok {
			return v
		}
	}
	L.ArgError(1, what+" expected (call it as t:"+method+"(...)), got "+describe(L.Get(1)))
	var zero T
	return zero
}

// tableMethods are the methods of a check.table handle.
func (m *module) tableMethods() []luart.Func {
	return []luart.Func{
		{Name: "roll", Args: "([mods [, opts]])", Doc: "rolls the table's dice, shifts the sum by mods and returns {faces, sum, key, value, text, row, label, beyond, clamped, extended, mods}; opts.stacking", Fn: m.tableRoll},
		{Name: "lookup", Args: "(key)", Doc: "returns the value at integer key (a number, or the cell's text), following the edge policies", Fn: m.tableLookup},
		{Name: "find", Args: "(key)", Doc: "returns where key landed: {value, text, row, label, beyond, clamped, extended}", Fn: m.tableFind},
		{Name: "rows", Args: "()", Doc: "returns the rows in key order: {{lo, hi, label, value, text}...} (lo or hi nil when open)", Fn: m.tableRows},
	}
}

// matrixMethods are the methods of a check.matrix handle.
func (m *module) matrixMethods() []luart.Func {
	return []luart.Func{
		{Name: "lookup", Args: "(row, col)", Doc: "returns the cell at (row, col) (labels, or numbers on a numeric axis), following the edge policies", Fn: m.matrixLookup},
		{Name: "find", Args: "(row, col)", Doc: "returns where the keys landed: {value, text, row, col, row_label, col_label, row_beyond, col_beyond, clamped, extended}", Fn: m.matrixFind},
		{Name: "rows", Args: "()", Doc: "returns the row keys as written, in order", Fn: m.matrixRows},
		{Name: "cols", Args: "()", Doc: "returns the column keys as written, in order", Fn: m.matrixCols},
	}
}

// newTable implements check.table(src [, opts]).
func (m *module) newTable(L *lua.LState) int {
	opts := optTable(L, 2)
	name := readName(L, opts)
	var t *check.RangeTable
	var err error
	switch src := L.Get(1).(type) {
	case lua.LString:
		t, err = check.ParseRangeTable(name, string(src))
	case *lua.LTable:
		t, err = check.NewRangeTable(readTableSpec(L, where{arg: 1}, src, name))
	default:
		where{arg: 1}.expected(L, "table text or spec", src)
	}
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(newHandle(L, tableType, m.tableMethods(), &Table{T: t, rows: t.Rows()}))
	return 1
}

// readName reads opts.name, the only option of check.table and
// check.matrix.
func readName(L *lua.LState, opts *lua.LTable) string {
	name := ""
	if opts != nil {
		w := where{arg: 2}
		eachField(L, w, opts, func(k string, v lua.LValue) {
			if k != "name" {
				unknown(L, w, k, "name")
			}
			name = readString(L, w.at(k), v)
		})
	}
	return name
}

// readTableSpec reads {die=, below=, above=, rows = {{key, value}...}}.
func readTableSpec(L *lua.LState, w where, src *lua.LTable, name string) check.TableSpec {
	spec := check.TableSpec{Name: name}
	hasRows := false
	eachField(L, w, src, func(k string, v lua.LValue) {
		fw := w.at(k)
		switch k {
		case "die":
			spec.Dice = readDice(L, fw, v)
		case "below":
			spec.Below = readEdge(L, fw, v)
		case "above":
			spec.Above = readEdge(L, fw, v)
		case "rows":
			hasRows = true
			rows := readTable(L, fw, v)
			n := rows.Len()
			for i := 1; i <= n; i++ {
				rw := fw.item(i)
				row := readTable(L, rw, rows.RawGetInt(i))
				if row.Len() != 2 {
					rw.expected(L, "{key, value}", row)
				}
				key, err := check.ParseKey(readKeyText(L, rw.item(1), row.RawGetInt(1)))
				if err != nil {
					rw.item(1).fail(L, err.Error())
				}
				spec.Rows = append(spec.Rows, check.Row{Key: key, Value: readValue(L, rw.item(2), row.RawGetInt(2))})
			}
		default:
			unknown(L, w, k, "die, below, above, rows")
		}
	})
	if !hasRows {
		w.at("rows").expected(L, "list of {key, value}", lua.LNil)
	}
	return spec
}

func (m *module) tableRoll(L *lua.LState) int {
	t := checkSelf[*Table](L, "check.table", "roll")
	var mods []check.Modifier
	if v := L.Get(2); v != lua.LNil {
		mods = readMods(L, where{arg: 2}, v, nil)
	}
	var stack *check.StackPolicy
	if opts := optTable(L, 3); opts != nil {
		w := where{arg: 3}
		eachField(L, w, opts, func(k string, v lua.LValue) {
			if k != "stacking" {
				unknown(L, w, k, "stacking")
			}
			stack = &check.StackPolicy{}
			readStacking(L, w.at(k), v, stack)
		})
	}
	r, err := t.T.Roll(m.r.Src, mods, stack)
	if err != nil {
		luart.Raise(L, err)
	}
	out := L.CreateTable(0, 12)
	out.RawSetString("faces", intsTable(L, r.Faces))
	out.RawSetString("sum", num(r.Sum))
	out.RawSetString("key", num(r.Key))
	out.RawSetString("mods", modsTable(L, r.Mods))
	hitFields(out, r.Hit, t.rows[r.Row].Label)
	L.Push(out)
	return 1
}

func (m *module) tableLookup(L *lua.LState) int {
	t := checkSelf[*Table](L, "check.table", "lookup")
	v, err := t.T.Lookup(checkInt(L, 2))
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(valueLua(v))
	return 1
}

func (m *module) tableFind(L *lua.LState) int {
	t := checkSelf[*Table](L, "check.table", "find")
	h, err := t.T.Find(checkInt(L, 2))
	if err != nil {
		luart.Raise(L, err)
	}
	out := L.CreateTable(0, 7)
	hitFields(out, h, t.rows[h.Row].Label)
	L.Push(out)
	return 1
}

func (m *module) tableRows(L *lua.LState) int {
	t := checkSelf[*Table](L, "check.table", "rows")
	out := L.CreateTable(len(t.rows), 0)
	for _, r := range t.rows {
		rt := L.CreateTable(0, 5)
		if !r.OpenLo() {
			rt.RawSetString("lo", num(r.Lo))
		}
		if !r.OpenHi() {
			rt.RawSetString("hi", num(r.Hi))
		}
		rt.RawSetString("label", lua.LString(r.Label))
		rt.RawSetString("value", valueLua(r.Value))
		rt.RawSetString("text", lua.LString(r.Value.Text))
		out.Append(rt)
	}
	L.Push(out)
	return 1
}

// newMatrix implements check.matrix(src [, opts]).
func (m *module) newMatrix(L *lua.LState) int {
	opts := optTable(L, 2)
	name := readName(L, opts)
	var mx *check.Matrix
	var err error
	switch src := L.Get(1).(type) {
	case lua.LString:
		mx, err = check.ParseMatrix(name, string(src))
	case *lua.LTable:
		mx, err = check.NewMatrix(readMatrixSpec(L, where{arg: 1}, src, name))
	default:
		where{arg: 1}.expected(L, "matrix text or spec", src)
	}
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(newHandle(L, matrixType, m.matrixMethods(), &Matrix{M: mx, rows: mx.Rows(), cols: mx.Cols()}))
	return 1
}

// readMatrixSpec reads {corner=, cols = {keys}, rows = {{key, cell...}...},
// row_below=, row_above=, col_below=, col_above=}.
func readMatrixSpec(L *lua.LState, w where, src *lua.LTable, name string) check.MatrixSpec {
	spec := check.MatrixSpec{Name: name}
	hasRows, hasCols := false, false
	eachField(L, w, src, func(k string, v lua.LValue) {
		fw := w.at(k)
		switch k {
		case "corner":
			spec.Corner = readString(L, fw, v)
		case "cols":
			hasCols = true
			cols := readTable(L, fw, v)
			for i := 1; i <= cols.Len(); i++ {
				spec.Cols = append(spec.Cols, readKeyText(L, fw.item(i), cols.RawGetInt(i)))
			}
		case "rows":
			hasRows = true
			rows := readTable(L, fw, v)
			for i := 1; i <= rows.Len(); i++ {
				rw := fw.item(i)
				row := readTable(L, rw, rows.RawGetInt(i))
				n := row.Len()
				if n < 2 {
					rw.expected(L, "{key, cell, ...}", row)
				}
				spec.Rows = append(spec.Rows, readKeyText(L, rw.item(1), row.RawGetInt(1)))
				cells := make([]check.Value, 0, n-1)
				for j := 2; j <= n; j++ {
					cells = append(cells, readValue(L, rw.item(j), row.RawGetInt(j)))
				}
				spec.Cells = append(spec.Cells, cells)
			}
		case "row_below":
			spec.RowBelow = readEdge(L, fw, v)
		case "row_above":
			spec.RowAbove = readEdge(L, fw, v)
		case "col_below":
			spec.ColBelow = readEdge(L, fw, v)
		case "col_above":
			spec.ColAbove = readEdge(L, fw, v)
		default:
			unknown(L, w, k, "corner, cols, rows, row_below, row_above, col_below, col_above")
		}
	})
	if !hasCols {
		w.at("cols").expected(L, "list of column keys", lua.LNil)
	}
	if !hasRows {
		w.at("rows").expected(L, "list of {key, cell, ...}", lua.LNil)
	}
	return spec
}

// matrixKey reads argument n as a matrix key: a label, or a whole number
// on a numeric axis.
func matrixKey(L *lua.LState, n int) string {
	switch v := L.Get(n).(type) {
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return strconv.Itoa(checkInt(L, n))
	}
	where{arg: n}.expected(L, "string or integer key", L.Get(n))
	return ""
}

func (m *module) matrixLookup(L *lua.LState) int {
	mx := checkSelf[*Matrix](L, "check.matrix", "lookup")
	v, err := mx.M.Lookup(matrixKey(L, 2), matrixKey(L, 3))
	if err != nil {
		luart.Raise(L, err)
	}
	L.Push(valueLua(v))
	return 1
}

func (m *module) matrixFind(L *lua.LState) int {
	mx := checkSelf[*Matrix](L, "check.matrix", "find")
	h, err := mx.M.Find(matrixKey(L, 2), matrixKey(L, 3))
	if err != nil {
		luart.Raise(L, err)
	}
	out := L.CreateTable(0, 10)
	out.RawSetString("value", valueLua(h.Value))
	out.RawSetString("text", lua.LString(h.Value.Text))
	out.RawSetString("row", num(h.Row+1))
	out.RawSetString("col", num(h.Col+1))
	out.RawSetString("row_label", lua.LString(mx.rows[h.Row].Label))
	out.RawSetString("col_label", lua.LString(mx.cols[h.Col].Label))
	out.RawSetString("row_beyond", num(h.RowBeyond))
	out.RawSetString("col_beyond", num(h.ColBeyond))
	out.RawSetString("clamped", lua.LBool(h.Clamped))
	out.RawSetString("extended", lua.LBool(h.Extended))
	L.Push(out)
	return 1
}

func keysTable(L *lua.LState, keys []check.Key) *lua.LTable {
	t := L.CreateTable(len(keys), 0)
	for _, k := range keys {
		t.Append(lua.LString(k.Label))
	}
	return t
}

func (m *module) matrixRows(L *lua.LState) int {
	mx := checkSelf[*Matrix](L, "check.matrix", "rows")
	L.Push(keysTable(L, mx.rows))
	return 1
}

func (m *module) matrixCols(L *lua.LState) int {
	mx := checkSelf[*Matrix](L, "check.matrix", "cols")
	L.Push(keysTable(L, mx.cols))
	return 1
}
