-- A fixture for spec/transcripts/table*.txt: resistant to fire, vulnerable
-- to cold, immune to poison; its Dexterity save is printed as +5.
return {
  id = "ember",
  name = { en = "Ember Spirit", zh = "餘燼之靈" },
  hp = 15, ac = 13, init = 1, cr = 1,
  abilities = { str = 10, dex = 14, con = 12, int = 6, wis = 10, cha = 6 },
  saves = { dex = 5 },
  traits = {
    { kind = "resist", type = "fire" },
    { kind = "vuln", type = "cold" },
    { kind = "immune", type = "poison" },
  },
  attacks = {
    { name = "Burning Touch", zh = "灼燒之觸", bonus = 4, damage = "1d6+2", type = "fire" },
  },
}
