import type { AuthorSnapshot, PostState } from '../questions/question.record';

/** An answer as stored in `community_answers`. */
export interface AnswerRecord {
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
