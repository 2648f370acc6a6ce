/**
 * What deciding a request's rate-limit identity costs the gateway (gateway/src/edge/rate-limit-identity.ts),
 * per kind of credential a script can send: none, a made-up bearer, a forged community token (right
 * shape, wrong key), and a member's well-signed one. Every request pays it before its bucket is counted,
 * refused ones included, so what a script can send at will must stay cheap.
 *
 *   node -r @swc-node/register bench/edges/identity-cost.ts [iterations=20000]
 *
 * One process, no I/O; run it on an idle machine.
 */
import { RateIdentityResolver } from '@pulse/gateway/src/edge/rate-limit-identity';
import { communityToken } from '@pulse/gateway/testing/community-token';

const ITERATIONS = Number(process.argv[2] ?? 20_000);

async function main() {
  const secret = 'bench-community-secret-of-enough-length';
  const resolver = new RateIdentityResolver({
    adminToken: 'bench-admin-token-0123456789',
    communityTokenSecret: secret,
  });
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const cases = [
    ['no credential', { headers: {} }],
    ['made-up bearer', bearer('made-up-token-value-0123456789')],
    ['forged community token', bearer(await communityToken('another-key-of-enough-length-0123456789', 'x'))],
    ['member token', bearer(await communityToken(secret, 'member'))],
  ] as const;
  for (const [name, request] of cases) {
    for (let i = 0; i < 2_000; i++) await resolver.resolve(request);
    const started = process.hrtime.bigint();
    for (let i = 0; i < ITERATIONS; i++) await resolver.resolve(request);
    const microseconds = Number(process.hrtime.bigint() - started) / 1_000 / ITERATIONS;
    process.stdout.write(`${name}: ${microseconds.toFixed(2)} µs per request\n`);
  }
}

void main();
