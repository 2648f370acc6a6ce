// The reader-state call as the community service answers it (services/community/README.md 'The reader's
// state'): one entry per id asked, with the marks a test names and none on the others.
import type { ReaderState, ReaderStateField } from '@pulse/contracts';
import type { RecordedRequest } from './fetch-mock';

export const READER_STATE_PATH = '/api/community/me/state';

type Marks = { [F in ReaderStateField]?: Record<string, Partial<ReaderState[F][string]>> };

const DEFAULTS: { [F in ReaderStateField]: ReaderState[F][string] } = {
  questions: { vote: null, bookmarked: false, mine: false },
  answers: { vote: null, mine: false },
  comments: { reaction: null },
  articles: { bookmarked: false },
  insights: { bookmarked: false },
  techAnalyses: { bookmarked: false },
};

/** The ids a recorded state call asked for, by field. */
export function askedIds(request: RecordedRequest): Partial<Record<ReaderStateField, string[]>> {
  const query = new URL(request.url, 'http://localhost').searchParams;
  return Object.fromEntries(
    (Object.keys(DEFAULTS) as ReaderStateField[])
      .filter((field) => query.has(field))
      .map((field) => [field, query.get(field)!.split(',')]),
  );
}

/** A fetch-mock handler answering the state call for `userId`, with `marks` on the ids it names. */
export function readerStateReply(userId: string, marks: Marks = {}) {
  return (request: RecordedRequest) => {
    const asked = askedIds(request);
    const entries = (field: ReaderStateField) =>
      Object.fromEntries(
        (asked[field] ?? []).map((id) => [id, { ...DEFAULTS[field], ...(marks[field]?.[id] ?? {}) }]),
      );
    const data: ReaderState = {
      user: {
        id: userId,
        username: userId,
        displayName: userId,
        isAnonymous: true,
        badges: [],
        createdAt: '2026-03-02T03:00:00.000Z',
        lastActiveAt: '2026-03-02T03:00:00.000Z',
      },
      questions: entries('questions') as ReaderState['questions'],
      answers: entries('answers') as ReaderState['answers'],
      comments: entries('comments') as ReaderState['comments'],
      articles: entries('articles') as ReaderState['articles'],
      insights: entries('insights') as ReaderState['insights'],
      techAnalyses: entries('techAnalyses') as ReaderState['techAnalyses'],
    };
    return { body: { success: true, data } };
  };
}
