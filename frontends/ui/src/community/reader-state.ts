// The reader's own marks on what a page shows (services/community/README.md 'The reader's state'): their
// votes, reactions, bookmarks, which posts are theirs and who they are. The question, answer and comment
// reads are the same bytes for every reader, so a page draws them first (from the server render or a
// shared cache) and asks for these once, when its components have named their ids.
import {
  READER_STATE_FIELDS,
  READER_STATE_LIMITS,
  type ReaderState,
  type ReaderStateAsk,
  type ReaderStateResponse,
} from '@pulse/contracts/src/api/reader-state';
import { communityFetch, keepIdentityInStep } from './identity';

export type { ReaderState, ReaderStateAsk };

// ENDPOINTS readerState, written out: the endpoint table would add its every row to each page.
const STATE_PATH = '/api/community/me/state';

interface Waiting {
  ask: ReaderStateAsk;
  resolve: (state: ReaderState) => void;
  reject: (error: unknown) => void;
}
let waiting: Waiting[] = [];
let flushing: ReturnType<typeof setTimeout> | null = null;

/**
 * The reader's marks on these ids. The asks made in one moment (a page's components, each naming its ids
 * as it mounts) go to the server as one call, split only past the call's bounds; each asker gets the whole
 * answer and reads its own ids from it. Ask only with someone signed in: without a credential it is 401,
 * which signs the page out (communityFetch).
 */
export function askReaderState(ask: ReaderStateAsk): Promise<ReaderState> {
  return new Promise((resolve, reject) => {
    waiting.push({ ask, resolve, reject });
    if (!flushing) flushing = setTimeout(askTogether, 0);
  });
}

function askTogether(): void {
  const batch = waiting;
  waiting = [];
  flushing = null;
  const ids = READER_STATE_FIELDS.map((field) => [
    ...new Set(batch.flatMap((each) => each.ask[field] ?? [])),
  ]);
  // One call, unless a field holds more ids than one call may name.
  const calls = Math.max(
    1,
    ...ids.map((list, i) => Math.ceil(list.length / READER_STATE_LIMITS[READER_STATE_FIELDS[i]!])),
  );
  const asks = Array.from({ length: calls }, (_, call) => {
    const query = new URLSearchParams();
    READER_STATE_FIELDS.forEach((field, i) => {
      const most = READER_STATE_LIMITS[field];
      const part = ids[i]!.slice(call * most, (call + 1) * most);
      if (part.length) query.set(field, part.join(','));
    });
    return communityFetch<ReaderStateResponse>('GET', `${STATE_PATH}?${query}`);
  });
  Promise.all(asks).then(
    (answers) => {
      const state = answers[0]!.data;
      for (const { data } of answers.slice(1))
        for (const field of READER_STATE_FIELDS) Object.assign(state[field], data[field]);
      keepIdentityInStep(state.user);
      for (const each of batch) each.resolve(state);
    },
    (error: unknown) => batch.forEach((each) => each.reject(error)),
  );
}
