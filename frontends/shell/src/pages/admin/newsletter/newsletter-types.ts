import type { EndpointResponses } from '@pulse/contracts';

// The admin calls' answers, as the contracts type them (the newsletter's are zod schemas' outputs).
export type EditionPreviewResponse = EndpointResponses['newsletterPreview'];
export type EditionProgressResponse = EndpointResponses['newsletterProgress'];
export type EditionListResponse = EndpointResponses['newsletterEditions'];
export type SubscriberOverviewResponse = EndpointResponses['newsletterSubscribers'];
export type EditionTestSendResponse = EndpointResponses['newsletterTestSend'];
