package luart

import (
	"fmt"

	"github.com/yuin/gopher-lua/ast"

	"github.com/dndsh/dndsh/runtime/errs"
)

// The compiler of gopher-lua v1.1.2 gets a few constructs wrong. Every
// chunk dndsh loads goes through fixChunk between parsing and compiling,
// which rewrites those constructs into equivalent ones the compiler gets
// right, or refuses them with an error naming the line. Each rewrite
// below names the bug; spec/hostile/vm_conformance.lua has a case for each,
// with Lua 5.1's answer.
//
//   - Jumps to jumps. The compiler's last pass shortens a jump whose target
//     is another jump, reading the target's offset as a label number; a
//     jump to an earlier instruction that is itself a jump has already been
//     resolved, so the loop's back edge goes astray (lost return values,
//     a body run once, "index out of range" inside the VM). Loops whose
//     body may start with a jump (break, an if with a constant condition, a
//     nested while, a do block; upstream issue 540) get a first statement
//     that compiles to one LOADNIL. goto, the other way to jump backwards,
//     is refused: it is not Lua 5.1.
//   - Multiple assignment. The compiler stores each value in its target as
//     soon as it is computed, so `a, b = b, a` gives 2, 2 (upstream issue
//     440). A multiple assignment is rewritten to evaluate the targets'
//     tables and keys, then every value, into fresh locals, and only then
//     to assign.
//   - When the last field of a table constructor is a named field whose
//     value is a call ({f(), x = f()}), the list part takes every value on
//     the stack, the call's included. That value is truncated to one, as
//     parentheses do (a named field keeps one value anyway).
//   - Assigning to a field of a literal ((123).k = v) loses the literal
//     and reports an error about another value (upstream issue 310). It
//     is always an error in Lua 5.1; it is refused at load time.

// nopName is the name of the locals fixChunk adds: no Lua identifier can
// take it, so no script sees them.
const nopName = "(dndsh)"

// fixChunk rewrites stmts in place (see above) and returns the first
// construct it refuses, as an error located in file.
func fixChunk(file string, stmts []ast.Stmt) (out []ast.Stmt, err error) {
	f := &fixer{file: file}
	out = f.block(stmts)
	return out, f.err
}

type fixer struct {
	file string
	err  error
}

func (f *fixer) refuse(n ast.PositionHolder, format string, args ...any) {
	if f.err == nil {
		f.err = &errs.Error{Kind: errs.Syntax, Layer: "lua", File: f.file, Line: n.Line(), Msg: fmt.Sprintf(format, args...)}
	}
}

// block fixes a list of statements and returns it (it may be longer).
func (f *fixer) block(stmts []ast.Stmt) []ast.Stmt {
	for i, s := range stmts {
		stmts[i] = f.stmt(s)
	}
	return stmts
}

// loopBody fixes a loop's body and gives it a first statement that is no
// jump when it may start with one.
func (f *fixer) loopBody(stmts []ast.Stmt, at ast.PositionHolder) []ast.Stmt {
	stmts = f.block(stmts)
	if len(stmts) == 0 || startsSafe(stmts[0]) {
		return stmts
	}
	nop := &ast.LocalAssignStmt{Names: []string{nopName}}
	nop.SetLine(at.Line())
	nop.SetLastLine(at.Line())
	return append([]ast.Stmt{nop}, stmts...)
}

func (f *fixer) stmt(s ast.Stmt) ast.Stmt {
	switch st := s.(type) {
	case *ast.AssignStmt:
		for _, e := range st.Lhs {
			if a, ok := e.(*ast.AttrGetExpr); ok && isConst(a.Object) {
				f.refuse(st, "assignment to a field of a constant: a %s has no fields", constKind(a.Object))
			}
		}
		f.exprs(st.Lhs)
		f.exprs(st.Rhs)
		if len(st.Lhs) > 1 {
			return multiAssign(st)
		}
	case *ast.LocalAssignStmt:
		f.exprs(st.Exprs)
	case *ast.FuncCallStmt:
		f.expr(st.Expr)
	case *ast.DoBlockStmt:
		st.Stmts = f.block(st.Stmts)
	case *ast.WhileStmt:
		f.expr(st.Condition)
		st.Stmts = f.loopBody(st.Stmts, st)
	case *ast.RepeatStmt:
		f.expr(st.Condition)
		st.Stmts = f.loopBody(st.Stmts, st)
	case *ast.IfStmt:
		f.expr(st.Condition)
		st.Then = f.block(st.Then)
		st.Else = f.block(st.Else)
	case *ast.NumberForStmt:
		f.expr(st.Init)
		f.expr(st.Limit)
		if st.Step != nil {
			f.expr(st.Step)
		}
		st.Stmts = f.block(st.Stmts)
	case *ast.GenericForStmt:
		f.exprs(st.Exprs)
		st.Stmts = f.loopBody(st.Stmts, st)
	case *ast.FuncDefStmt:
		if st.Name.Func != nil {
			f.expr(st.Name.Func)
		}
		if st.Name.Receiver != nil {
			f.expr(st.Name.Receiver)
		}
		f.expr(st.Func)
	case *ast.ReturnStmt:
		f.exprs(st.Exprs)
	case *ast.LabelStmt:
		f.refuse(st, "labels (::%s::) are not Lua 5.1, and gopher-lua miscompiles jumps back to them; use a loop with break", st.Name)
	case *ast.GotoStmt:
		f.refuse(st, "goto is not Lua 5.1, and gopher-lua miscompiles jumps back with it; use a loop with break")
	}
	return s
}

func (f *fixer) exprs(list []ast.Expr) {
	for _, e := range list {
		f.expr(e)
	}
}

func (f *fixer) expr(e ast.Expr) {
	switch x := e.(type) {
	case *ast.AttrGetExpr:
		f.expr(x.Object)
		f.expr(x.Key)
	case *ast.TableExpr:
		for _, fl := range x.Fields {
			if fl.Key != nil {
				f.expr(fl.Key)
			}
			f.expr(fl.Value)
		}
		if n := len(x.Fields); n > 0 && x.Fields[n-1].Key != nil {
			adjust(x.Fields[n-1].Value)
		}
	case *ast.FuncCallExpr:
		if x.Func != nil {
			f.expr(x.Func)
		}
		if x.Receiver != nil {
			f.expr(x.Receiver)
		}
		f.exprs(x.Args)
	case *ast.LogicalOpExpr:
		f.expr(x.Lhs)
		f.expr(x.Rhs)
	case *ast.RelationalOpExpr:
		f.expr(x.Lhs)
		f.expr(x.Rhs)
	case *ast.StringConcatOpExpr:
		f.expr(x.Lhs)
		f.expr(x.Rhs)
	case *ast.ArithmeticOpExpr:
		f.expr(x.Lhs)
		f.expr(x.Rhs)
	case *ast.UnaryMinusOpExpr:
		f.expr(x.Expr)
	case *ast.UnaryNotOpExpr:
		f.expr(x.Expr)
	case *ast.UnaryLenOpExpr:
		f.expr(x.Expr)
	case *ast.FunctionExpr:
		x.Stmts = f.block(x.Stmts)
	}
}

// adjust truncates a multi-valued expression to one value, as
// parentheses do.
func adjust(e ast.Expr) {
	switch x := e.(type) {
	case *ast.FuncCallExpr:
		x.AdjustRet = true
	case *ast.Comma3Expr:
		x.AdjustRet = true
	}
}

func isConst(e ast.Expr) bool {
	switch e.(type) {
	case *ast.NilExpr, *ast.TrueExpr, *ast.FalseExpr, *ast.NumberExpr, *ast.StringExpr:
		return true
	}
	return false
}

func constKind(e ast.Expr) string {
	switch e.(type) {
	case *ast.NilExpr:
		return "nil"
	case *ast.TrueExpr, *ast.FalseExpr:
		return "boolean"
	case *ast.NumberExpr:
		return "number"
	}
	return "string"
}

// multiAssign rewrites `t1, ..., tn = e1, ..., em` into
//
//	do
//	  local o1, k1, ... = <each target's table and key, left to right>
//	  local v1, ..., vn = e1, ..., em
//	  tn = vn ... t1 = v1   (each a single assignment, right to left)
//	end
//
// which is the order of evaluation of Lua 5.1's own compiler.
func multiAssign(st *ast.AssignStmt) ast.Stmt {
	line, last := st.Line(), st.LastLine()
	at := func(n ast.PositionHolder) {
		n.SetLine(line)
		n.SetLastLine(last)
	}
	temp := func(kind string, i int) string { return fmt.Sprintf("(dndsh %s %d)", kind, i) }
	ident := func(name string) *ast.IdentExpr {
		id := &ast.IdentExpr{Value: name}
		at(id)
		return id
	}
	var preNames []string
	var preExprs []ast.Expr
	targets := make([]ast.Expr, len(st.Lhs))
	for i, e := range st.Lhs {
		a, ok := e.(*ast.AttrGetExpr)
		if !ok {
			targets[i] = e
			continue
		}
		obj := temp("table", i)
		preNames, preExprs = append(preNames, obj), append(preExprs, a.Object)
		key := a.Key
		if !isConst(a.Key) {
			k := temp("key", i)
			preNames, preExprs = append(preNames, k), append(preExprs, a.Key)
			key = ident(k)
		}
		t := &ast.AttrGetExpr{Object: ident(obj), Key: key}
		at(t)
		targets[i] = t
	}
	var body []ast.Stmt
	if len(preNames) > 0 {
		pre := &ast.LocalAssignStmt{Names: preNames, Exprs: preExprs}
		at(pre)
		body = append(body, pre)
	}
	vals := make([]string, len(st.Lhs))
	for i := range vals {
		vals[i] = temp("value", i)
	}
	v := &ast.LocalAssignStmt{Names: vals, Exprs: st.Rhs}
	at(v)
	body = append(body, v)
	for i := len(targets) - 1; i >= 0; i-- {
		a := &ast.AssignStmt{Lhs: []ast.Expr{targets[i]}, Rhs: []ast.Expr{ident(vals[i])}}
		at(a)
		body = append(body, a)
	}
	do := &ast.DoBlockStmt{Stmts: body}
	at(do)
	return do
}

// startsSafe reports whether a statement's first instruction is certainly
// no jump (see the jumps to jumps above).
func startsSafe(s ast.Stmt) bool {
	switch st := s.(type) {
	case *ast.LocalAssignStmt:
		return len(st.Exprs) == 0 || leadSafe(st.Exprs[0], false)
	case *ast.AssignStmt:
		for _, e := range st.Lhs {
			if a, ok := e.(*ast.AttrGetExpr); ok && (!leadSafe(a.Object, false) || !leadSafe(a.Key, false)) {
				return false
			}
		}
		return len(st.Rhs) > 0 && leadSafe(st.Rhs[0], false)
	case *ast.FuncCallStmt:
		return leadSafe(st.Expr, false)
	case *ast.ReturnStmt:
		return len(st.Exprs) == 0 || leadSafe(st.Exprs[0], false)
	case *ast.NumberForStmt:
		return leadSafe(st.Init, false)
	case *ast.GenericForStmt:
		return len(st.Exprs) > 0 && leadSafe(st.Exprs[0], false)
	case *ast.FuncDefStmt:
		return true
	case *ast.IfStmt:
		return leadSafe(st.Condition, true)
	case *ast.WhileStmt:
		return leadSafe(st.Condition, true)
	case *ast.RepeatStmt:
		return len(st.Stmts) > 0 && startsSafe(st.Stmts[0])
	case *ast.DoBlockStmt:
		return len(st.Stmts) > 0 && startsSafe(st.Stmts[0])
	}
	return false
}

// leadSafe reports whether the first instruction compiled for e is no
// jump: the compiler emits a bare jump for a constant operand of and/or
// and for a constant condition, so e is safe unless the operand it
// evaluates first is a constant under a logical operator or in a
// condition.
func leadSafe(e ast.Expr, logical bool) bool {
	for {
		switch x := e.(type) {
		case *ast.NilExpr, *ast.TrueExpr, *ast.FalseExpr, *ast.NumberExpr, *ast.StringExpr:
			return !logical
		case *ast.LogicalOpExpr:
			e, logical = x.Lhs, true
		case *ast.UnaryNotOpExpr:
			e = x.Expr
		// The operands of the other operators are compiled as values.
		case *ast.RelationalOpExpr:
			e, logical = x.Lhs, false
		case *ast.StringConcatOpExpr:
			e, logical = x.Lhs, false
		case *ast.ArithmeticOpExpr:
			e, logical = x.Lhs, false
		case *ast.UnaryMinusOpExpr:
			e, logical = x.Expr, false
		case *ast.UnaryLenOpExpr:
			e, logical = x.Expr, false
		case *ast.AttrGetExpr:
			e, logical = x.Object, false
		case *ast.FuncCallExpr:
			e, logical = x.Func, false
			if x.Func == nil {
				e = x.Receiver
			}
		default:
			return true
		}
	}
}
