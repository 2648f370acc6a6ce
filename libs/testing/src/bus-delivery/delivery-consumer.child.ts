/**
 * The consumer process of the delivery test, run as `node -r @swc-node/register <this file>` and
 * SIGKILLed by the test mid-stream. The bus comes from the real factory and configuration (BUS_* and
 * KAFKA_* variables set by the test); the DELIVERY_* variables say what to consume and where to record.
 */
import fs from 'node:fs';
import { loadConfig } from '@pulse/platform/config';
import { busConfigSchema, createEventBus, type BusLogger } from '@pulse/platform/bus';
import { EffectJournal } from './effect-journal';
import { POISON_MESSAGE, type DeliveryPayload } from './delivery.events';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

// Warnings and errors to stderr, which the test prints if it fails; the rest is noise here.
const write = (level: string) => (obj: object, msg?: string) =>
  process.stderr.write(`${JSON.stringify({ level, msg, ...obj })}\n`);
const logger: BusLogger = {
  error: write('error'),
  warn: write('warn'),
  info: () => undefined,
  debug: () => undefined,
};

/**
 * With DELIVERY_PAUSE_AFTER_EFFECTS, the handler that makes that many effects stops after applying its
 * effect and never returns, and names its event in DELIVERY_PAUSED_FILE: the test then kills the
 * process exactly between an effect and its acknowledgement.
 */
const pauseAfter = Number(process.env.DELIVERY_PAUSE_AFTER_EFFECTS ?? 0);
let paused = false;
const never = new Promise<void>(() => undefined);

async function main(): Promise<void> {
  const { bus: config } = loadConfig({ bus: busConfigSchema });
  const bus = createEventBus(config, { logger, serviceName: 'delivery-consumer' });
  const journal = new EffectJournal(need('DELIVERY_EFFECTS_FILE'), need('DELIVERY_SKIPS_FILE'));
  await bus.subscribe<DeliveryPayload>({
    topic: need('DELIVERY_TOPIC'),
    group: need('DELIVERY_GROUP'),
    processedIds: journal,
    handler: async (event) => {
      if (event.payload.poison) throw new Error(POISON_MESSAGE);
      journal.apply(event.id);
      if (pauseAfter > 0 && !paused && journal.size >= pauseAfter) {
        paused = true;
        fs.writeFileSync(need('DELIVERY_PAUSED_FILE'), event.id);
        await never;
      }
    },
  });
  process.stdout.write('consuming\n');

  // Nothing else keeps an idle in-process consumer's event loop alive.
  const keepAlive = setInterval(() => undefined, 60_000);
  process.once('SIGTERM', () => {
    clearInterval(keepAlive);
    void bus
      .close()
      .then(() => journal.close())
      .then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`delivery consumer failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
