import { VerifiedStaffSessions } from './verified-staff-sessions';

describe('the staff cookies newsroom lately answered for', () => {
  let now: number;
  let sessions: VerifiedStaffSessions;
  beforeEach(() => {
    now = Date.parse('2026-03-02T00:00:00.000Z');
    sessions = new VerifiedStaffSessions(() => now);
  });

  it('knows nothing of a cookie newsroom never answered for', () => {
    expect(sessions.accountOf('made-up')).toBeUndefined();
  });

  it('names the account for a minute after each answer, and no longer', () => {
    sessions.verified('token-1', 'acc-1');
    now += 59_999;
    expect(sessions.accountOf('token-1')).toBe('acc-1');
    // Answered again: the minute starts over.
    sessions.verified('token-1', 'acc-1');
    now += 59_999;
    expect(sessions.accountOf('token-1')).toBe('acc-1');
    now += 1;
    expect(sessions.accountOf('token-1')).toBeUndefined();
  });

  it('forgets a cookie at once when newsroom no longer answers for it', () => {
    sessions.verified('token-1', 'acc-1');
    sessions.verified('token-2', 'acc-1');
    sessions.refused('token-1');
    expect(sessions.accountOf('token-1')).toBeUndefined();
    expect(sessions.accountOf('token-2')).toBe('acc-1');
  });

  it('keeps at most 10,000 cookies, dropping the oldest first', () => {
    for (let i = 0; i < 10_001; i++) sessions.verified(`token-${i}`, `acc-${i}`);
    expect(sessions.accountOf('token-0')).toBeUndefined();
    expect(sessions.accountOf('token-1')).toBe('acc-1');
    expect(sessions.accountOf('token-10000')).toBe('acc-10000');
  });
});
