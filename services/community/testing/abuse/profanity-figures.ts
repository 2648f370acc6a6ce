// The profanity check's figures for docs/abuse/profanity.md:
//   node -r @swc-node/register services/community/testing/abuse/profanity-figures.ts
// Precision on the ordinary-sentence corpus (a sentence refused or masked is a false positive), recall on
// the evasion suite and on the list's own entries (each written as the list has it).
import badWordsConfig from 'badwords-ko/src/badwords.ko.config.json';
import { judgeProfanity } from '../../src/abuse/profanity';
import { ORDINARY_HERE } from '../../src/abuse/profanity-words';
import { ordinarySentences } from './ordinary-sentences';
import { EVASIONS } from './profanity-recall';

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

const sentences = ordinarySentences();
const verdicts = sentences.map((sentence) => ({ sentence, verdict: judgeProfanity(sentence) }));
const refused = verdicts.filter(({ verdict }) => verdict.kind === 'refuse');
const masked = verdicts.filter(({ verdict }) => verdict.kind === 'mask');
const falsePositives = refused.length + masked.length;

const caught = EVASIONS.filter(([text]) => judgeProfanity(text).kind === 'refuse');
const ordinary = new Set<string>(ORDINARY_HERE);
const entries = (badWordsConfig as { badWords: string[] }).badWords.filter((entry) => !ordinary.has(entry));
const entriesRefused = entries.filter((entry) => judgeProfanity(entry).kind === 'refuse');

console.log(`precision corpus: ${sentences.length} ordinary sentences`);
console.log(`  false positives: ${falsePositives} (refused ${refused.length}, masked ${masked.length})`);
console.log(`  accepted as written: ${percent(sentences.length - falsePositives, sentences.length)}`);
for (const { sentence, verdict } of [...refused, ...masked]) console.log(`  ${verdict.kind}: ${sentence}`);
console.log(
  `recall suite: ${caught.length} of ${EVASIONS.length} evasions refused (${percent(caught.length, EVASIONS.length)})`,
);
for (const [text, how] of EVASIONS.filter((evasion) => !caught.includes(evasion)))
  console.log(`  missed: ${JSON.stringify(text)} (${how})`);
console.log(
  `list entries: ${entriesRefused.length} of ${entries.length} refused as written (${percent(entriesRefused.length, entries.length)}); missed: ${entries
    .filter((entry) => !entriesRefused.includes(entry))
    .join(' ')}`,
);
