/** Kafka's own rule, applied on every adapter so a name that works embedded also works on Kafka. */
const TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

export function assertTopicName(topic: string): void {
  // Kafka also refuses '.' and '..'; here they would also name folders outside the bus's topics/ folder.
  if (!TOPIC_NAME.test(topic) || topic === '.' || topic === '..') {
    throw new Error(`Invalid topic name '${topic}': use 1–249 characters from a-z A-Z 0-9 . _ -`);
  }
}

export function assertGroupName(group: string): void {
  if (group.length === 0 || group.length > 200 || /[\x00-\x1f/\\]/.test(group)) {
    throw new Error(`Invalid consumer group '${group}': 1–200 printable characters, no slashes`);
  }
}
