import { render } from '@testing-library/react';
import { linksClickableFor, SimpleMarkdown } from './markdown';
import { author } from './testing/fixtures';

const text = [
  '공식 문서는 https://platform.openai.com/docs/guides/rate-limits 에 있습니다.',
  '- 요약: [가격표](https://openai.com/api/pricing) 참고',
  '- 위험: [누르지 마세요](javascript:alert(1))',
  '```',
  'curl https://api.openai.com/v1/models',
  '```',
].join('\n');

const anchors = (container: HTMLElement) =>
  [...container.querySelectorAll('a')].map((a) => [
    a.textContent,
    a.getAttribute('href'),
    a.getAttribute('rel'),
  ]);

describe('links in Q&A posts follow the author’s trust level', () => {
  it('leaves a new author’s links as plain text, exactly as written', () => {
    const { container } = render(
      <SimpleMarkdown text={text} links={linksClickableFor({ ...author('u1'), trustLevel: 'new' })} />,
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('https://platform.openai.com/docs/guides/rate-limits');
    expect(container.textContent).toContain('[가격표](https://openai.com/api/pricing)');
  });

  it('treats an author without a level (older posts, no author) as new', () => {
    expect(linksClickableFor(author('u1'))).toBe(false);
    expect(linksClickableFor(null)).toBe(false);
    expect(linksClickableFor({ ...author('u1'), trustLevel: 'basic' })).toBe(true);
  });

  it('makes a trusted author’s http(s) links clickable, marked ugc nofollow, never code or javascript:', () => {
    const { container } = render(
      <SimpleMarkdown text={text} links={linksClickableFor({ ...author('u1'), trustLevel: 'member' })} />,
    );
    const rel = 'ugc nofollow noopener noreferrer';
    expect(anchors(container)).toEqual([
      [
        'https://platform.openai.com/docs/guides/rate-limits',
        'https://platform.openai.com/docs/guides/rate-limits',
        rel,
      ],
      ['가격표', 'https://openai.com/api/pricing', rel],
    ]);
    expect(container.textContent).toContain('[누르지 마세요](javascript:alert(1))');
    expect(container.querySelector('pre')!.textContent).toBe('curl https://api.openai.com/v1/models');
  });
});
