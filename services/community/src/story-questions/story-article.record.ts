/** What community knows of an article's story, from article.published v2 (`community_story_articles`). */
export interface StoryArticleRecord {
  _id: string; // the article id
  storyId: string;
  title: string;
  /** Source URLs of the story as last seen, to tell a source that joined later. */
  sourceUrls: string[];
  publishedAt: string;
  updatedAt: string;
}

/** A notice for one identity (`community_notifications`); the id makes a redelivered event add nothing. */
export interface NotificationRecord {
  /**
   * A hash of question, article and source count, or of follower and article for a followed story
   * (story-questions.service.ts noticeId, followNoticeId).
   */
  _id: string;
  identityId: string;
  kind: 'story-article' | 'followed-story';
  questionId: string | null;
  questionTitle: string | null;
  /** Absent on notices older than followed stories. */
  storyId?: string;
  articleId: string;
  articleTitle: string;
  url: string;
  createdAt: string;
  readAt: string | null;
}
