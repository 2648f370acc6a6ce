import type { FastifyRequest } from 'fastify';
import { clientIp } from './client-ip';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as FastifyRequest;

describe('clientIp', () => {
  it('is the connection peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientIp(request('10.1.1.1', '6.6.6.6'), 0)).toBe('10.1.1.1');
  });

  it('takes the address the nearest trusted proxy saw, not what the client wrote before it', () => {
    // client wrote 6.6.6.6; the ingress appended the real client 203.0.113.7.
    expect(clientIp(request('10.0.0.2', '6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7');
    // CDN → ingress → gateway: the CDN saw the client, the ingress saw the CDN.
    expect(clientIp(request('10.0.0.2', '6.6.6.6, 203.0.113.7, 198.51.100.1'), 2)).toBe('203.0.113.7');
  });

  it('falls back to the peer when a trusted proxy sent no header', () => {
    expect(clientIp(request('10.0.0.2'), 1)).toBe('10.0.0.2');
  });
});
