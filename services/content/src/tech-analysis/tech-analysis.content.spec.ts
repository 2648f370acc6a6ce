import { createTechAnalysisBodySchema } from '@pulse/contracts';
import {
  analysisSlug,
  derivedFields,
  readableText,
  toTechAnalysisContent,
  toTechAnalysisInput,
} from './tech-analysis.content';

const input = (overrides: Record<string, unknown> = {}) => {
  const { slug: _slug, ...parsed } = createTechAnalysisBodySchema.parse({
    title: '제목',
    technologyName: 'Kafka',
    technologyCategory: 'data_engineering',
    difficultyLevel: 'beginner',
    ...overrides,
  });
  return parsed;
};

describe('tech analysis content', () => {
  it('computes the reading time from the readable text: 200 characters a minute, rounded up', () => {
    const content = toTechAnalysisContent(input({ introduction: `<p>${'가'.repeat(401)}</p>` }));
    expect(readableText(content)).toBe('가'.repeat(401));
    expect(derivedFields(content).estimatedReadingTime).toBe(3);
    // docs/spec-content.md §9: no text counts as 1000 characters.
    expect(derivedFields(toTechAnalysisContent(input())).estimatedReadingTime).toBe(5);
  });

  it("keeps an editor's reading time", () => {
    expect(
      derivedFields(toTechAnalysisContent(input({ estimatedReadingTime: 12 }))).estimatedReadingTime,
    ).toBe(12);
  });

  it('sanitises HTML sections and keeps code as plain text', () => {
    const content = toTechAnalysisContent(
      input({
        introduction:
          '<p onclick="x()">안녕<script>alert(1)</script></p><iframe src="https://evil.example"></iframe>',
        codeExamples: [
          { title: 'b', language: 'HTML', code: '<script>alert(1)</script>', order: 2 },
          { title: 'a', language: 'ts', code: 'const x = 1;', order: 1, description: '설명' },
        ],
      }),
    );
    expect(content.introduction).toBe('<p>안녕</p>');
    expect(content.codeExamples).toEqual([
      { id: 'code-1', title: 'a', language: 'ts', code: 'const x = 1;', order: 1, description: '설명' },
      { id: 'code-2', title: 'b', language: 'html', code: '<script>alert(1)</script>', order: 2 },
    ]);
  });

  it('normalises keyword keys for matching and round-trips content to input', () => {
    const content = toTechAnalysisContent(input({ seoKeywords: ['GitOps', ' Helm', 'GitOps'] }));
    expect(content.seoKeywords).toEqual(['GitOps', 'Helm']);
    expect(derivedFields(content).keywordKeys).toEqual(['gitops', 'helm']);
    expect(toTechAnalysisContent(toTechAnalysisInput(content))).toEqual(content);
  });

  it('derives URL-safe slugs, Korean kept', () => {
    expect(analysisSlug('Apache Kafka')).toBe('apache-kafka');
    expect(analysisSlug('  쿠버네티스 / K8s ')).toBe('쿠버네티스-k8s');
    expect(analysisSlug('C++')).toBe('c');
    expect(analysisSlug('!!!')).toBe('analysis');
  });
});
