import { STAFF_ASSERTION_HEADER, type StaffRole } from '@pulse/contracts';
import { signStaffAssertion, STAFF_ASSERTION_TTL_SECONDS, type Clock } from '@pulse/platform';
import type { ContentTestApp } from '../content-test-app';

/** The key the content test app is started with when a spec signs requests as named staff. */
export const TEST_STAFF_SECRET = 'test-staff-assertion-secret-0123456789abcdef';
export const STAFF_ENV = { STAFF_ASSERTION_SECRET: TEST_STAFF_SECRET };

export interface TestStaff {
  id: string;
  name: string;
  role: StaffRole;
}

export const EDITOR: TestStaff = { id: 'acct-editor', name: 'editor-kim', role: 'editor' };
export const MODERATOR: TestStaff = { id: 'acct-mod', name: 'mod-park', role: 'moderator' };

/**
 * A request as the gateway forwards it for a signed-in member: an assertion signed for exactly this
 * method and path, valid by the app's clock.
 */
export async function staffRequest<T>(
  app: ContentTestApp,
  clock: Clock,
  staff: TestStaff,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const assertion = signStaffAssertion(
    {
      sub: staff.id,
      name: staff.name,
      role: staff.role,
      sid: `sid-${staff.id}`,
      method,
      path: url.split('?')[0],
      exp: Math.floor(clock.now() / 1000) + STAFF_ASSERTION_TTL_SECONDS,
    },
    TEST_STAFF_SECRET,
  );
  const response = await app.inject({
    method,
    url,
    headers: { [STAFF_ASSERTION_HEADER]: assertion },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as T };
}
