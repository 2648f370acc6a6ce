import { BadRequestException } from '@nestjs/common';
import type { NewestFirstCursor } from '@pulse/platform';

export const CURSOR_REFUSED = 'cursor: 이 목록에서 받은 커서가 아닙니다.';

/** How many items a page of /me holds. Chosen. */
export const ME_PAGE_SIZE = 20;

const encodeCursor = (last: NewestFirstCursor): string =>
  Buffer.from(`${last.createdAt}\n${last.id}`, 'utf8').toString('base64url');

/** The cursor a page returned; a value this API never sent is 400 naming `cursor`. */
export function decodeCursor(cursor: string | undefined): NewestFirstCursor | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('\n');
  if (extra !== undefined || !id || Number.isNaN(Date.parse(createdAt ?? '')))
    throw new BadRequestException(CURSOR_REFUSED);
  return { createdAt, id };
}

/** The next page's cursor: only when the page came back full (there may be more). */
export const nextCursorOf = (page: ReadonlyArray<{ _id: string; createdAt: string }>, limit: number) => {
  const last = page.at(-1);
  return page.length === limit && last ? encodeCursor({ createdAt: last.createdAt, id: last._id }) : null;
};
