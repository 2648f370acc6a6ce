import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deadLetterTopic } from '@pulse/contracts';
import type { EventBus, EventContext } from '@pulse/platform/bus';
import { eventually } from '../eventually';
import { deliveryEvents, POISON_MESSAGE } from './delivery.events';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const CHILD = path.join(__dirname, 'delivery-consumer.child.ts');
const EVENTS = 10_000;
const LINE_BYTES = 37; // a UUID and its newline
const UUID_LINE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface DeliveryScenario {
  /** Bus of the test process, to publish and then to read the DLT. Called once for each. */
  makeBus(workDir: string): EventBus | Promise<EventBus>;
  /** BUS_* / KAFKA_* variables that make the child's factory build the same kind of bus. */
  childEnv(workDir: string): Record<string, string>;
  /** How long the whole run may take. */
  timeoutMs: number;
}

/**
 * The delivery guarantee, shown end to end: 10,000 events to a consumer in a child process that is
 * SIGKILLed twice mid-stream and restarted. The first kill is placed between an effect and its
 * acknowledgement, so a redelivery is certain; the second falls wherever the consumer is. In the end
 * every event has exactly one effect (none lost, none applied twice) and the poison event is in the DLT
 * with its error. See EffectJournal for why a double application cannot hide and why the effect and the
 * processed mark cannot be torn apart.
 */
export function describeBusDelivery(title: string, scenario: DeliveryScenario): void {
  describe(title, () => {
    let workDir: string;
    let child: ChildProcess | undefined;
    let stderr = '';

    beforeEach(() => {
      workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-delivery-'));
    });
    afterEach(async () => {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      fs.rmSync(workDir, { recursive: true, force: true });
    });

    it(
      'applies each of 10,000 events exactly once across two SIGKILLs, and dead-letters the poison event without stalling its partition',
      async () => {
        const run = path.basename(workDir).replace(/[^a-zA-Z0-9]/g, '');
        const topic = `delivery.${run}`;
        const effectsFile = path.join(workDir, 'effects.log');
        const skipsFile = path.join(workDir, 'skips.log');
        const { good, poison, all } = deliveryEvents(EVENTS);

        const publisher = await scenario.makeBus(workDir);
        for (let i = 0; i < all.length; i += 1_000) await publisher.publish(topic, all.slice(i, i + 1_000));
        await publisher.close();

        const pausedFile = path.join(workDir, 'paused.id');
        const env = {
          ...process.env,
          ...scenario.childEnv(workDir),
          BUS_MAX_ATTEMPTS: '3',
          BUS_RETRY_BACKOFF_MS: '10',
          BUS_RETRY_BACKOFF_MAX_MS: '50',
          DELIVERY_TOPIC: topic,
          DELIVERY_GROUP: `delivery-${run}`,
          DELIVERY_EFFECTS_FILE: effectsFile,
          DELIVERY_SKIPS_FILE: skipsFile,
        };
        const start = (extraEnv: Record<string, string> = {}) => {
          stderr = '';
          const started = spawn(process.execPath, ['-r', '@swc-node/register', CHILD], {
            cwd: REPO_ROOT,
            env: { ...env, ...extraEnv },
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          started.stderr?.on(
            'data',
            (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)),
          );
          return started;
        };
        const effects = () =>
          fs.existsSync(effectsFile) ? Math.floor(fs.statSync(effectsFile).size / LINE_BYTES) : 0;
        const alive = (consumer: ChildProcess) => {
          if (consumer.exitCode !== null)
            throw new Error(`consumer exited with ${consumer.exitCode}:\n${stderr}`);
        };
        const waitFor = (condition: () => void, intervalMs = 5) =>
          eventually(
            () => {
              alive(child!);
              condition();
            },
            { timeoutMs: scenario.timeoutMs / 3, intervalMs },
          );
        const kill = async () => {
          child!.kill('SIGKILL');
          await once(child!, 'exit');
          const reached = effects();
          expect(reached).toBeLessThan(EVENTS); // else the kill was not mid-stream and proved nothing
          return reached;
        };

        // Kill 1, at the worst moment on purpose: one handler has applied its effect and not returned,
        // so that event's offset cannot have been committed and it must come again. (The other
        // partitions keep flowing meanwhile.)
        child = start({ DELIVERY_PAUSE_AFTER_EFFECTS: '1500', DELIVERY_PAUSED_FILE: pausedFile });
        await waitFor(() =>
          expect(fs.existsSync(pausedFile) && fs.readFileSync(pausedFile, 'utf8')).toMatch(UUID_LINE),
        );
        const pausedId = fs.readFileSync(pausedFile, 'utf8');
        const firstKill = await kill();

        // Kill 2, wherever the consumer happens to be once it has made progress past 5,000.
        child = start();
        const restartedAt = effects();
        await waitFor(() => expect(effects()).toBeGreaterThanOrEqual(Math.max(5_000, restartedAt + 500)));
        const secondKill = await kill();

        child = start();
        await waitFor(() => expect(effects()).toBeGreaterThanOrEqual(EVENTS), 20);
        child.kill('SIGTERM');
        const [code] = await once(child, 'exit');
        expect(code).toBe(0);

        // Exactly one effect per event: no torn lines, no duplicates, nothing missing, nothing extra.
        const lines = fs.readFileSync(effectsFile, 'utf8').split('\n').slice(0, -1);
        expect(lines.filter((line) => !UUID_LINE.test(line))).toEqual([]);
        const counts = new Map<string, number>();
        for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
        expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
        expect(lines.length).toBe(EVENTS);
        expect(new Set(lines)).toEqual(new Set(good.map((event) => event.id)));

        // Events handled but not committed when killed came again and were skipped by id, among them
        // the one whose handler was stopped mid-way.
        const skipped = fs.readFileSync(skipsFile, 'utf8').split('\n').filter(Boolean);
        expect(skipped).toContain(pausedId);
        process.stdout.write(
          `${title}: killed at ${firstKill} and ${secondKill} effects; ${skipped.length} redelivered events skipped as already processed\n`,
        );

        // The poison is in the DLT with its error; the events behind it on its key were all applied.
        const reader = await scenario.makeBus(workDir);
        try {
          const dead: Array<{ id: string; context: EventContext }> = [];
          await reader.subscribe({
            topic: deadLetterTopic(topic),
            group: `delivery-dlt-${run}`,
            handler: (event, context) => void dead.push({ id: event.id, context }),
          });
          await eventually(() => expect(dead.length).toBeGreaterThan(0), {
            timeoutMs: scenario.timeoutMs / 6,
          });
          expect(new Set(dead.map((d) => d.id))).toEqual(new Set([poison.id]));
          expect(dead[0].context.deadLetter).toMatchObject({
            error: { message: POISON_MESSAGE },
            attempts: 3,
            originalTopic: topic,
          });
          const behindPoison = good.filter((event, index) => event.key === poison.key && index >= 120);
          expect(behindPoison.length).toBeGreaterThan(100);
          const applied = new Set(lines);
          expect(behindPoison.filter((event) => !applied.has(event.id))).toEqual([]);
        } finally {
          await reader.close();
        }
      },
      scenario.timeoutMs,
    );
  });
}
