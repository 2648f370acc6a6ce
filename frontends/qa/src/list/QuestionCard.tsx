import type { Question } from '@pulse/contracts';
import { COMMUNITY_LIMITS, QA_CATEGORIES } from '@pulse/contracts/src/api/community-constants';
import { BadgeList, BookmarkButton, PostedTime } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { COPY } from '../copy';
import { authorName, categoryLabel, isAnonymousPost, tagList } from '../question-view';
import { CardLike } from './CardLike';

/**
 * One question in the list: category, up to 3 tags then '+N', 2 author badges, and its like and bookmark
 * (docs/spec-community.md §2).
 */
export function QuestionCard({ question }: { question: Question }) {
  const tags = tagList(question);
  const shown = tags.slice(0, COMMUNITY_LIMITS.tagsShownOnCard);
  return (
    <li className="qa-card">
      <Link to={`/community/questions/${encodeURIComponent(question.id)}`} className="qa-card__link">
        <div className="qa-card__meta">
          <span className="qa-chip qa-chip--category">{categoryLabel(question.category)}</span>
          {question.acceptedAnswerId && <span className="qa-chip qa-chip--resolved">{COPY.resolved}</span>}
        </div>
        <h3 className="qa-card__title">{question.title}</h3>
        <p className="qa-card__excerpt">{question.content.slice(0, 140)}</p>
        <div className="qa-card__tags">
          {shown.map((tag) => (
            <span key={tag} className="qa-chip">
              #{tag}
            </span>
          ))}
          {tags.length > shown.length && <span className="qa-chip">+{tags.length - shown.length}</span>}
        </div>
      </Link>
      <div className="qa-card__footer">
        <span className="qa-author">
          {authorName(question)}
          {isAnonymousPost(question) && <span className="qa-chip qa-chip--anon">{COPY.anonymous}</span>}
          <BadgeList badges={question.user?.badges} max={COMMUNITY_LIMITS.badgesShownOnCard} />
        </span>
        <span className="qa-card__stats">
          <span>{COPY.answersCount(question.answerCount)}</span>
          <span>{COPY.views(question.viewCount)}</span>
          <PostedTime value={question.createdAt} />
        </span>
        <span className="qa-card__actions">
          <CardLike question={question} />
          <BookmarkButton kind="question" id={question.id} title={question.title} compact disabledSignedOut />
        </span>
      </div>
    </li>
  );
}

export const CATEGORY_OPTIONS = QA_CATEGORIES;
