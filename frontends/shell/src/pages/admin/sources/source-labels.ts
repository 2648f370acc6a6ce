import type {
  IngestionErrorCategory,
  IngestionRun,
  IngestionSourceStatus,
  SourceWebSubState,
} from '@pulse/contracts';

export const STATUS_LABELS: Readonly<Record<IngestionSourceStatus, string>> = {
  active: '수집 중',
  paused: '일시 중지됨',
  failing: '실패 중',
};

export const WEBSUB_LABELS: Readonly<Record<SourceWebSubState, string>> = {
  pending: '허브 확인 대기',
  subscribed: '구독 중 (실시간 알림)',
  failed: '구독 실패 (주기 확인만)',
  lapsed: '구독 만료 (주기 확인만)',
};

export const ERROR_LABELS: Readonly<Record<IngestionErrorCategory, string>> = {
  timeout: '응답 시간 초과',
  dns: '주소를 찾지 못함 (DNS)',
  tls: '인증서·TLS 오류',
  connection: '연결 실패',
  'http-4xx': '요청 거부 (4xx)',
  'http-5xx': '소스 서버 오류 (5xx)',
  'http-other': '예상하지 못한 응답',
  'too-large': '문서가 너무 큼',
  'too-many-redirects': '리디렉션이 너무 많음',
  'blocked-address': '허용되지 않는 주소 (내부망)',
  'bad-url': '가져올 수 없는 URL',
  decode: '본문을 해석하지 못함',
  internal: '서비스 내부 오류',
  unknown: '알 수 없는 오류',
};

export const OUTCOME_LABELS: Readonly<Record<IngestionRun['outcome'], string>> = {
  ok: '성공',
  'not-modified': '변경 없음',
  failed: '실패',
};

export const TRIGGER_LABELS: Readonly<Record<IngestionRun['trigger'], string>> = {
  schedule: '예약',
  manual: '수동',
  push: '실시간 알림',
};

/** A run's counts as one line: '새 기사 3 · 합쳐짐 1 · 중복 0 · 제외 0'. */
export const runCounts = (run: IngestionRun): string =>
  `새 기사 ${run.itemsNew} · 합쳐짐 ${run.itemsJoined} · 중복 ${run.itemsDuplicate} · 제외 ${run.itemsRejected}`;
