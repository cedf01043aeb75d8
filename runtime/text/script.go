package text

import (
	"strings"
	"sync"
)

// The two scripts of written Chinese. The project's own Chinese is written
// in one or the other (the 5e names and the table's messages Traditional,
// the 1e names Simplified); Convert writes a text in one script, so that a
// session shows one.
const (
	Hant = "zh-Hant" // Traditional characters
	Hans = "zh-Hans" // Simplified characters
)

// zhBoth lists characters as Traditional-Simplified pairs converted both
// ways: the characters of the project's Chinese text and the common ones
// around them.
const zhBoth = "刪删採采篩筛繼继錐锥該该階阶誌志曠旷內内與与並并個个為为亂乱從从來来俠侠傷伤備备優优兩两獸兽衝冲決决減减擊击則则劍剑務务動动勢势區区醫医協协壓压變变發发後后響响噴喷單单嚇吓圍围聖圣場场塊块墜坠聲声處处復复頭头夾夹奧奥實实寫写專专對对層层屍尸屬属師师幾几應应彈弹彎弯強强總总惡恶驚惊懼惧惱恼態态懾慑戰战護护擲掷揮挥擄掳擾扰敗败敵敌數数斬斩斷断於于無无時时暈晕術术殺杀權权梟枭檢检槍枪標标歷历氣气沒没準准瀕濒靈灵燒烧營营燼烬狀状療疗痺痹盜盗礎础禱祷離离穩稳紅红級级結结絕绝經经網网線线緩缓縛缚繩绳續续聾聋脫脱腳脚臨临獲获蕩荡藥药號号蟲虫蝕蚀蠻蛮裝装襲袭見见規规視视覺觉觸触說说調调請请識识詩诗負负賊贼費费質质贈赠輕轻輪轮邊边過过遲迟還还進进遊游運运遠远遺遗錯错鋒锋鋼钢錘锤鎬镐鏈链鏢镖鐮镰鐵铁銀银鈍钝釘钉銷销長长閃闪開开間间問问陣阵陰阴隊队際际險险隱隐難难電电順顺須须額额類类顫颤領领飛飞養养餘余馴驯騎骑騙骗驅驱髏髅體体鬥斗魯鲁鳴鸣點点龍龙範范簡简滅灭鐘钟雙双麼么這这們们頁页軍军紙纸轉转選选擇择確确認认記记錄录讀读輸输據据執执譯译語语訊讯誤误顯显設设檔档儲储載载關关閉闭啟启帶带傳传連连頻频廣广義义舊旧機机構构藝艺劇剧書书畫画筆笔詞词圖图產产業业農农衛卫東东車车馬马鳥鸟魚鱼風风雲云讓让給给現现種种樣样將将戲戏靜静覽览豐丰閱阅歡欢喚唤顧顾況况糧粮價价錢钱銅铜錫锡寶宝劑剂團团園园圓圆屆届嶺岭歲岁齒齿齡龄僅仅億亿傑杰倫伦偉伟傘伞償偿儀仪兒儿冊册凍冻凱凯剛刚創创劃划勞劳勝胜勵励匯汇廠厂廳厅參参叢丛啞哑嗎吗嘗尝嘆叹囑嘱壞坏壘垒壯壮壺壶夢梦夥伙婦妇孫孙學学寧宁審审寵宠尋寻導导嶼屿巔巅幣币幫帮庫库廢废彌弥徑径憂忧憐怜憑凭憶忆懷怀挾挟掃扫掛挂換换損损搖摇撲扑擁拥擬拟攜携敘叙斃毙暫暂曉晓會会條条極极樂乐樹树橋桥殘残毀毁溫温滿满漢汉漿浆潔洁澤泽濃浓濕湿灣湾燈灯爐炉爭争爺爷牆墙犧牺猶犹獄狱獨独環环瓊琼畢毕異异當当瘋疯盡尽監监盤盘礙碍禮礼禍祸稱称窮穷竊窃築筑籃篮糾纠紀纪約约純纯納纳紛纷組组細细終终統统絲丝綁绑維维綜综綠绿緊紧練练織织繞绕繪绘罰罚罷罢習习聯联聽听職职腦脑膽胆艦舰艱艰蘇苏蘭兰虛虚蛻蜕眾众補补親亲計计訂订討讨訓训訪访許许訴诉診诊試试詳详誠诚誘诱誰谁課课談谈論论諸诸謀谋謎谜謝谢證证議议讚赞豎竖豬猪貓猫財财貢贡貧贫貨货販贩貪贪責责貴贵買买貸贷賞赏賢贤賣卖賴赖購购趕赶趙赵跡迹踐践蹤踪躍跃軌轨軟软較较輔辅輩辈轟轰辦办辭辞達达違违遞递適适遷迁邁迈鄉乡鄰邻釋释針针鈴铃鉛铅銳锐鋪铺鍋锅鎖锁鎮镇鏡镜鑰钥門门閒闲閣阁闊阔闖闯陳陈陸陆陽阳隨随雖虽雜杂雞鸡靂雳韓韩頂顶項项預预頑顽頓顿題题願愿颶飓飄飘飯饭飲饮飽饱餅饼館馆飢饥駐驻驗验鬧闹鮮鲜鴉鸦鷹鹰鹽盐麥麦黃黄齊齐龜龟偵侦側侧倉仓傾倾僕仆兇凶凜凛剎刹勁劲厲厉吳吴員员喪丧嗚呜噸吨嚴严堅坚報报塵尘墊垫墮堕墳坟壇坛奪夺奮奋妝妆嬰婴寢寝岡冈崗岗廟庙徹彻恆恒悅悦悶闷慘惨憤愤懇恳戀恋戶户掙挣揚扬搶抢撐撑撥拨擋挡擔担擠挤擴扩擺摆攔拦攝摄斂敛晝昼暢畅棄弃歸归歐欧毆殴淚泪淺浅滯滞漁渔漲涨漸渐潛潜濟济濤涛濺溅瀉泻灑洒灘滩災灾烏乌煉炼煩烦熱热燙烫燦灿爛烂狹狭猙狰獰狞獵猎獻献瘡疮癒愈癢痒皺皱矯矫碩硕磚砖禦御稅税窩窝竄窜簽签籌筹籠笼緒绪締缔編编縮缩繳缴纏缠罵骂羅罗聳耸肅肃脅胁膠胶膚肤臟脏興兴舉举莊庄華华萬万葉叶蒼苍蓋盖薩萨藍蓝蝦虾蠟蜡覓觅訣诀誇夸諷讽謊谎譜谱豈岂賜赐賦赋賭赌贏赢趨趋軀躯軸轴辯辩邏逻郵邮醬酱釀酿銘铭鋸锯鍛锻鍵键鎧铠鏟铲鑄铸鑑鉴閘闸隕陨韌韧頸颈顆颗顏颜餓饿騷骚驟骤黨党龐庞臥卧殞殒"

// zhToHans lists pairs converted from Traditional to Simplified only: the
// Simplified character is also a Traditional one in its own right (台, 只,
// 干, 僵 ...), so it is not turned back.
const zhToHans = "鍊炼嚐尝颱台臺台隻只乾干幹干鬆松穀谷醜丑繫系係系捲卷鬍胡鬱郁製制曆历髮发複复儘尽徵征捨舍託托週周裡里裏里殭僵沖冲甦苏蹟迹砲炮罈坛衆众饑饥昇升"

// zhToHant lists pairs converted from Simplified to Traditional only (著
// stays 著 in Simplified in most words).
const zhToHant = "著着"

// runeMap maps characters to characters: an open-addressing table, which
// is quicker to build than a Go map (each process builds one to convert
// the REPL's Chinese command words: about 1 M instructions as two maps).
type runeMap struct{ slots [2048][2]rune } // [from, to]; from 0: empty

func (m *runeMap) slot(r rune) int {
	i := int(uint32(r)*2654435761>>21) & (len(m.slots) - 1)
	for m.slots[i][0] != 0 && m.slots[i][0] != r {
		i = (i + 1) & (len(m.slots) - 1)
	}
	return i
}

// add maps each pair's first character to its second (from first, when
// back) unless the character is mapped already.
func (m *runeMap) add(pairs string, back bool) {
	var first rune
	n := 0
	for _, r := range pairs {
		if n++; n%2 == 1 {
			first = r
			continue
		}
		from, to := first, r
		if back {
			from, to = r, first
		}
		if i := m.slot(from); m.slots[i][0] == 0 {
			m.slots[i] = [2]rune{from, to}
		}
	}
}

func (m *runeMap) get(r rune) (rune, bool) {
	if r == 0 {
		return 0, false
	}
	s := m.slots[m.slot(r)]
	return s[1], s[0] == r
}

// Each script's table is made on first use, only the one asked for.
var (
	toHans = sync.OnceValue(func() *runeMap {
		m := &runeMap{}
		m.add(zhBoth, false)
		m.add(zhToHans, false)
		return m
	})
	toHant = sync.OnceValue(func() *runeMap {
		m := &runeMap{}
		m.add(zhBoth, true)
		m.add(zhToHant, true)
		return m
	})
)

// Convert writes s in script (Hans or Hant; "zh-Hans" and "zh-Hant" in any
// case, also "hans"/"hant"), character by character; other text and
// another script name leave s as it is.
func Convert(s, script string) string {
	var m *runeMap
	switch strings.ToLower(strings.TrimPrefix(strings.ToLower(script), "zh-")) {
	case "hans":
		m = toHans()
	case "hant":
		m = toHant()
	default:
		return s
	}
	var b strings.Builder
	changed := false
	for i, r := range s {
		if c, ok := m.get(r); ok {
			if !changed {
				b.Grow(len(s))
				b.WriteString(s[:i])
				changed = true
			}
			b.WriteRune(c)
		} else if changed {
			b.WriteRune(r)
		}
	}
	if !changed {
		return s
	}
	return b.String()
}

// SameChinese reports whether a and b are the same text whatever script
// each is written in (英雄 and 英雄, 战士 and 戰士).
func SameChinese(a, b string) bool {
	return a == b || Convert(a, Hans) == Convert(b, Hans)
}
