import { readTechMeta as contractReadTechMeta } from '@pulse/contracts';
import { readTechMeta } from './tech-meta';

describe('readTechMeta (the remote copy)', () => {
  it.each([
    ['null', null],
    ['an array', ['beginner']],
    ['a string', 'advanced'],
    ['empty', {}],
    [
      'first spelling',
      {
        difficultyLevel: 'advanced',
        estimatedTime: 30,
        technologies: ['Go'],
        githubLinks: ['https://github.com/a/b'],
      },
    ],
    [
      'second spelling',
      {
        difficulty: 'beginner',
        techStack: ['Rust', 'Tokio'],
        githubUrl: 'https://github.com/tokio-rs/tokio',
      },
    ],
    [
      'both spellings',
      {
        difficultyLevel: 'intermediate',
        difficulty: 'advanced',
        technologies: ['A'],
        techStack: ['B'],
        githubLinks: [],
        githubUrl: 'https://github.com/x/y',
      },
    ],
    [
      'malformed fields',
      {
        difficultyLevel: 'expert',
        difficulty: 'beginner',
        estimatedTime: -5,
        technologies: [1, 2],
        techStack: ['C'],
        githubUrl: '',
      },
    ],
    ['non-number time', { estimatedTime: '15' }],
    ['fractional time', { estimatedTime: 7.5 }],
  ])('reads %s exactly as libs/contracts does', (_, raw) => {
    expect(readTechMeta(raw)).toEqual(contractReadTechMeta(raw));
  });
});
