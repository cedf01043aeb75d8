-- A fixture for spec/transcripts/table*.txt (loaded with --scripts
-- table-scripts), after the SRD 5.2 Goblin Warrior.
return {
  id = "goblin",
  name = { en = "Goblin Warrior", zh = "哥布林戰士" },
  hp = 10, ac = 15, init = 2, cr = "1/4",
  abilities = { str = 8, dex = 15, con = 10, int = 10, wis = 8, cha = 8 },
  attacks = {
    { name = "Scimitar", zh = "彎刀", bonus = 4, damage = "1d6+2", type = "slashing" },
    { name = "Shortbow", zh = "短弓", bonus = 4, damage = "1d6+2", type = "piercing", ranged = true },
  },
}
