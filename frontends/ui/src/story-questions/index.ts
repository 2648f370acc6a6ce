export { askAboutPath, STORY_COPY, StoryQuestions } from './StoryQuestions';
export { BELL_COPY, NotificationBell } from './NotificationBell';
