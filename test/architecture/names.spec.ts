import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');

/** One name per idea (CONTRIBUTING.md, house rules): a newcomer should not wonder whether two words differ. */
describe('names', () => {
  it('gives stored shapes one suffix, *.record.ts', () => {
    expect(tracked.filter((file) => file.endsWith('.entity.ts'))).toEqual([]);
  });

  it("keeps 'outbox' for the transactional event outbox: the file mailer is the mail drop", () => {
    // Its former names stay readable (MAIL_OUTBOX_DIR, MAIL_DRIVER=outbox) so an existing .env keeps working.
    const formerName = /MAIL_OUTBOX_DIR|'outbox'|former name|event outbox/;
    const mentions = tracked
      .filter((file) => file.startsWith('libs/platform/src/mail/'))
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .filter((line) => /outbox/i.test(line) && !formerName.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(mentions).toEqual([]);
  });
});
