import fs from 'node:fs';
import type { ProcessedIds } from '@pulse/platform/bus';

/**
 * The delivery test's effect store: applying an event appends its id as one line, in one write(2).
 * A second application of the same event is a second line, so the file shows any double effect.
 *
 * It is also the subscription's processed-id record: "was this id processed?" is "is its line there?".
 * The effect and the processed mark are therefore one atomic write, with no window in which a crash
 * leaves one without the other. The bus still has all the work: it must consult the record before
 * calling the handler (or a redelivered event is applied twice), must not commit before the handler
 * returned (or a killed consumer loses events), and must keep the partition flowing past the poison.
 *
 * Every id found already applied on redelivery is appended to a skips file, so the test can show that
 * redelivery really happened (a run in which no event came twice would prove nothing about idempotency).
 */
export class EffectJournal implements ProcessedIds {
  private readonly applied = new Set<string>();
  private readonly effects: number;
  private readonly skips: number;

  constructor(effectsFile: string, skipsFile: string) {
    if (fs.existsSync(effectsFile)) {
      for (const line of fs.readFileSync(effectsFile, 'utf8').split('\n')) if (line) this.applied.add(line);
    }
    this.effects = fs.openSync(effectsFile, 'a');
    this.skips = fs.openSync(skipsFile, 'a');
  }

  /**
   * The handler's effect. Deliberately unconditional: deduplicating is the bus's job under test. Synced
   * to disk like a real durable effect, which also keeps the consumer slow enough for the test's kills
   * to land mid-stream.
   */
  apply(id: string): void {
    fs.writeSync(this.effects, `${id}\n`);
    fs.fdatasyncSync(this.effects);
    this.applied.add(id);
  }

  get size(): number {
    return this.applied.size;
  }

  async has(_group: string, id: string): Promise<boolean> {
    const seen = this.applied.has(id);
    if (seen) fs.writeSync(this.skips, `${id}\n`);
    return seen;
  }

  /** The mark is the effect line, already written by apply(). */
  async add(_group: string, id: string): Promise<void> {
    if (!this.applied.has(id)) throw new Error(`event ${id} reported handled without its effect`);
  }

  async close(): Promise<void> {
    fs.closeSync(this.effects);
    fs.closeSync(this.skips);
  }
}
