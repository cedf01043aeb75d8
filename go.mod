module github.com/dndsh/dndsh

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/chzyer/readline v1.5.1
	github.com/yuin/gopher-lua v1.1.2
	golang.org/x/term v0.48.0
)

require golang.org/x/sys v0.50.0 // indirect
