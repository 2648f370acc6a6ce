/**
 * Where the button to follow this story goes (a new article of a followed story becomes a notice). Following
 * belongs to the reader's own space (/me), built beside this page; until it lands this renders nothing, so the
 * page and its layout need no change when it does.
 */
export function StoryFollowSlot(_props: { storyId: string }) {
  return null;
}
