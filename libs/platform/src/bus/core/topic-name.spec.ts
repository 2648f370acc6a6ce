import { assertGroupName, assertTopicName } from './topic-name';

describe('topic and group names', () => {
  it.each(['article.published', 'article.published.dlt', 'a_b-c.1'])('accepts %s', (topic) => {
    expect(() => assertTopicName(topic)).not.toThrow();
  });

  it.each(['', '.', '..', 'a/b', 'a b', 'x'.repeat(250), '기사'])('refuses topic %j', (topic) => {
    expect(() => assertTopicName(topic)).toThrow(/Invalid topic name/);
  });

  it.each(['', 'a/b', 'a\\b', 'a\nb'])('refuses group %j', (group) => {
    expect(() => assertGroupName(group)).toThrow(/Invalid consumer group/);
  });
});
