import { z } from 'zod';
import { describeConfigSchema } from './describe-schema';

describe('describeConfigSchema', () => {
  it('finds a description, default and optionality through transforms and preprocessing alike', () => {
    const schema = z.object({
      COUNT: z.coerce.number().int().default(5).describe('How many.'),
      NAMES: z
        .string()
        .optional()
        .describe('Comma-separated names.')
        .transform((value) => value?.split(',')),
      EMAIL: z.preprocess(
        (value) => (value === '' ? undefined : value),
        z.email().optional().describe('An address; blank is unset.'),
      ),
      TOKEN: z.string().describe('Required.'),
    });
    expect(describeConfigSchema(schema)).toEqual([
      { name: 'COUNT', description: 'How many.', defaultValue: '5', required: false },
      { name: 'NAMES', description: 'Comma-separated names.', defaultValue: undefined, required: false },
      { name: 'EMAIL', description: 'An address; blank is unset.', defaultValue: undefined, required: false },
      { name: 'TOKEN', description: 'Required.', defaultValue: undefined, required: true },
    ]);
  });
});
