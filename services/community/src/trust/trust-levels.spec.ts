import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reportWeight, TRUST_RULES, trustLevelOf } from './trust-levels';

const NOW = Date.parse('2026-05-01T00:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const subject = (
  ageDays: number,
  endorsers = 0,
  acceptedAnswers = 0,
  suspendedUntil: string | null = null,
) => ({
  createdAt: new Date(NOW - ageDays * DAY_MS).toISOString(),
  suspendedUntil,
  trust: { endorsers, acceptedAnswers },
});

describe('trust levels as a function of age and endorsement', () => {
  it.each([
    [0, 50, 50, 'new'],
    [0.99, 0, 0, 'new'],
    [1, 0, 0, 'basic'],
    [6.9, 3, 0, 'basic'],
    [7, 2, 0, 'basic'],
    [7, 3, 0, 'member'],
    [365, 9, 10, 'member'],
    [29, 10, 3, 'member'],
    [30, 10, 2, 'member'],
    [30, 10, 3, 'regular'],
  ])('age %s days, %s endorsers, %s accepted answers: %s', (age, endorsers, accepted, level) => {
    expect(trustLevelOf(subject(age, endorsers, accepted), NOW)).toBe(level);
  });

  it('reads an identity with no tally by age alone, and a suspended one as new', () => {
    expect(trustLevelOf({ createdAt: subject(40).createdAt, suspendedUntil: null }, NOW)).toBe('basic');
    const suspended = subject(40, 20, 5, new Date(NOW + DAY_MS).toISOString());
    expect(trustLevelOf(suspended, NOW)).toBe('new');
    expect(trustLevelOf(suspended, NOW + 2 * DAY_MS)).toBe('regular');
  });

  it('counts the heaviest reporter of each network, and no new one', () => {
    const { total, counted } = reportWeight([
      { identityId: 'a', network: 'n1', weight: 1 },
      { identityId: 'b', network: 'n1', weight: 2 },
      { identityId: 'c', network: 'n1', weight: 1 },
      { identityId: 'd', network: 'n2', weight: 0 },
      { identityId: 'e', network: 'n3', weight: 1 },
    ]);
    expect(total).toBe(3);
    expect([...counted].sort()).toEqual(['b', 'e']);
    expect(
      reportWeight(
        Array.from({ length: 50 }, (_, i) => ({ identityId: `x${i}`, network: `n${i}`, weight: 0 })),
      ).total,
    ).toBe(0);
  });

  it('is the table docs/abuse/trust-levels.md prints', () => {
    const doc = readFileSync(path.join(__dirname, '../../../../docs/abuse/trust-levels.md'), 'utf8');
    const rows = doc
      .split('\n')
      .filter((line) => /^\| `(new|basic|member|regular)` +\| +\d/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(
      TRUST_RULES.map((rule) => [
        `\`${rule.level}\``,
        String(rule.minAgeDays),
        String(rule.minEndorsers),
        String(rule.minAcceptedAnswers),
        String(rule.reportWeight),
        rule.linksClickable ? 'yes' : 'no',
      ]),
    );
  });
});
