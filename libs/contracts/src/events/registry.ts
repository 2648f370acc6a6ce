import type { z } from 'zod';
import { ANSWER_ACCEPTED_TOPIC, answerAcceptedEvent } from './answer-accepted.event';
import { ANSWER_CREATED_TOPIC, answerCreatedEvent } from './answer-created.event';
import { ARTICLE_COLLECTED_TOPIC, articleCollectedEvent } from './article-collected.event';
import { ARTICLE_ENGAGED_TOPIC, articleEngagedEvent } from './article-engaged.event';
import { ARTICLE_PUBLISHED_TOPIC, articlePublishedEvent } from './article-published.event';
import { ARTICLE_PUBLISHED_V2_TOPIC, articlePublishedV2Event } from './article-published-v2.event';
import { ARTICLE_TRANSLATED_TOPIC, articleTranslatedEvent } from './article-translated.event';
import { ARTICLE_WITHDRAWN_TOPIC, articleWithdrawnEvent } from './article-withdrawn.event';
import { NEWSLETTER_SUBSCRIBED_TOPIC, newsletterSubscribedEvent } from './newsletter-subscribed.event';
import { QUESTION_CREATED_TOPIC, questionCreatedEvent } from './question-created.event';
import { SOURCE_UPDATED_TOPIC, sourceUpdatedEvent } from './source-updated.event';
import { STAFF_ACTION_RECORDED_TOPIC, staffActionRecordedEvent } from './staff-action-recorded.event';
import { TECH_ANALYSIS_PUBLISHED_TOPIC, techAnalysisPublishedEvent } from './tech-analysis-published.event';
import { TRENDING_SCORES_UPDATED_TOPIC, trendingScoresUpdatedEvent } from './trending-scores-updated.event';

/**
 * Every integration event by topic, so producers and consumers look a contract up by name and the bus
 * adapters can create topics and their dead-letter topics from one list.
 */
export const TOPICS = {
  articleCollected: ARTICLE_COLLECTED_TOPIC,
  articleTranslated: ARTICLE_TRANSLATED_TOPIC,
  articlePublished: ARTICLE_PUBLISHED_TOPIC,
  articlePublishedV2: ARTICLE_PUBLISHED_V2_TOPIC,
  articleWithdrawn: ARTICLE_WITHDRAWN_TOPIC,
  articleEngaged: ARTICLE_ENGAGED_TOPIC,
  techAnalysisPublished: TECH_ANALYSIS_PUBLISHED_TOPIC,
  trendingScoresUpdated: TRENDING_SCORES_UPDATED_TOPIC,
  questionCreated: QUESTION_CREATED_TOPIC,
  answerCreated: ANSWER_CREATED_TOPIC,
  answerAccepted: ANSWER_ACCEPTED_TOPIC,
  newsletterSubscribed: NEWSLETTER_SUBSCRIBED_TOPIC,
  sourceUpdated: SOURCE_UPDATED_TOPIC,
  staffActionRecorded: STAFF_ACTION_RECORDED_TOPIC,
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

export const eventRegistry = {
  [ARTICLE_COLLECTED_TOPIC]: articleCollectedEvent,
  [ARTICLE_TRANSLATED_TOPIC]: articleTranslatedEvent,
  [ARTICLE_PUBLISHED_TOPIC]: articlePublishedEvent,
  [ARTICLE_PUBLISHED_V2_TOPIC]: articlePublishedV2Event,
  [ARTICLE_WITHDRAWN_TOPIC]: articleWithdrawnEvent,
  [ARTICLE_ENGAGED_TOPIC]: articleEngagedEvent,
  [TECH_ANALYSIS_PUBLISHED_TOPIC]: techAnalysisPublishedEvent,
  [TRENDING_SCORES_UPDATED_TOPIC]: trendingScoresUpdatedEvent,
  [QUESTION_CREATED_TOPIC]: questionCreatedEvent,
  [ANSWER_CREATED_TOPIC]: answerCreatedEvent,
  [ANSWER_ACCEPTED_TOPIC]: answerAcceptedEvent,
  [NEWSLETTER_SUBSCRIBED_TOPIC]: newsletterSubscribedEvent,
  [SOURCE_UPDATED_TOPIC]: sourceUpdatedEvent,
  [STAFF_ACTION_RECORDED_TOPIC]: staffActionRecordedEvent,
} as const satisfies { [T in Topic]: { topic: T } };

/** The validated payload of a topic, e.g. EventPayload<'article.engaged'>. */
export type EventPayload<T extends Topic> = z.output<(typeof eventRegistry)[T]['schema']>;

/** topic → payload, for typed in-process emitters and handler maps. */
export type EventPayloadMap = { [T in Topic]: EventPayload<T> };

export const ALL_TOPICS: readonly Topic[] = Object.values(TOPICS);

export const isTopic = (value: string): value is Topic =>
  Object.prototype.hasOwnProperty.call(eventRegistry, value);
