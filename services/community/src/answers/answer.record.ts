import type { AuthorSnapshot, PostState } from '../questions/question.record';
import type { EditedMarks } from '../revisions/post-revision.record';
import type { CountedFields } from '../votes/vote.record';

/** An answer as stored in `community_answers` (with its version once edited: revisions/). */
export interface AnswerRecord extends EditedMarks, CountedFields {
  _id: string;
  questionId: string;
  content: string;
  authorId: string;
  author: AuthorSnapshot;
  anonymousSessionId: string;
  upvotes: number;
  downvotes: number;
  isAccepted: boolean;
  state: PostState;
  reportCount: number;
  createdAt: string;
  updatedAt: string;
}
