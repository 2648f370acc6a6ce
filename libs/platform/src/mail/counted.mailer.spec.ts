import { MailDeliveryError } from './mail.errors';
import type { Mailer, MailMessage } from './mail.port';
import { CountedMailer } from './counted.mailer';
import { pulseMetrics } from '../observability/metrics';

const message: MailMessage = { to: 'reader@example.kr', subject: '펄스', text: '본문' };

/** An adapter that answers each send with the next scripted result. */
function scripted(results: Array<'ok' | MailDeliveryError>): Mailer {
  return {
    adapterName: 'scripted',
    check: async () => ({ ok: true }),
    close: async () => undefined,
    send: async () => {
      const next = results.shift();
      if (next === undefined || next === 'ok') return { messageId: '<m@pulse>' };
      throw next;
    },
  };
}

describe('CountedMailer', () => {
  it('counts accepted, refused for good and deferred sends, and passes results and errors through', async () => {
    const add = jest.spyOn(pulseMetrics().mailDeliveries, 'add');
    const refusal = new MailDeliveryError('550 no such user', true, 550);
    const deferral = new MailDeliveryError('451 try later', false, 451);
    const mailer = new CountedMailer(scripted(['ok', refusal, deferral]));

    await expect(mailer.send(message)).resolves.toEqual({ messageId: '<m@pulse>' });
    await expect(mailer.send(message)).rejects.toBe(refusal);
    await expect(mailer.send(message)).rejects.toBe(deferral);

    expect(add.mock.calls).toEqual([
      [1, { 'pulse.mail.outcome': 'accepted' }],
      [1, { 'pulse.mail.outcome': 'refused' }],
      [1, { 'pulse.mail.outcome': 'deferred' }],
    ]);
    expect(mailer.adapterName).toBe('scripted');
    await expect(mailer.check()).resolves.toEqual({ ok: true });
  });
});
