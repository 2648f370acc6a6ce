import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Nest's default RPC filter replaces any unknown error with 'Internal server error', which would leave
 * the DLT record without its cause. This one hands the original error back to the bus transport, so
 * the retries and the dead-letter headers carry the real message and stack. Bind it where only bus
 * handlers run (a microservice app, or @UseFilters on an events controller): a global catch-all filter
 * of an HTTP app would otherwise be chosen for RPC errors too.
 */
@Catch()
export class PulseBusExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
