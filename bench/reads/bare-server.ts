/**
 * The yardstick of `npm run bench:reads`: a bare Node `http` server answering each benchmarked path with
 * the bytes the site gave for it (content type and body, read once from ROUTES_FILE), nothing else.
 * Prints its port on stdout once listening.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Answer {
  contentType: string;
  /** base64 of the body */
  body: string;
}

const answers = new Map<string, { contentType: string; body: Buffer }>(
  Object.entries(
    JSON.parse(fs.readFileSync(process.env.ROUTES_FILE ?? '', 'utf8')) as Record<string, Answer>,
  ).map(([route, answer]) => [
    route,
    { contentType: answer.contentType, body: Buffer.from(answer.body, 'base64') },
  ]),
);

const server = http.createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
