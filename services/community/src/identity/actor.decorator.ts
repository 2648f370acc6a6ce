import {
  createParamDecorator,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type ExecutionContext,
  type PipeTransform,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ActorResolver, type Actor } from './actor-resolver';
import { CSRF_HEADER } from './cookies';
import { TokenKeys } from './token-keys';
import { CLOCK, type Clock } from '@pulse/platform';

export const SIGN_IN_REQUIRED = '닉네임을 설정해야 이용할 수 있습니다.';
export const SUSPENDED = '이용이 정지된 닉네임입니다.';
export const CSRF_REFUSED = 'CSRF token missing or invalid';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface ActorRequest {
  request: FastifyRequest;
  allowSuspended: boolean;
}

/** The acting identity, required: 401 without a live credential, 403 on a cookie write without CSRF or when suspended. */
@Injectable()
export class RequiredActorPipe implements PipeTransform<ActorRequest, Promise<Actor>> {
  constructor(
    private readonly actors: ActorResolver,
    private readonly keys: TokenKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async transform({ request, allowSuspended }: ActorRequest): Promise<Actor> {
    const actor = await this.actors.resolve(request);
    if (!actor) throw new UnauthorizedException(SIGN_IN_REQUIRED);
    if (actor.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !this.keys.csrfMatches(actor.sessionId, header))
        throw new ForbiddenException(CSRF_REFUSED);
    }
    const until = actor.identity.suspendedUntil;
    if (!allowSuspended && until && Date.parse(until) > this.clock.now())
      throw new ForbiddenException(SUSPENDED);
    return actor;
  }
}

/** The identity reading, if any: reads never fail on a bad credential, they are simply anonymous. */
@Injectable()
export class OptionalActorPipe implements PipeTransform<ActorRequest, Promise<Actor | undefined>> {
  constructor(private readonly actors: ActorResolver) {}

  transform({ request }: ActorRequest): Promise<Actor | undefined> {
    return this.actors.resolve(request);
  }
}

const actorRequest = createParamDecorator(
  (allowSuspended: boolean | undefined, context: ExecutionContext): ActorRequest => ({
    request: context.switchToHttp().getRequest<FastifyRequest>(),
    allowSuspended: allowSuspended ?? false,
  }),
);

/** Handler parameter: the acting identity (see RequiredActorPipe). */
export const CurrentActor = (options: { allowSuspended?: boolean } = {}): ParameterDecorator =>
  actorRequest(options.allowSuspended ?? false, RequiredActorPipe);
/** Handler parameter: the reading identity or undefined. */
export const Viewer = (): ParameterDecorator => actorRequest(false, OptionalActorPipe);

/**
 * Handler parameter: the client's IP as the gateway forwarded it (trustProxy). Handed on as the address;
 * the limits turn it into its network (ClientNetworks) themselves, so no bucket can key on the full address.
 */
export const ClientIp = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<FastifyRequest>().ip,
);
