/**
 * Strips Korean particles (조사) and the commonest verb endings (어미) after a noun, so '블록체인의',
 * '블록체인은', '블록체인에서' and '블록체인으로' all reach '블록체인', and '투자했다' reaches '투자'.
 *
 * This is suffix stripping, not morphological analysis: it can over-strip ('사과' → '사'). The analyser
 * therefore always keeps the surface form beside the stems and the query side accepts either, so an
 * over-stripped stem only adds a weak extra match and never loses the word itself.
 */

// Written as space-separated lists so each group reads on a few lines.
const PARTICLES = [
  // case and topic particles
  '은 는 이 가 을 를 의 에 도 만 와 과 로 으로 께서 에서 에게 한테 까지 부터 보다 처럼 마다 조차 마저 밖에',
  '이랑 랑 하고 이나 이며 이든 든지 이란 란 라는 이라는 라고 이라고 라면 이라면 이지만',
  // particles stacked on particles
  '에는 에도 에의 와의 과의 로서 로써 로는 로도 로의 으로서 으로써 으로는 으로도 으로의 에서는 에서도 에서의',
  '에서만 에게는 에게도 에게서 한테서 까지는 까지도 부터는 로부터 으로부터 에서부터',
  // copula after a noun
  '이다 입니다 이었다 였다',
  // plural suffix, stripped on a second pass: '개발자들에게' → '개발자들' → '개발자'
  '들',
].flatMap((group) => group.split(' '));

// 하다/되다/시키다 verbs built on a noun: '발표했다', '투자하는', '출시된' → the noun.
const ENDINGS = [
  '하다 한다 했다 합니다 했습니다 하였다 하는 하며 하고 하여 해서 했던 하기 하자 하면 하면서 하는데 한다고 했다고',
  '할 한 함 된다 됐다 되었다 됩니다 되는 되어 되며 되고 된 될 시킨 시키는 시켰다',
].flatMap((group) => group.split(' '));

const SUFFIXES = new Set([...PARTICLES, ...ENDINGS]);
const LONGEST_SUFFIX = Math.max(...[...SUFFIXES].map((suffix) => suffix.length));
const MAX_PASSES = 2;

/**
 * The stems of a Hangul word, most stripped last; empty when nothing is stripped. Each pass removes the
 * longest known suffix (so '블록체인으로' loses '으로', not just '로') that leaves at least one syllable.
 */
export function stripParticles(word: string): string[] {
  const stems: string[] = [];
  let current = word;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let stripped = false;
    for (let length = Math.min(LONGEST_SUFFIX, current.length - 1); length >= 1 && !stripped; length -= 1) {
      if (!SUFFIXES.has(current.slice(-length))) continue;
      current = current.slice(0, -length);
      stems.push(current);
      stripped = true;
    }
    if (!stripped) break;
  }
  return stems;
}
