// Package dice is dndsh's dice notation: a lexer and parser that turn text
// such as "4d6kh3" or "2d6[fire] + 1d8[cold] + 3" into an AST, an evaluator
// that rolls the AST into a tree that keeps every die (kept, dropped,
// rerolled, exploded, clamped, counted), and formatters for terminals and
// JSON.
//
// The notation is documented, with examples and the choices made where
// common rollers disagree, in docs/dice-notation.md; its grammar is below.
//
// Parse once, roll many times: an *Expr is immutable after Parse and may be
// rolled from several goroutines, each with its own rng.Source. Expr.Total
// rolls without building the tree and does not allocate for terms of up to
// 64 dice; Expr.Roll builds the full tree.
//
// # Grammar
//
// The notation in EBNF (the notation of the Go specification). Productions
// whose names start with a capital letter are syntactic: white space (space,
// tab, newline, carriage return) may come before any of their tokens and at
// the end of the expression. Those in lower case are lexical: nothing may
// come between their parts. ASCII letters are read in any case. The
// operators in order of binding, loosest first: a comparison, + and -, *, /
// and %, a sign; modifiers and a label bind to their term.
//
//	Expression  = Comparison [ Advantage ] [ comment ] .
//	Advantage   = ( "advantage" | "adv" | "disadvantage" | "dis" ) [ int ] .
//	Comparison  = Sum [ CompareOp Sum ] .
//	CompareOp   = ">=" | "<=" | "!=" | "<>" | "==" | "=" | ">" | "<" .
//	Sum         = Product { ( "+" | "-" ) Product } .
//	Product     = Unary { ( "*" | "/" | "%" ) Unary } .
//	Unary       = { "-" | "+" } ( Dice | Group | Paren | Call | int ) [ label ] .
//	Paren       = "(" Comparison ")" .
//	Dice        = [ int | Paren ] ( faces | "d(" Comparison ")" ) { DiceMod } [ Success { DiceMod } ] .
//	Group       = ( "{" Comparison { "," Comparison } [ "," ] "}"
//	            | "(" Comparison "," { Comparison "," } [ Comparison ] ")" )
//	              { GroupMod } [ Success { GroupMod } ] .
//	Call        = ( "floor" | "ceil" | "round" | "abs" ) "(" Comparison ")"
//	            | ( "min" | "max" ) "(" Comparison { "," Comparison } ")" .
//	DiceMod     = Keep | Reroll | Explode | Clamp | Failure .
//	GroupMod    = Keep | Failure .
//	Keep        = ( "kh" | "kl" | "k" | "dh" | "dl" | "d" ) [ int ] .
//	Reroll      = ( "ro" | "r" ) [ Point ] .
//	Explode     = ( "!!" | "!p" | "!" ) [ Point ] .
//	Clamp       = ( "mi" | "ma" ) Signed .
//	Failure     = "f" Point .
//	Success     = PointOp Signed .
//	Point       = [ PointOp ] Signed .
//	PointOp     = ">=" | "<=" | "=" | ">" | "<" .
//	Signed      = [ "-" ] int .
//	faces       = "d" ( int | "%" | "f" ) .
//	int         = digit { digit } .
//	digit       = "0" … "9" .
//	label       = "[" { blank } visible { visible | blank } "]" .
//	visible     = "\x00" … "\x08" | "\x0b" … "\x0c" | "\x0e" … "\x1f" | "!" … "\\" | "^" … "\U0010ffff" .
//	blank       = " " | "\t" | "\n" | "\r" .
//	comment     = "#" { "\x00" … "\U0010ffff" } .
//
// The parser reads left to right and decides as soon as it can. Where the
// grammar allows more than one reading, or more than the parser reads,
// these rules decide:
//
//   - After a dice term or a group without a label or a Success, "<", ">"
//     and "=" (but not "==") start its Success, and after a dice term "!"
//     starts an explosion: "4d6 >= 5" counts dice of 5 or more, "2d6 != 7"
//     explodes on 7, and "2d6 <> 7" is an error; to compare the total,
//     write "(2d6) <> 7", or compare after a number or a label.
//   - A "d" directly followed by a letter other than h and l, by "%" or by
//     "(" is not a drop modifier: "1d20dis" is 1d20 at disadvantage.
//   - In a Point of Reroll or Explode, a "-" after white space is a minus
//     sign: "1d6! - 1" explodes on 6 and subtracts 1; "4dFr-1" rerolls the
//     -1s.
//
// Beyond the grammar the parser refuses, with a located error: two keep or
// drop, explosion, mi, ma or f modifiers on one term, r mixed with ro, f
// without a success compare point, a group of one dice term that both keep
// or both count, a die of no faces (d0) and a negative constant count,
// rerolls and explosions that match every face, mi above ma, adv and dis
// without exactly one plain 1d20 or with a level of 0 or above
// MaxAdvLevel ("1d20 adv2" is graded advantage: three d20s, the highest
// kept), and what breaks a budget (length, nesting,
// literals, dice). runtime/dice's grammar test checks this grammar against
// the corpus of spec/dice and against what the parser accepts.
package dice
