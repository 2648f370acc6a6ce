/**
 * One line of the embedded log: `{"t":<append time, ms>,"h":<headers>,"e":<envelope>}`. The append time
 * is what retention ages a record by (the bus's clock, like Kafka's LogAppendTime); it comes first so
 * that reopening a segment learns its age from its first and last line without parsing them whole.
 * Lines written before retention existed have no `t`; their segment file's mtime stands in.
 */
export function encodeRecord(appendedAt: number, headers: Record<string, string>, value: unknown): string {
  return JSON.stringify({ t: appendedAt, h: headers, e: value });
}

/** A dead letter whose original line was not JSON keeps it verbatim. */
export function encodeRawRecord(appendedAt: number, headers: Record<string, string>, raw: string): string {
  return JSON.stringify({ t: appendedAt, h: headers, raw });
}

const APPEND_TIME = /^\{"t":(\d{1,16})[,}]/;

export function appendTimeOf(line: string | undefined): number | undefined {
  const match = line === undefined ? null : APPEND_TIME.exec(line);
  return match ? Number(match[1]) : undefined;
}
