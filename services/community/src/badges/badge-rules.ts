import type { BadgeRule } from '@pulse/contracts';

/**
 * A metric the badge rules count, each fed by one event (badges.handler.ts). 'answers' and 'accepted'
 * count only answers on other identities' questions; 'accepted' counts questions, not answers, so an
 * accept moved between one author's answers to one question counts once.
 */
export type BadgeMetric = 'questions' | 'answers' | 'accepted';

export interface AchievementRule extends BadgeRule {
  metric: BadgeMetric;
  /** Awarded when the metric reaches this many distinct posts. */
  threshold: number;
}

/**
 * The badge catalogue (services/community/README.md 'Badges'; GET /api/community/badges). Achievement and activity
 * badges follow from the community's own events; the expert badge is granted by an admin.
 */
export const ACHIEVEMENT_RULES: readonly AchievementRule[] = [
  {
    id: 'first-question',
    name: '첫 질문',
    description: '커뮤니티에 첫 질문을 올렸습니다.',
    icon: '❓',
    color: 'blue',
    type: 'achievement',
    rule: '질문을 1개 올리면 받습니다.',
    metric: 'questions',
    threshold: 1,
  },
  {
    id: 'first-answer',
    name: '첫 답변',
    description: '다른 사람의 질문에 처음 답변했습니다.',
    icon: '💬',
    color: 'green',
    type: 'achievement',
    rule: '다른 사람의 질문에 답변을 1개 달면 받습니다.',
    metric: 'answers',
    threshold: 1,
  },
  {
    id: 'accepted-answer',
    name: '채택된 답변',
    description: '답변이 처음으로 채택되었습니다.',
    icon: '✅',
    color: 'purple',
    type: 'achievement',
    rule: '다른 사람의 질문에 단 내 답변이 1번 채택되면 받습니다.',
    metric: 'accepted',
    threshold: 1,
  },
  {
    id: 'problem-solver',
    name: '해결사',
    description: '답변 5개가 채택되었습니다.',
    icon: '🛠️',
    color: 'orange',
    type: 'achievement',
    rule: '다른 사람의 서로 다른 질문 5개에서 내 답변이 채택되면 받습니다.',
    metric: 'accepted',
    threshold: 5,
  },
  {
    id: 'curious',
    name: '호기심 천국',
    description: '질문 10개를 올렸습니다.',
    icon: '🔍',
    color: 'yellow',
    type: 'activity',
    rule: '질문을 10개 올리면 받습니다.',
    metric: 'questions',
    threshold: 10,
  },
  {
    id: 'helper',
    name: '열혈 답변러',
    description: '다른 사람의 질문에 답변 10개를 달았습니다.',
    icon: '🔥',
    color: 'red',
    type: 'activity',
    rule: '다른 사람의 질문에 답변을 10개 달면 받습니다.',
    metric: 'answers',
    threshold: 10,
  },
];

export const EXPERT_BADGE: BadgeRule = {
  id: 'expert',
  name: '전문가',
  description: '운영자가 인정한 분야 전문가입니다.',
  icon: '🎓',
  color: 'gray',
  type: 'role',
  rule: '운영자가 부여합니다.',
};

export const BADGE_RULES: readonly BadgeRule[] = [
  ...ACHIEVEMENT_RULES.map(({ metric: _metric, threshold: _threshold, ...rule }) => rule),
  EXPERT_BADGE,
];
export const BADGE_BY_ID = new Map(BADGE_RULES.map((rule) => [rule.id, rule]));
