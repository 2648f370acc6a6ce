import { stripParticles } from './particles';

describe('stripParticles', () => {
  it.each([
    ['블록체인의', '블록체인'],
    ['블록체인은', '블록체인'],
    ['블록체인이', '블록체인'],
    ['블록체인을', '블록체인'],
    ['블록체인에서', '블록체인'],
    ['블록체인으로', '블록체인'],
    ['블록체인으로부터', '블록체인'],
    ['마이크로소프트로부터', '마이크로소프트'],
    ['시장에서는', '시장'],
    ['투자했다', '투자'],
    ['공개한', '공개'],
    ['출시된', '출시'],
  ])('%s → %s', (word, stem) => {
    expect(stripParticles(word)[0]).toBe(stem);
  });

  it('strips a particle after a plural suffix in two passes', () => {
    expect(stripParticles('개발자들에게')).toEqual(['개발자들', '개발자']);
  });

  it('leaves a word without a known ending alone', () => {
    expect(stripParticles('블록체인')).toEqual([]);
    expect(stripParticles('인공지능')).toEqual([]);
  });

  it('never strips a word down to nothing', () => {
    expect(stripParticles('의')).toEqual([]);
    expect(stripParticles('에서')).toEqual([]);
  });
});
