import { Page, usePageHead } from '@pulse/frontend-ui';
import { PAGE_HEADS } from '../../page-heads';
import { PRIVACY } from './privacy-copy';

/** /privacy: eight numbered sections, in force from 2023년 5월 3일 (docs/spec-content.md §2, §9). */
export default function PrivacyPage() {
  usePageHead(PAGE_HEADS.privacy);
  return (
    <Page title={PRIVACY.title}>
      <p>{PRIVACY.intro}</p>
      <p className="privacy-effective">
        <strong>{PRIVACY.effective}</strong>
      </p>
      <ol className="privacy-sections">
        {PRIVACY.sections.map((section, index) => (
          <li key={section.title}>
            <h2>
              {index + 1}. {section.title}
            </h2>
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </Page>
  );
}
