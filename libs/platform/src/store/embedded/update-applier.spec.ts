import v8 from 'node:v8';
import { unsetField } from './document-path';
import { applyUpdate } from './update-applier';

// V8's own answer to whether an object keeps its properties in place or has become a dictionary; the
// flag lets functions compiled after it ask (a function built from text, as the syntax is not TypeScript).
v8.setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

const record = () => ({
  _id: 'weekly-2026-48:s1',
  editionId: 'weekly-2026-48',
  status: 'claimed',
  claimedBy: 'sender-1',
  dueAt: '2026-11-30T09:00:00.000Z',
  attempts: 1,
  meta: { lease: 'l1', host: 'h1', since: '2026-11-30T08:59:00.000Z' },
});

describe('applyUpdate: what the store keeps after an $unset', () => {
  it('is a compact copy: deleting a field in place would leave a dictionary', () => {
    const deleted = record();
    unsetField(deleted, 'claimedBy');
    expect(hasFastProperties(deleted)).toBe(false);

    const updated = applyUpdate(
      record(),
      { $set: { status: 'sent' }, $unset: { claimedBy: '', 'meta.lease': '' } },
      false,
    );
    expect(updated).toEqual({
      _id: 'weekly-2026-48:s1',
      editionId: 'weekly-2026-48',
      status: 'sent',
      dueAt: '2026-11-30T09:00:00.000Z',
      attempts: 1,
      meta: { host: 'h1', since: '2026-11-30T08:59:00.000Z' },
    });
    expect(hasFastProperties(updated)).toBe(true);
    expect(hasFastProperties(updated.meta as object)).toBe(true);
  });

  it('updates in place when nothing is unset', () => {
    const doc = record();
    expect(applyUpdate(doc, { $set: { status: 'sent' }, $inc: { attempts: 1 } }, false)).toBe(doc);
    expect(doc).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
