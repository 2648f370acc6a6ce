import path from 'node:path';
import { runInNetworkNamespace } from '../../support/network-namespace';

interface Figures {
  likes: number;
  shares: number;
  views: number;
}

interface EngagementAttacks {
  free: { likes: number; shares: number };
  counted: Record<'ring' | 'fresh' | 'aged', Figures>;
  hot: Record<'ring' | 'fresh' | 'aged', number>;
  first: { firstClick: number; retried: number };
  questions: { rotatingWithoutCookie: number; rotatingWithCookie: number };
}

/**
 * Engagement played as a script would (docs/abuse/engagement.md): content, trending and community in a
 * network namespace of their own, every request from the address it names. 70 sessions per attack.
 */
describe('engagement abuse: a script can neither count without a session nor rig trending', () => {
  let result: EngagementAttacks;

  beforeAll(async () => {
    result = await runInNetworkNamespace<EngagementAttacks>({
      addresses: Array.from({ length: 8 }, (_, i) => `fd00:1:2:3::${(0x10 + i).toString(16)}/64`),
      entry: path.join(__dirname, 'engagement.scenario.ts'),
      timeoutMs: 240_000,
    });
  }, 260_000);

  it('30 likes without a reader cookie, with made-up bearers, add nothing', () => {
    expect(result.free.likes).toBe(0);
  });

  it('70 sessions from one IPv6 /64 count at most the network caps, and move the hot score by at most a tenth of 70 aged readers', () => {
    expect(result.counted.ring.likes).toBeLessThanOrEqual(10);
    expect(result.counted.ring.shares).toBeLessThanOrEqual(10);
    expect(result.counted.ring.views).toBeLessThanOrEqual(60);
    expect(result.hot.ring).toBeLessThanOrEqual(0.1 * result.hot.aged);
  });

  it('a burst of 70 brand-new sessions from 70 networks moves the hot score by at most a third of 70 aged readers', () => {
    expect(result.hot.fresh).toBeLessThanOrEqual(result.hot.aged / 3);
  });

  it('organic readers count in full: aged sessions on distinct networks, and a first-time reader’s first click', () => {
    expect(result.counted.aged).toEqual({ likes: 70, shares: 70, views: 70 });
    expect(result.hot.aged).toBeGreaterThan(100);
    expect(result.first).toEqual({ firstClick: 1, retried: 1 });
  });

  it('question views with a rotating User-Agent: none without a session, one for a session kept', () => {
    expect(result.questions).toEqual({ rotatingWithoutCookie: 0, rotatingWithCookie: 1 });
  });
});
