package srdgen

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed names_zh.tsv
var namesZh string

// zhNames is names_zh.tsv read once.
var zhNames = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(namesZh, "\n") {
		if en, zh, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(line, "#") {
			out[en] = strings.TrimSpace(zh)
		}
	}
	return out
})

var (
	dragonAges   = map[string]string{"Young": "青年", "Adult": "成年", "Ancient": "遠古"}
	dragonColors = map[string]string{"Black": "黑", "Blue": "藍", "Brass": "黃銅", "Bronze": "青銅", "Copper": "赤銅",
		"Gold": "金", "Green": "綠", "Red": "紅", "Silver": "銀", "White": "白"}
	formsZh = map[string]string{"Bat": "蝙蝠", "Mist": "霧", "Vampire": "吸血鬼", "Bear": "熊", "Human": "人類",
		"Hybrid": "混合", "Boar": "野豬", "Rat": "鼠", "Tiger": "虎", "Wolf": "狼"}
)

// ChineseName is the project's Chinese name of an SRD monster, or "" when
// it has none: names_zh.tsv, the dragons by age and colour ("Adult Red
// Dragon" 成年紅龍, "Red Dragon Wyrmling" 幼年紅龍), and shape-changers'
// forms ("Werewolf, Wolf Form" 狼人（狼形態）).
func ChineseName(en string) string {
	if zh := zhNames()[en]; zh != "" {
		return zh
	}
	w := strings.Fields(en)
	if len(w) == 3 && w[2] == "Dragon" && dragonAges[w[0]] != "" && dragonColors[w[1]] != "" {
		return dragonAges[w[0]] + dragonColors[w[1]] + "龍"
	}
	if len(w) == 3 && w[1] == "Dragon" && w[2] == "Wyrmling" && dragonColors[w[0]] != "" {
		return "幼年" + dragonColors[w[0]] + "龍"
	}
	if base, form, ok := strings.Cut(en, ", "); ok && strings.HasSuffix(form, " Form") {
		b, f := ChineseName(base), formsZh[strings.TrimSuffix(form, " Form")]
		if b != "" && f != "" {
			return b + "（" + f + "形態）"
		}
	}
	return ""
}
