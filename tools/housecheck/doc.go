// Package housecheck holds tests of house rules that span the whole
// repository rather than one package: only cmd/dndsh/main.go touches the
// operating system, and every relative link in the documentation resolves.
// It has no code of its own; `go test ./...` runs its tests.
package housecheck
