// R1 in the reference peer (npm dnd-combat-simulator 0.3.15): four fighters
// (HP 28, AC 18, initiative +1, +5 to hit, 1d8+3) against eight goblins
// (HP 7, AC 15, initiative +2, +4 to hit, 1d6+2), each side attacking the
// living enemy with the lowest HP (the peer's default strategy), the same
// encounter as examples/5e/r1_fighters_vs_goblins.lua.
//
//   node r1.js N    plays N fights and prints the fighters' wins
//
// One trial is combat.reset() then combat.runFight(): runFight calls
// initiateCombat itself, so the harness must not call it too (calling both
// puts every creature in the turn list twice: everyone acts twice a round).
'use strict';
const dnd = require('dnd-combat-simulator');

const n = Number(process.argv[2] || 1000);
if (!Number.isInteger(n) || n < 1) {
  console.error('usage: node r1.js N');
  process.exit(2);
}

const fighters = new dnd.Party();
for (let i = 1; i <= 4; i++) {
  fighters.addMember(new dnd.Combatant('fighter' + i, 28, 18, 1, 5, 8, 1, 3));
}
const goblins = new dnd.Party();
for (let i = 1; i <= 8; i++) {
  goblins.addMember(new dnd.Combatant('goblin' + i, 7, 15, 2, 4, 6, 1, 2));
}
const combat = new dnd.Combat();
combat.addParty(fighters, 'fighters');
combat.addParty(goblins, 'goblins');

let wins = 0;
let turns = 0;
for (let t = 0; t < n; t++) {
  combat.reset();
  const survivors = combat.runFight();
  turns += combat.turnList.length;
  if (survivors.length > 0 && survivors[0].party_id === 'fighters') {
    wins++;
  }
}
if (turns !== 12 * n) {
  console.error('r1.js: the turn list held ' + turns / n + ' entries a fight, want 12');
  process.exit(1);
}
console.log('peer R1: ' + n + ' trials, fighters won ' + (100 * wins / n).toFixed(2) + '%');
