import { createHash } from 'node:crypto';
import { CATEGORY_DEFINITIONS, type CategorySlug } from '@pulse/contracts';
import { wrapTitle } from './title-lines';

/** What a cover is drawn from; nothing else (no clock, no randomness), so the same input gives the same bytes. */
export interface CoverInput {
  articleId: string;
  title: string;
  category: CategorySlug;
}

export const COVER_WIDTH = 1920;
export const COVER_HEIGHT = 1080;
export const SITE_NAME = '펄스';
const SITE_NAME_LATIN = 'PULSE';

const MARGIN = 120;
const TITLE_SIZE = 92;
const TITLE_LINE_HEIGHT = 124;
const TITLE_MAX_LINES = 4;
const TITLE_LAST_BASELINE = 870;
// Installed Korean fonts first (fonts-noto-cjk on the server, the reader's own when the SVG is served).
const FONTS = 'Noto Sans CJK KR, Noto Sans KR, Apple SD Gothic Neo, Malgun Gothic, sans-serif';

/**
 * The fallback cover (docs/design.md §3 'image generation', off or failed): the category's colour, a pulse line
 * and rings placed by a hash of the article id, the category name, the Korean title wrapped, the site name.
 */
export function drawCover({ articleId, title, category }: CoverInput): string {
  const definition = CATEGORY_DEFINITIONS[category];
  const random = seededRandom(articleId);
  const lines = wrapTitle(
    cleanText(title) || definition.name,
    (COVER_WIDTH - 2 * MARGIN) / TITLE_SIZE,
    TITLE_MAX_LINES,
  );
  const firstBaseline = TITLE_LAST_BASELINE - (lines.length - 1) * TITLE_LINE_HEIGHT;
  const categoryLabel = escapeXml(definition.name);
  const pillWidth = Math.round(64 + 38 * labelEm(definition.name));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${definition.color}"/>`,
    `<stop offset="1" stop-color="${darken(definition.color, 0.45)}"/>`,
    '</linearGradient></defs>',
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>`,
    rings(random),
    pulseLine(random),
    `<g font-family="${FONTS}" fill="#ffffff">`,
    `<rect x="${MARGIN}" y="110" rx="32" width="${pillWidth}" height="64" fill="#ffffff" fill-opacity="0.2"/>`,
    `<text x="${MARGIN + 32}" y="155" font-size="38" font-weight="700">${categoryLabel}</text>`,
    `<text font-size="${TITLE_SIZE}" font-weight="700">`,
    ...lines.map(
      (line, index) =>
        `<tspan x="${MARGIN}" y="${firstBaseline + index * TITLE_LINE_HEIGHT}">${escapeXml(line)}</tspan>`,
    ),
    '</text>',
    `<text x="${MARGIN}" y="990" font-size="44" font-weight="700" fill-opacity="0.9">${SITE_NAME}<tspan dx="18" font-size="30" fill-opacity="0.7">${SITE_NAME_LATIN}</tspan></text>`,
    '</g>',
    '</svg>',
  ].join('\n');
}

/** Concentric-ish rings towards the top right; count, places and sizes come from the id's hash. */
function rings(random: () => number): string {
  const count = 4 + Math.floor(random() * 4);
  const circles = Array.from({ length: count }, () => {
    const cx = Math.round(1150 + random() * 700);
    const cy = Math.round(random() * 600);
    const r = Math.round(80 + random() * 320);
    return `<circle cx="${cx}" cy="${cy}" r="${r}"/>`;
  });
  return `<g fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="4">${circles.join('')}</g>`;
}

/** A heartbeat line across the cover (the site's name), with beats where the hash puts them. */
function pulseLine(random: () => number): string {
  const baseline = 330;
  const points: string[] = [`0,${baseline}`];
  let x = 0;
  while (x < COVER_WIDTH) {
    x += 90 + Math.round(random() * 160);
    if (random() < 0.45) {
      const height = 60 + Math.round(random() * 110);
      points.push(
        `${x},${baseline}`,
        `${x + 22},${baseline - height}`,
        `${x + 48},${baseline + height * 0.6}`,
      );
      points.push(`${x + 70},${baseline}`);
      x += 70;
    } else {
      points.push(`${x},${baseline}`);
    }
  }
  return `<polyline fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6" stroke-linejoin="round" points="${points.join(' ')}"/>`;
}

/** xorshift32 seeded from SHA-256 of the id: the same id always draws the same pattern. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0) || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const labelEm = (label: string) =>
  Array.from(label).reduce((em, char) => em + (/[가-힣]/.test(char) ? 1 : 0.6), 0);

/** #rrggbb mixed towards black by `amount` (0–1). */
function darken(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - amount)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Characters XML 1.0 forbids (controls, lone surrogates, U+FFFE/F) are dropped; whitespace is collapsed. */
function cleanText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`,
  );
}
