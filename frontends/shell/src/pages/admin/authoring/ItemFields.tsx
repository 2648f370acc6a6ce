import type { CategorySlug, DifficultyLevel, TechnologyCategory } from '@pulse/contracts';
import { CATEGORY_NAMES } from '@pulse/frontend-ui';
import { DIFFICULTY_NAMES, TECHNOLOGY_CATEGORY_LABELS } from './authoring-labels';
import type { EditorForm } from './editor-fields';

interface FieldsProps {
  form: EditorForm;
  change: <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => void;
  /** The editor's id prefix, so each label names its own input. */
  field: string;
}

/** An insight's own fields (its body is a Markdown section of the editor). */
export function InsightFields({ form, change, field }: FieldsProps) {
  return (
    <>
      <label htmlFor={`${field}-summary`}>요약</label>
      <textarea
        id={`${field}-summary`}
        rows={3}
        value={form.summary}
        onChange={(e) => change('summary', e.target.value)}
      />
      <label htmlFor={`${field}-category`}>카테고리</label>
      <select
        id={`${field}-category`}
        value={form.primaryCategory}
        onChange={(e) => change('primaryCategory', e.target.value as CategorySlug)}
      >
        {(Object.keys(CATEGORY_NAMES) as CategorySlug[]).map((slug) => (
          <option key={slug} value={slug}>
            {CATEGORY_NAMES[slug]}
          </option>
        ))}
      </select>
      <label htmlFor={`${field}-tags`}>태그 (쉼표로 구분)</label>
      <input id={`${field}-tags`} value={form.tags} onChange={(e) => change('tags', e.target.value)} />
      <label htmlFor={`${field}-key`}>핵심 인사이트 (한 줄에 하나, 게시하려면 2개 이상)</label>
      <textarea
        id={`${field}-key`}
        rows={4}
        value={form.keyInsights}
        onChange={(e) => change('keyInsights', e.target.value)}
      />
    </>
  );
}

/** A tech analysis's own fields (introduction and conclusion are Markdown sections of the editor). */
export function AnalysisFields({ form, change, field }: FieldsProps) {
  return (
    <>
      <label htmlFor={`${field}-tech`}>기술 이름</label>
      <input
        id={`${field}-tech`}
        value={form.technologyName}
        maxLength={100}
        onChange={(e) => change('technologyName', e.target.value)}
      />
      <label htmlFor={`${field}-tech-category`}>기술 분류</label>
      <select
        id={`${field}-tech-category`}
        value={form.technologyCategory}
        onChange={(e) => change('technologyCategory', e.target.value as TechnologyCategory)}
      >
        {(Object.keys(TECHNOLOGY_CATEGORY_LABELS) as TechnologyCategory[]).map((value) => (
          <option key={value} value={value}>
            {TECHNOLOGY_CATEGORY_LABELS[value]}
          </option>
        ))}
      </select>
      <label htmlFor={`${field}-difficulty`}>난이도</label>
      <select
        id={`${field}-difficulty`}
        value={form.difficultyLevel}
        onChange={(e) => change('difficultyLevel', e.target.value as DifficultyLevel)}
      >
        {(Object.keys(DIFFICULTY_NAMES) as DifficultyLevel[]).map((value) => (
          <option key={value} value={value}>
            {DIFFICULTY_NAMES[value]}
          </option>
        ))}
      </select>
      <label htmlFor={`${field}-summary`}>요약</label>
      <textarea
        id={`${field}-summary`}
        rows={3}
        value={form.executiveSummary}
        onChange={(e) => change('executiveSummary', e.target.value)}
      />
    </>
  );
}
