/**
 * Breaks a title into lines for the cover. There is no text measurement at drawing time (the SVG may be
 * rendered by a browser with another font), so widths are estimated in em per character, erring wide:
 * a Hangul syllable is a full em, Latin letters a little over half.
 */

const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
const NARROW = /[\s.,:;'"!|ilI()[\]·-]/u;

export function emWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (WIDE.test(char)) width += 1;
    else if (NARROW.test(char)) width += 0.32;
    else if (/[A-Z0-9@%&WM]/.test(char)) width += 0.68;
    else width += 0.56;
  }
  return width;
}

/**
 * Greedy word wrap within `maxEm` per line and at most `maxLines` lines; a word wider than a line is
 * cut between characters, and text that does not fit ends the last line with '…'.
 */
export function wrapTitle(title: string, maxEm: number, maxLines: number): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words.flatMap((w) => splitLongWord(w, maxEm))) {
    const candidate = current ? `${current} ${word}` : word;
    if (emWidth(candidate) <= maxEm) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1], maxEm);
  return kept;
}

function splitLongWord(word: string, maxEm: number): string[] {
  if (emWidth(word) <= maxEm) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && emWidth(piece + char) > maxEm) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

function withEllipsis(line: string, maxEm: number): string {
  const chars = Array.from(line);
  while (chars.length && emWidth(`${chars.join('')}…`) > maxEm) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}
