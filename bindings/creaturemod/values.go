package creaturemod

import (
	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/runtime/errs"
)

// bad returns an error about the value at path (a key such as "hp" or
// "traits[2].kind").
func bad(path, format string, a ...any) *errs.Error { return args.Bad(path, format, a...) }

// prefixed returns err with its message prefixed by path, keeping its
// kind and hint.
func prefixed(path string, err error) error {
	if err == nil {
		return nil
	}
	if e, ok := err.(*errs.Error); ok {
		c := *e
		c.Msg = path + ": " + e.Msg
		c.During = nil
		return &c
	}
	return bad(path, "%v", err)
}

// args reads this module's argument values (errors in layer "creature").
var args = luaval.Reader{Layer: "creature"}

// The value readers of this module, from luaval.
var (
	strList      = luaval.StrTable
	typeName     = luaval.TypeName
	intOf        = args.Int
	nonNegOf     = args.NonNeg
	strOf        = args.Str
	nameOf       = args.Name
	boolOf       = args.Bool
	tableOf      = args.Table
	listOf       = args.List
	strListOf    = args.StrList
	mapKeys      = args.Keys
	readFields   = args.Fields
	intField     = args.IntField
	nonNegField  = args.NonNegField
	strField     = args.StrField
	boolField    = args.BoolField
	strListField = args.StrListField
)

// fieldFn reads one field of a record table.
type fieldFn = luaval.Field
