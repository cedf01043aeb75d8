-- A fixture for spec/transcripts/table*.txt: a level 3 fighter (a player
-- character: it makes death saving throws at 0 HP).
return {
  id = "hero",
  name = { en = "Hero", zh = "英雄" },
  player = true,
  hp = 20, ac = 16, init = 3, level = 3,
  abilities = { str = 16, dex = 14, con = 14, int = 10, wis = 12, cha = 10 },
  saves = { "str", "con" },
  attacks = {
    { name = "Longsword", zh = "長劍", bonus = 5, damage = "1d8+3", type = "slashing" },
  },
}
