import { RESPONSE_COMPONENTS, RESPONSE_SCHEMAS } from '@pulse/contracts';
import { generateResponseSchemas } from './response-schemas';

describe('response schemas of the OpenAPI documents', () => {
  const generated = generateResponseSchemas();

  it('are generated from the contracts’ response types (run `npm run docs:responses` to refresh)', () => {
    expect(RESPONSE_SCHEMAS).toEqual(generated.responses);
    expect(RESPONSE_COMPONENTS).toEqual(generated.components);
  });

  it('describe the shapes the front ends read, e.g. a news page', () => {
    expect(RESPONSE_COMPONENTS.OffsetPageResponse).toMatchObject({
      type: 'object',
      required: ['articles', 'pagination'],
      properties: {
        pagination: { type: 'object', required: ['hasMore'], properties: { hasMore: { type: 'boolean' } } },
      },
    });
    expect(RESPONSE_SCHEMAS.communityLogout).toEqual({ $ref: '#/components/schemas/CommunityDone' });
    expect(RESPONSE_COMPONENTS.CommunityDone).toEqual({
      type: 'object',
      properties: { success: { type: 'boolean', const: true } },
      required: ['success'],
    });
  });
});
