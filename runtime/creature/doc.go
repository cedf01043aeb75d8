// Package creature is the kernel's creature state: plain data plus the
// bookkeeping every rule system shares.
//
// A Creature holds an id, a name, a side, ordered tags, ability scores by
// any name, hit points with a maximum and a floor, temporary hit points, a
// second (nonlethal) damage track, an armour class with its direction,
// speeds by movement mode, named senses, a size, a footprint, a reach and a
// grid position; named resources with recharge rules; conditions with
// levels, sources and duration handles; and damage traits (immunity,
// multiplier and flat resistance and vulnerability).
//
// What any of it means is the scripts' business. The kernel stores
// conditions and removes them when asked (by name, instance, source or
// duration handle); it never decides what a condition does. It applies
// damage through an ordered list of steps the caller chooses, so each rule
// system keeps its own order, and it reports every step so a script can
// explain the result or build rules on the damage left over past 0 hit
// points.
//
// Everything iterates in a fixed order (sorted by name, or insertion order
// for tags and conditions), Clone is a deep copy, and the JSON form has a
// stable field order, so the same commands replay to the same save file
// byte for byte. A Creature is not safe for concurrent use.
//
// Errors a caller can cause (spending more than is there, a negative
// amount, an unknown resource, a corrupt save) are *errs.Error values of
// layer "kernel".
package creature
