// Package scripts embeds the built-in Lua scripts: rule systems under core/,
// optional rules under variants/, monsters under monsters/. They are
// ordinary scripts: a user folder given with --scripts (or scripts in
// dndsh.toml) overrides any of them by path.
package scripts

import "embed"

// FS holds core/, variants/ and monsters/.
//
//go:embed core variants monsters
var FS embed.FS
