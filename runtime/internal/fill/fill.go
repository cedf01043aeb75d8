// Package fill sets every field of a struct to a non-zero value, for the
// tests that check a reset leaves what a new literal would: a field the
// reset forgets then shows.
package fill

import (
	"reflect"
	"testing"
)

// Options says which fields NonZero fills.
type Options struct {
	// Unexported: fill the unexported fields too (a package's own test of
	// its own types); otherwise only the settable ones.
	Unexported bool
}

// NonZero sets the fields of v (an addressable struct) to non-zero values:
// true, 3, "x", a slice of one element, a new pointee; structs are filled
// field by field and functions are left alone. Any other kind fails t.
func NonZero(t testing.TB, v reflect.Value, o Options) {
	t.Helper()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if o.Unexported {
			f = reflect.NewAt(f.Type(), f.Addr().UnsafePointer()).Elem()
		} else if !f.CanSet() {
			continue
		}
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(3)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			f.SetUint(3)
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 2))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Func:
		case reflect.Struct:
			NonZero(t, f, o)
		default:
			t.Fatalf("fill.NonZero: field %s of kind %s", v.Type().Field(i).Name, f.Kind())
		}
	}
}
