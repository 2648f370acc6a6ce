import { renderHighlight } from '../search.highlight';
import { findSpans, type Needles } from './highlighter';

const needles = (partial: Partial<Needles>): Needles => ({
  substrings: new Set(),
  hangulWords: new Set(),
  choseong: new Set(),
  terms: new Set(),
  ...partial,
});
const mark = (text: string, n: Needles) => renderHighlight(text, findSpans(text, n));

describe('findSpans', () => {
  it('marks the noun and leaves its particle outside', () => {
    expect(mark('블록체인의 미래', needles({ substrings: new Set(['블록체인']) }))).toBe(
      '<mark>블록체인</mark>의 미래',
    );
  });

  it('marks a noun inside a compound', () => {
    expect(mark('생성형인공지능 시장', needles({ substrings: new Set(['인공지능']) }))).toBe(
      '생성형<mark>인공지능</mark> 시장',
    );
  });

  it('marks the syllables whose 초성 were typed', () => {
    expect(mark('블록체인의 미래', needles({ choseong: new Set(['ㅂㄹㅊㅇ']) }))).toBe(
      '<mark>블록체인</mark>의 미래',
    );
  });

  it('marks whole Latin words case-insensitively, including typo matches', () => {
    expect(mark('Ethereum과 ETH', needles({ terms: new Set(['ethereum']) }))).toBe(
      '<mark>Ethereum</mark>과 ETH',
    );
  });

  it('marks a one-syllable word only where the word itself is that syllable', () => {
    expect(mark('칩을 만든 칩셋', needles({ hangulWords: new Set(['칩']) }))).toBe(
      '<mark>칩</mark>을 만든 칩셋',
    );
  });
});
