import { editedValues } from './edited-values';

describe('an authored item’s edit, for the audit log', () => {
  it('holds only the named fields, every text at any depth cut to 200 characters', () => {
    const long = 'ㄱ'.repeat(300);
    const before = { title: '제목', content: '<p>짧은 본문</p>', pros: { items: ['빠름'] }, tags: ['a'] };
    const after = { title: '제목', content: long, pros: { items: [long] }, tags: ['a'] };
    expect(editedValues(before, after, ['content', 'pros'])).toEqual({
      before: { content: '<p>짧은 본문</p>', pros: { items: ['빠름'] } },
      after: { content: `${long.slice(0, 200)}…`, pros: { items: [`${long.slice(0, 200)}…`] } },
    });
  });

  it('has nothing to record when no field changed, and a field absent before as null', () => {
    expect(editedValues({ title: '제목' }, { title: '제목' }, [])).toBeNull();
    expect(editedValues({}, { summary: '요약' }, ['summary'])).toEqual({
      before: { summary: null },
      after: { summary: '요약' },
    });
  });
});
