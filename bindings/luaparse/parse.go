package luaparse

import (
	"github.com/yuin/gopher-lua/ast"
)

// Parse parses src as gopher-lua's parse.Parse would, and reports false
// when it leaves the text to that parser (see the package comment).
func Parse(src []byte) (chunk []ast.Stmt, ok bool) {
	p := &parser{lexer: lexer{src: src, ln: 1, names: map[string]string{}}}
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(refuse); !is {
				panic(r)
			}
			chunk, ok = nil, false
		}
	}()
	p.next()
	chunk = p.block()
	if p.tok != tEOF {
		p.fail()
	}
	return chunk, true
}

type parser struct {
	lexer
	// nodes of the commonest kinds come from slabs (one allocation for
	// many), and lists are gathered on stacks and copied out at their
	// exact length: a script's tree is garbage once compiled, so a slab
	// lives exactly as long as its nodes
	idents slab[ast.IdentExpr]
	strs   slab[ast.StringExpr]
	nums   slab[ast.NumberExpr]
	gets   slab[ast.AttrGetExpr]
	calls  slab[ast.FuncCallExpr]
	fields slab[ast.Field]
	tables slab[ast.TableExpr]
	exprs  []ast.Expr
	stmts  []ast.Stmt
	fstack []*ast.Field
}

// slab hands out pointers to the elements of chunks of T.
type slab[T any] struct{ buf []T }

func (s *slab[T]) new() *T {
	if len(s.buf) == cap(s.buf) {
		s.buf = make([]T, 0, min(max(16, 2*cap(s.buf)), 512))
	}
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// popFrom copies what *stack holds from mark on into a list of its own
// and pops it (a block's statements, a list's expressions, a table's
// fields: nested ones are pushed and popped above mark meanwhile).
func popFrom[T any](stack *[]T, mark int) []T {
	out := make([]T, len(*stack)-mark)
	copy(out, (*stack)[mark:])
	clear((*stack)[mark:])
	*stack = (*stack)[:mark]
	return out
}

// expect checks that the current token is t and reads the next one; it
// returns the line of the token it checked.
func (p *parser) expect(t int) int {
	if p.tok != t {
		p.fail()
	}
	line := p.line
	p.next()
	return line
}

// name reads a name.
func (p *parser) name() (string, int) {
	if p.tok != tName {
		p.fail()
	}
	s, line := p.str, p.line
	p.next()
	return s, line
}

// blockEnd reports whether the current token closes a block.
func (p *parser) blockEnd() bool {
	switch p.tok {
	case tEOF, tEnd, tElse, tElseIf, tUntil:
		return true
	}
	return false
}

// block reads statements up to a token that closes the block (the
// caller checks which).
func (p *parser) block() []ast.Stmt {
	mark := len(p.stmts)
	for {
		switch p.tok {
		case ';':
			p.next()
			continue
		case tReturn:
			line := p.line
			p.next()
			st := &ast.ReturnStmt{}
			if !p.blockEnd() && p.tok != ';' {
				st.Exprs = p.exprList()
			}
			st.SetLine(line)
			p.stmts = append(p.stmts, st)
		case tBreak:
			st := &ast.BreakStmt{}
			st.SetLine(p.line)
			p.next()
			p.stmts = append(p.stmts, st)
		default:
			if p.blockEnd() {
				return popFrom(&p.stmts, mark)
			}
			st := p.statement()
			p.stmts = append(p.stmts, st)
			continue
		}
		// after return or break: one optional ';', then the block ends
		if p.tok == ';' {
			p.next()
		}
		if !p.blockEnd() {
			p.fail()
		}
		return popFrom(&p.stmts, mark)
	}
}

func (p *parser) statement() ast.Stmt {
	line := p.line
	switch p.tok {
	case tDo:
		p.next()
		body := p.block()
		st := &ast.DoBlockStmt{Stmts: body}
		st.SetLine(line)
		st.SetLastLine(p.expect(tEnd))
		return st
	case tWhile:
		p.next()
		cond := p.expr()
		p.expect(tDo)
		body := p.block()
		st := &ast.WhileStmt{Condition: cond, Stmts: body}
		st.SetLine(line)
		st.SetLastLine(p.expect(tEnd))
		return st
	case tRepeat:
		p.next()
		body := p.block()
		p.expect(tUntil)
		cond := p.expr()
		st := &ast.RepeatStmt{Condition: cond, Stmts: body}
		st.SetLine(line)
		st.SetLastLine(cond.Line())
		return st
	case tIf:
		return p.ifStatement()
	case tFor:
		return p.forStatement()
	case tFunction:
		p.next()
		fn := p.funcName()
		body := p.funcBody()
		st := &ast.FuncDefStmt{Name: fn, Func: body}
		st.SetLine(line)
		st.SetLastLine(body.LastLine())
		return st
	case tLocal:
		p.next()
		if p.tok == tFunction {
			p.next()
			name, _ := p.name()
			body := p.funcBody()
			st := &ast.LocalAssignStmt{Names: []string{name}, Exprs: []ast.Expr{body}}
			st.SetLine(line)
			st.SetLastLine(body.LastLine())
			return st
		}
		names := p.nameList()
		st := &ast.LocalAssignStmt{Names: names}
		if p.tok == '=' {
			p.next()
			st.Exprs = p.exprList()
		} else {
			st.Exprs = []ast.Expr{}
		}
		st.SetLine(line)
		return st
	case tLabel:
		p.next()
		name, _ := p.name()
		p.expect(tLabel)
		st := &ast.LabelStmt{Name: name}
		st.SetLine(line)
		return st
	case tGoto:
		p.next()
		name, _ := p.name()
		st := &ast.GotoStmt{Label: name}
		st.SetLine(line)
		return st
	}
	e, isVar, _ := p.suffixed()
	if p.tok == '=' || p.tok == ',' {
		lhs := []ast.Expr{e}
		if !isVar {
			p.fail()
		}
		for p.tok == ',' {
			p.next()
			v, isVar, _ := p.suffixed()
			if !isVar {
				p.fail()
			}
			lhs = append(lhs, v)
		}
		p.expect('=')
		rhs := p.exprList()
		st := &ast.AssignStmt{Lhs: lhs, Rhs: rhs}
		st.SetLine(lhs[0].Line())
		return st
	}
	if _, call := e.(*ast.FuncCallExpr); !call {
		p.fail()
	}
	st := &ast.FuncCallStmt{Expr: e}
	st.SetLine(e.Line())
	return st
}

func (p *parser) ifStatement() ast.Stmt {
	line := p.expect(tIf)
	cond := p.expr()
	p.expect(tThen)
	top := &ast.IfStmt{Condition: cond, Then: p.block()}
	cur := top
	for p.tok == tElseIf {
		eline := p.line
		p.next()
		c := p.expr()
		p.expect(tThen)
		st := &ast.IfStmt{Condition: c, Then: p.block()}
		st.SetLine(eline)
		cur.Else = []ast.Stmt{st}
		cur = st
	}
	if p.tok == tElse {
		p.next()
		cur.Else = p.block()
	}
	top.SetLine(line)
	top.SetLastLine(p.expect(tEnd))
	return top
}

func (p *parser) forStatement() ast.Stmt {
	line := p.expect(tFor)
	first, _ := p.name()
	if p.tok == '=' {
		p.next()
		init := p.expr()
		p.expect(',')
		limit := p.expr()
		st := &ast.NumberForStmt{Name: first, Init: init, Limit: limit}
		if p.tok == ',' {
			p.next()
			st.Step = p.expr()
		}
		p.expect(tDo)
		st.Stmts = p.block()
		st.SetLine(line)
		st.SetLastLine(p.expect(tEnd))
		return st
	}
	names := []string{first}
	for p.tok == ',' {
		p.next()
		n, _ := p.name()
		names = append(names, n)
	}
	p.expect(tIn)
	exprs := p.exprList()
	p.expect(tDo)
	st := &ast.GenericForStmt{Names: names, Exprs: exprs, Stmts: p.block()}
	st.SetLine(line)
	st.SetLastLine(p.expect(tEnd))
	return st
}

// funcName reads a.b.c or a.b:c after "function".
func (p *parser) funcName() *ast.FuncName {
	n, line := p.name()
	var fn ast.Expr = &ast.IdentExpr{Value: n}
	fn.SetLine(line)
	for p.tok == '.' {
		p.next()
		k, kline := p.name()
		key := &ast.StringExpr{Value: k}
		key.SetLine(kline)
		get := &ast.AttrGetExpr{Object: fn, Key: key}
		get.SetLine(kline)
		fn = get
	}
	if p.tok == ':' {
		p.next()
		m, _ := p.name()
		return &ast.FuncName{Receiver: fn, Method: m}
	}
	return &ast.FuncName{Func: fn}
}

// funcBody reads (params) block end.
func (p *parser) funcBody() *ast.FunctionExpr {
	line := p.expect('(')
	pl := &ast.ParList{Names: []string{}}
	if p.tok != ')' {
		for {
			if p.tok == tDots {
				p.next()
				pl.HasVargs = true
				break
			}
			n, _ := p.name()
			pl.Names = append(pl.Names, n)
			if p.tok != ',' {
				break
			}
			p.next()
		}
	}
	p.expect(')')
	body := p.block()
	fe := &ast.FunctionExpr{ParList: pl, Stmts: body}
	fe.SetLine(line)
	fe.SetLastLine(p.expect(tEnd))
	return fe
}

func (p *parser) nameList() []string {
	n, _ := p.name()
	names := []string{n}
	for p.tok == ',' {
		p.next()
		n, _ := p.name()
		names = append(names, n)
	}
	return names
}

func (p *parser) exprList() []ast.Expr {
	mark := len(p.exprs)
	e := p.expr()
	p.exprs = append(p.exprs, e)
	for p.tok == ',' {
		p.next()
		e := p.expr()
		p.exprs = append(p.exprs, e)
	}
	return popFrom(&p.exprs, mark)
}

// binary operators: left and right priority (gopher-lua's %left and
// %right: or < and < comparison < .. (right) < + - < * / % < unary < ^
// (right)).
func binaryPriority(t int) (left, right int, op string) {
	switch t {
	case tOr:
		return 1, 1, "or"
	case tAnd:
		return 2, 2, "and"
	case '<':
		return 3, 3, "<"
	case '>':
		return 3, 3, ">"
	case tLe:
		return 3, 3, "<="
	case tGe:
		return 3, 3, ">="
	case tEq:
		return 3, 3, "=="
	case tNe:
		return 3, 3, "~="
	case tConcat:
		return 4, 3, ".."
	case '+':
		return 5, 5, "+"
	case '-':
		return 5, 5, "-"
	case '*':
		return 6, 6, "*"
	case '/':
		return 6, 6, "/"
	case '%':
		return 6, 6, "%"
	case '^':
		return 8, 7, "^"
	}
	return 0, 0, ""
}

const unaryPriority = 7

func (p *parser) expr() ast.Expr {
	e, _ := p.subexpr(0)
	return e
}

// subexpr reads an expression whose binary operators bind tighter than
// limit. call reports that the expression is a function call and nothing
// more (gopher-lua's "( functioncall )" marks it, see primary).
func (p *parser) subexpr(limit int) (e ast.Expr, call bool) {
	switch p.tok {
	case tNot, '-', '#':
		op := p.tok
		p.next()
		operand, _ := p.subexpr(unaryPriority)
		switch op {
		case tNot:
			e = &ast.UnaryNotOpExpr{Expr: operand}
		case '-':
			e = &ast.UnaryMinusOpExpr{Expr: operand}
		default:
			e = &ast.UnaryLenOpExpr{Expr: operand}
		}
		e.SetLine(operand.Line())
	default:
		e, call = p.simple()
	}
	for {
		left, right, op := binaryPriority(p.tok)
		if left <= limit {
			return e, call
		}
		call = false
		p.next()
		rhs, _ := p.subexpr(right)
		var b ast.Expr
		switch op {
		case "or", "and":
			b = &ast.LogicalOpExpr{Operator: op, Lhs: e, Rhs: rhs}
		case "..":
			b = &ast.StringConcatOpExpr{Lhs: e, Rhs: rhs}
		case "+", "-", "*", "/", "%", "^":
			b = &ast.ArithmeticOpExpr{Operator: op, Lhs: e, Rhs: rhs}
		default:
			b = &ast.RelationalOpExpr{Operator: op, Lhs: e, Rhs: rhs}
		}
		b.SetLine(e.Line())
		e = b
	}
}

// simple reads a simple expression; call as for subexpr.
func (p *parser) simple() (ast.Expr, bool) {
	var e ast.Expr
	switch p.tok {
	case tNil:
		e = &ast.NilExpr{}
	case tFalse:
		e = &ast.FalseExpr{}
	case tTrue:
		e = &ast.TrueExpr{}
	case tNumber:
		n := p.nums.new()
		n.Value = p.str
		e = n
	case tString:
		st := p.strs.new()
		st.Value = p.str
		e = st
	case tDots:
		e = &ast.Comma3Expr{}
	case '{':
		return p.table(), false
	case tFunction:
		line := p.line
		p.next()
		body := p.funcBody()
		fe := &ast.FunctionExpr{ParList: body.ParList, Stmts: body.Stmts}
		fe.SetLine(line)
		fe.SetLastLine(body.LastLine())
		return fe, false
	default:
		e, _, call := p.suffixed()
		return e, call
	}
	e.SetLine(p.line)
	p.next()
	return e, false
}

// suffixed reads a prefix expression and its suffixes. isVar reports
// that it can be assigned to (a name, or it ends in .name or [expr]);
// call that its last suffix was a call's arguments.
func (p *parser) suffixed() (e ast.Expr, isVar, call bool) {
	e, isVar = p.primary()
	for {
		switch p.tok {
		case '.':
			p.next()
			k, kline := p.name()
			key := p.strs.new()
			key.Value = k
			key.SetLine(kline)
			get := p.gets.new()
			get.Object, get.Key = e, key
			get.SetLine(e.Line())
			e, isVar, call = get, true, false
		case '[':
			p.next()
			k := p.expr()
			p.expect(']')
			get := p.gets.new()
			get.Object, get.Key = e, k
			get.SetLine(e.Line())
			e, isVar, call = get, true, false
		case ':':
			p.next()
			m, _ := p.name()
			args := p.args()
			c := p.calls.new()
			c.Method, c.Receiver, c.Args = m, e, args
			c.SetLine(e.Line())
			e, isVar, call = c, false, true
		case '(', tString, '{':
			args := p.args()
			c := p.calls.new()
			c.Func, c.Args = e, args
			c.SetLine(e.Line())
			e, isVar, call = c, false, true
		default:
			return e, isVar, call
		}
	}
}

// primary reads a name or a parenthesised expression.
func (p *parser) primary() (ast.Expr, bool) {
	switch p.tok {
	case tName:
		e := p.idents.new()
		e.Value = p.str
		e.SetLine(p.line)
		p.next()
		return e, true
	case '(':
		line := p.line
		p.next()
		e, call := p.subexpr(0)
		p.expect(')')
		if call {
			// gopher-lua's "( functioncall )": the call keeps one result
			// and its own line
			e.(*ast.FuncCallExpr).AdjustRet = true
			return e, false
		}
		if c3, ok := e.(*ast.Comma3Expr); ok {
			c3.AdjustRet = true
		}
		e.SetLine(line)
		return e, false
	}
	p.fail()
	return nil, false
}

// args reads a call's arguments.
func (p *parser) args() []ast.Expr {
	switch p.tok {
	case tString:
		s := p.strs.new()
		s.Value = p.str
		s.SetLine(p.line)
		p.next()
		return []ast.Expr{s}
	case '{':
		return []ast.Expr{p.table()}
	}
	if p.line != p.prevEnd {
		// gopher-lua refuses some of these as ambiguous; leave them all to it
		p.fail()
	}
	p.expect('(')
	if p.tok == ')' {
		p.next()
		return []ast.Expr{}
	}
	list := p.exprList()
	p.expect(')')
	return list
}

// table reads a table constructor.
func (p *parser) table() ast.Expr {
	t := p.tables.new()
	t.SetLine(p.expect('{'))
	mark := len(p.fstack)
	for p.tok != '}' {
		f := p.fields.new()
		switch {
		case p.tok == '[':
			p.next()
			f.Key = p.expr()
			p.expect(']')
			p.expect('=')
			f.Value = p.expr()
		case p.tok == tName && p.nextIsAssign():
			key := p.strs.new()
			key.Value = p.str
			key.SetLine(p.line)
			p.next()
			p.next() // =
			f.Key = key
			f.Value = p.expr()
		default:
			f.Value = p.expr()
		}
		p.fstack = append(p.fstack, f)
		if p.tok != ',' && p.tok != ';' {
			break
		}
		p.next()
	}
	p.expect('}')
	t.Fields = popFrom(&p.fstack, mark)
	return t
}

// nextIsAssign reports whether the token after the current one is a
// single '=' (looking ahead without reading it).
func (p *parser) nextIsAssign() bool {
	save := p.lexer
	p.next()
	is := p.tok == '='
	p.lexer = save
	return is
}
