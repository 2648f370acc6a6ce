import type { StaffActionView } from '@pulse/contracts';

/** Korean names of the actions routes name themselves (@AuditAction); others show their method and path. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'source.create': '소스 추가',
  'source.update': '소스 수정',
  'source.delete': '소스 삭제',
  'source.pause': '소스 일시 중지',
  'source.resume': '소스 재개',
  'identity.suspend': '닉네임 정지',
  'identity.reinstate': '닉네임 정지 해제',
  'question.hide': '질문 숨김',
  'question.restore': '질문 복원',
  'answer.hide': '답변 숨김',
  'answer.restore': '답변 복원',
  'contact.handled': '독자 문의 처리 완료',
  'insight.publish': '인사이트 게시',
  'insight.withdraw': '인사이트 게시 중단',
  'tech-analysis.publish': '기술 분석 게시',
  'tech-analysis.withdraw': '기술 분석 게시 중단',
  'edition.send': '뉴스레터 발송',
  'edition.test-send': '뉴스레터 시험 발송',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

/** The outcome in words: the status code alone says little to an editor. */
export function outcomeLabel(status: number): string {
  if (status < 400) return '완료';
  if (status === 401 || status === 403) return '거부됨 (권한 없음)';
  if (status === 404) return '대상 없음';
  if (status < 500) return '거부됨';
  return '실패';
}

export interface ChangedField {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown): string =>
  value === undefined
    ? '(없음)'
    : value === null
      ? '없음'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);

/**
 * The fields a change altered, each before and after. Both sides are usually whole views of the thing
 * (a source with its health), so only what differs is worth reading; a non-object side is shown whole.
 */
export function changedFields(change: NonNullable<StaffActionView['change']>): ChangedField[] {
  const { before, after } = change;
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(before) || !isRecord(after))
    return [{ field: '값', before: shown(before), after: shown(after) }];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }));
}

/** A Seoul calendar day ('2026-03-02') as the ISO instant it starts at; the screen's times are Seoul's. */
export const seoulDayStart = (day: string, plusDays = 0): string =>
  new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000).toISOString();
