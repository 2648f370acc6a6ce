import sharp from 'sharp';
import { drawCover } from './cover.svg';
import { emWidth, wrapTitle } from './title-lines';

const input = { articleId: 'art-0001', title: '오픈AI, 새로운 추론 모델 공개', category: 'gen-ai' as const };

describe('wrapTitle', () => {
  it('keeps a short title on one line', () => {
    expect(wrapTitle('오픈AI 새 모델', 18, 4)).toEqual(['오픈AI 새 모델']);
  });

  it('breaks between words, each line within the width', () => {
    const lines = wrapTitle(
      '비트코인 현물 ETF 순유입 사상 최대, 이더리움 스테이킹 ETF 승인 기대감 확산',
      10,
      4,
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(
      '비트코인 현물 ETF 순유입 사상 최대, 이더리움 스테이킹 ETF 승인 기대감 확산',
    );
    for (const line of lines) expect(emWidth(line)).toBeLessThanOrEqual(10);
  });

  it('cuts a word wider than a line between characters', () => {
    expect(wrapTitle('가나다라마바사아자차', 4, 4)).toEqual(['가나다라', '마바사아', '자차']);
  });

  it('ends with an ellipsis when the title needs more lines than allowed', () => {
    const lines = wrapTitle('하나 둘 셋 넷 다섯 여섯 일곱 여덟 아홉 열', 4, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(emWidth(lines[1])).toBeLessThanOrEqual(4);
  });
});

describe('drawCover', () => {
  it('is deterministic: the same input gives the same SVG, another id another pattern', () => {
    expect(drawCover(input)).toBe(drawCover({ ...input }));
    expect(drawCover({ ...input, articleId: 'art-0002' })).not.toBe(drawCover(input));
  });

  it('shows the title, the category name and colour, and the site name', () => {
    const svg = drawCover({ ...input, category: 'blockchain' });
    expect(svg).toContain('오픈AI, 새로운 추론 모델 공개');
    expect(svg).toContain('블록체인');
    expect(svg).toContain('#2563eb');
    expect(svg).toContain('펄스');
  });

  it('escapes markup and drops characters XML forbids, so the SVG always parses', async () => {
    const svg = drawCover({ ...input, title: 'A & B <svg onload="x"> \u0001\ud800 \'끝\'' });
    expect(svg).toContain('A &amp; B &lt;svg onload=&quot;x&quot;&gt; &apos;끝&apos;');
    expect(svg).not.toMatch(/[\u0001\ud800]/);
    await expect(sharp(Buffer.from(svg)).metadata()).resolves.toMatchObject({ width: 1920, height: 1080 });
  });

  it('falls back to the category name for an empty title', () => {
    expect(drawCover({ ...input, title: ' \u0000 ' })).toMatch(/<tspan[^>]*>생성형 AI<\/tspan>/);
  });
});
