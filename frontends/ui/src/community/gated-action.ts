/** A protected action; an asynchronous one reports its own failures to the reader (a toast, a message). */
export type GatedAction = () => void | Promise<void>;

/**
 * Actions start from event handlers, which cannot wait for them. Whatever still rejects past the action's
 * own handling is a bug: logged here rather than left an unhandled rejection.
 */
export function runGated(action: GatedAction): void {
  action()?.catch((error: unknown) => console.error('[펄스] 보호된 작업이 실패했습니다.', error));
}
