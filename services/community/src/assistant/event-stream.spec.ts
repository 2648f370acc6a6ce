import type { Readable } from 'node:stream';
import type { ChatStreamEvent } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import type { FastifyReply } from 'fastify';
import { eventStream, KEEP_ALIVE_MS } from './event-stream';

const KEEP_ALIVE = ': keep-alive\n\n';
const reply = { header: () => reply } as unknown as FastifyReply;

const start = { type: 'start' } as ChatStreamEvent;
const delta = (text: string) => ({ type: 'delta', text }) as ChatStreamEvent;
const frameOf = (event: ChatStreamEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** A promise the test settles: the source waits on it as it would on the model's next word. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function readAll(body: Readable): Promise<string[]> {
  const frames: string[] = [];
  for await (const frame of body) frames.push(String(frame));
  return frames;
}

/** Frames as they arrive, without ending the stream. */
function collect(body: Readable): string[] {
  const frames: string[] = [];
  body.on('data', (frame) => frames.push(String(frame)));
  return frames;
}

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

// Under jest's own 5 s test timeout, so a failure reads as this assertion, not as a timeout.
const soon = { timeoutMs: 2_000 };

describe('assistant event stream: keep-alive comments while the answer is slow to come', () => {
  it('sends `: keep-alive` while no event comes, then the events in order, and ends', async () => {
    // The model's words come when the test opens each gate: after it has seen a keep-alive in each silence.
    const firstWord = gate();
    const nextWord = gate();
    async function* slow(): AsyncGenerator<ChatStreamEvent> {
      await firstWord.opened;
      yield start;
      await nextWord.opened;
      yield delta('안녕');
      yield delta('하세요');
    }

    const body = eventStream(reply, slow(), 20);
    const ended = new Promise((resolve) => body.once('end', resolve));
    const frames = collect(body);
    await eventually(() => expect(frames).toContain(KEEP_ALIVE), soon);
    firstWord.open();
    await eventually(() => {
      expect(frames).toContain(frameOf(start));
      expect(frames.slice(frames.indexOf(frameOf(start)) + 1)).toContain(KEEP_ALIVE);
    }, soon);
    nextWord.open();
    await ended;

    expect(frames.indexOf(KEEP_ALIVE)).toBe(0);
    const between = frames.slice(frames.indexOf(frameOf(start)) + 1, frames.indexOf(frameOf(delta('안녕'))));
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((frame) => frame === KEEP_ALIVE)).toBe(true);
    expect(frames.filter((frame) => frame !== KEEP_ALIVE)).toEqual(
      [start, delta('안녕'), delta('하세요')].map(frameOf),
    );
  });

  it('with the default interval (well under the gateway 15 s) sends nothing extra when events come in time', async () => {
    async function* quick(): AsyncGenerator<ChatStreamEvent> {
      yield start;
      yield delta('바로');
    }
    expect(KEEP_ALIVE_MS).toBeLessThan(15_000);
    expect(await readAll(eventStream(reply, quick()))).toEqual([start, delta('바로')].map(frameOf));
  });

  it('tells a failing source as the error frame and ends', async () => {
    async function* failing(): AsyncGenerator<ChatStreamEvent> {
      yield start;
      throw new Error('model went away');
    }

    const frames = await readAll(eventStream(reply, failing(), 20));

    expect(frames.filter((frame) => frame !== KEEP_ALIVE)).toEqual([
      frameOf(start),
      `event: error\ndata: ${JSON.stringify({ type: 'error', message: '답변 중 문제가 생겼습니다. 다시 시도해주세요.' })}\n\n`,
    ]);
  });

  it('closes the source when the reader leaves while keep-alives are flowing', async () => {
    const nextWord = gate();
    const seen: string[] = [];
    async function* waiting(): AsyncGenerator<ChatStreamEvent> {
      try {
        yield start;
        await nextWord.opened;
        yield delta('늦은 답');
        seen.push('end');
      } finally {
        seen.push('closed');
      }
    }

    const body = eventStream(reply, waiting(), 20);
    const frames = collect(body);
    await eventually(() => expect(frames.slice(1)).toContain(KEEP_ALIVE), soon);
    body.destroy();
    // What the aborted model call does for the real source: its pending word settles.
    nextWord.open();

    await eventually(() => expect(seen).toEqual(['closed']), soon);
  });

  it('leaves no timer behind, whether the stream ends or the reader leaves', async () => {
    const before = timers();
    async function* quick(): AsyncGenerator<ChatStreamEvent> {
      yield start;
      yield delta('바로');
    }
    await readAll(eventStream(reply, quick(), 60_000));
    expect(timers()).toBeLessThanOrEqual(before);

    const nextWord = gate();
    let closed = false;
    async function* waiting(): AsyncGenerator<ChatStreamEvent> {
      try {
        yield start;
        await nextWord.opened;
        yield delta('늦은 답');
      } finally {
        closed = true;
      }
    }
    const body = eventStream(reply, waiting(), 60_000);
    const frames = collect(body);
    await eventually(() => expect(frames).toEqual([frameOf(start)]), soon);
    body.destroy();
    nextWord.open();

    await eventually(() => expect(closed).toBe(true), soon);
    // At most: a timer of another test's that ran out meanwhile is no concern of this one.
    await eventually(() => expect(timers()).toBeLessThanOrEqual(before), soon);
  });
});
