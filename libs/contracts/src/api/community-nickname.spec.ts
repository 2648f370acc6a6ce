import { anonymousAuthBodySchema } from './community-requests';
import { NICKNAME_ADJECTIVES, NICKNAME_JOBS, randomNickname } from './community-nickname';

describe('randomNickname (docs/spec-community.md §5)', () => {
  it('joins an adjective, a job and 1 to 999', () => {
    expect(randomNickname(() => 0)).toBe(`${NICKNAME_ADJECTIVES[0]}${NICKNAME_JOBS[0]}1`);
    expect(randomNickname(() => 0.999999)).toBe(`${NICKNAME_ADJECTIVES.at(-1)}${NICKNAME_JOBS.at(-1)}999`);
  });

  it('always makes a valid nickname', () => {
    for (let i = 0; i < 200; i += 1) {
      const name = randomNickname();
      expect(anonymousAuthBodySchema.parse({ username: name }).username).toBe(name);
    }
  });
});
