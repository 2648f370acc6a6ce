import type { TechAnalysis } from '@pulse/contracts';
import { Icon } from '@pulse/frontend-ui';
import type { ReactNode } from 'react';
import { COPY } from '../copy';

/** A titled block; left out when it has nothing to show. */
function Block({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={className ? `analysis-block ${className}` : 'analysis-block'}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** HTML sections are sanitised by the content service when stored (docs/design.md §10). */
export function Html({ title, html }: { title: string; html: string }) {
  if (!html.trim()) return null;
  return (
    <Block title={title}>
      <div className="analysis-html" dangerouslySetInnerHTML={{ __html: html }} />
    </Block>
  );
}

function TextList({
  title,
  items,
  className,
}: {
  title: string;
  items: readonly string[];
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <Block title={title} className={className}>
      <ul>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </Block>
  );
}

export function OverviewTab({ analysis }: { analysis: TechAnalysis }) {
  const { pros, cons } = analysis.prosAndCons;
  return (
    <>
      <Html title={COPY.detail.introduction} html={analysis.introduction} />
      <Html title={COPY.detail.coreConcepts} html={analysis.coreConceptsExplanation} />
      {(pros.length > 0 || cons.length > 0) && (
        <div className="pros-cons">
          <TextList title={COPY.detail.pros} items={pros} className="pros-cons__pros" />
          <TextList title={COPY.detail.cons} items={cons} className="pros-cons__cons" />
        </div>
      )}
      <TextList title={COPY.detail.useCases} items={analysis.useCases} />
      <Html title={COPY.detail.comparison} html={analysis.comparisonWithAlternatives} />
    </>
  );
}

export function TutorialTab({ analysis }: { analysis: TechAnalysis }) {
  return (
    <>
      <Html title={COPY.detail.gettingStarted} html={analysis.gettingStarted} />
      <Html title={COPY.detail.tutorial} html={analysis.tutorialContent} />
      <TextList title={COPY.detail.bestPractices} items={analysis.bestPractices} />
      {analysis.commonPitfalls.length > 0 && (
        <section className="analysis-block pitfalls" role="note" aria-labelledby="pitfalls-title">
          <h3 id="pitfalls-title">
            <Icon name="warning" /> {COPY.detail.pitfalls}
          </h3>
          <ul>
            {analysis.commonPitfalls.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
