package event

// Info describes one registered handler, for listings such as
// `dndsh rules`.
type Info struct {
	Event    string // the event's name
	Phase    Phase  // the phase the handler runs in
	Layer    Layer  // its layer
	Priority int    // its priority within the layer
	Seq      uint64 // its registration number
	Owner    Owner  // who it belongs to; 0 for nobody
	Only     Match  // when it fires
	Label    string // its label, as given to On
}

// Handlers returns the handlers of the event name, phase by phase, each
// phase in dispatch order. An unknown name has none.
func (b *Bus) Handlers(name string) []Info {
	id, ok := b.ids[name]
	if !ok {
		return nil
	}
	var out []Info
	for ph := range b.slots[id] {
		for _, e := range b.slots[id][ph] {
			out = append(out, Info{
				Event: name, Phase: e.phase, Layer: e.layer, Priority: e.priority,
				Seq: e.seq, Owner: e.owner, Only: e.only, Label: e.label,
			})
		}
	}
	return out
}
