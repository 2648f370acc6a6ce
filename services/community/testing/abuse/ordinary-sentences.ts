import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The precision corpus (ordinary-sentences.ko.txt): one sentence a line, '#' lines are comments. */
export function ordinarySentences(): string[] {
  return readFileSync(path.join(__dirname, 'ordinary-sentences.ko.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}
