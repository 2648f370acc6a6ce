import { TRUST_LEVELS, type TrustLevel } from '@pulse/contracts';

/**
 * What others gave an identity, kept on its record by TrustService: the inputs of its level besides age.
 * Both count only what identities at 'basic' or above gave, never the identity itself.
 */
export interface TrustTally {
  /**
   * Distinct endorsers: identities that upvoted one of its posts or accepted one of its answers, counted
   * as the smaller of distinct identities and distinct networks, so one person's nicknames count once.
   */
  endorsers: number;
  /** Its answers accepted on other identities' questions. */
  acceptedAnswers: number;
}

export interface TrustRule {
  level: TrustLevel;
  /** Days since the nickname was made. */
  minAgeDays: number;
  minEndorsers: number;
  minAcceptedAnswers: number;
  /** What one report from this level adds toward holding a post. */
  reportWeight: number;
  /** Whether links in this level's posts are clickable. */
  linksClickable: boolean;
}

/**
 * The trust table (docs/abuse/trust-levels.md prints it; trust-levels.spec.ts checks the two agree).
 * Age is what a script cannot hurry; endorsement is what it cannot give itself. Volume (posts, votes
 * cast) earns nothing, so flooding the site raises no level.
 */
export const TRUST_RULES: readonly TrustRule[] = [
  {
    level: 'new',
    minAgeDays: 0,
    minEndorsers: 0,
    minAcceptedAnswers: 0,
    reportWeight: 0,
    linksClickable: false,
  },
  {
    level: 'basic',
    minAgeDays: 1,
    minEndorsers: 0,
    minAcceptedAnswers: 0,
    reportWeight: 1,
    linksClickable: true,
  },
  {
    level: 'member',
    minAgeDays: 7,
    minEndorsers: 3,
    minAcceptedAnswers: 0,
    reportWeight: 2,
    linksClickable: true,
  },
  {
    level: 'regular',
    minAgeDays: 30,
    minEndorsers: 10,
    minAcceptedAnswers: 3,
    reportWeight: 3,
    linksClickable: true,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const RULE_OF = new Map(TRUST_RULES.map((rule) => [rule.level, rule]));
export const EMPTY_TALLY: TrustTally = { endorsers: 0, acceptedAnswers: 0 };

/** What trustLevelOf reads of an identity (its record has these fields). */
export interface TrustSubject {
  createdAt: string;
  suspendedUntil: string | null;
  trust?: TrustTally;
}

/**
 * An identity's level at `now`: the highest rule it meets. Computed on read from the record alone (age
 * moves on by itself, so a stored level would go stale), which costs nothing beyond reading the identity.
 * A suspended identity is 'new' while the suspension lasts.
 */
export function trustLevelOf(subject: TrustSubject, now: number): TrustLevel {
  const { suspendedUntil } = subject;
  if (suspendedUntil && Date.parse(suspendedUntil) > now) return 'new';
  const ageDays = (now - Date.parse(subject.createdAt)) / DAY_MS;
  const tally = subject.trust ?? EMPTY_TALLY;
  let level: TrustLevel = 'new';
  for (const rule of TRUST_RULES)
    if (
      ageDays >= rule.minAgeDays &&
      tally.endorsers >= rule.minEndorsers &&
      tally.acceptedAnswers >= rule.minAcceptedAnswers
    )
      level = rule.level;
  return level;
}

export const ruleOf = (level: TrustLevel): TrustRule => RULE_OF.get(level) ?? TRUST_RULES[0];

/** Whether `level` is at least `floor` (the levels are ordered new < basic < member < regular). */
export const atLeast = (level: TrustLevel, floor: TrustLevel): boolean =>
  TRUST_LEVELS.indexOf(level) >= TRUST_LEVELS.indexOf(floor);

/** One report as holding weighs it: the reporter's level's weight, and the network it came from. */
export interface WeighedReport {
  identityId: string;
  network: string;
  weight: number;
}

/**
 * The weight the reports hold a post with, and which reports counted: from each network only its
 * heaviest reporter counts, so nicknames made on one address (or one IPv6 /64) add nothing to each other.
 */
export function reportWeight(reports: readonly WeighedReport[]): { total: number; counted: Set<string> } {
  const heaviest = new Map<string, WeighedReport>();
  for (const report of reports) {
    const held = heaviest.get(report.network);
    if (report.weight > 0 && (!held || report.weight > held.weight)) heaviest.set(report.network, report);
  }
  const counted = new Set([...heaviest.values()].map((report) => report.identityId));
  let total = 0;
  for (const report of heaviest.values()) total += report.weight;
  return { total, counted };
}
