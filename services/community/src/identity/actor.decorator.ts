import {
  createParamDecorator,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
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

/**
 * The acting identity, required: 401 without a live credential, 403 on a cookie write without CSRF or when
 * suspended. Decided by RequiredActorGuard, which CurrentActor puts on the handler: guards run before any
 * argument's pipe, whereas Nest runs the argument pipes together, so a body pipe (which answers at once)
 * would otherwise answer a request with no credential and a bad body with 400 instead of 401.
 */
@Injectable()
export class RequiredActorGuard implements CanActivate {
  constructor(
    private readonly actors: ActorResolver,
    private readonly keys: TokenKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const actor = await this.actors.resolve(request);
    if (!actor) throw new UnauthorizedException(SIGN_IN_REQUIRED);
    if (actor.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !this.keys.csrfMatches(actor.sessionId, header))
        throw new ForbiddenException(CSRF_REFUSED);
    }
    const until = actor.identity.suspendedUntil;
    const allowSuspended = ALLOWS_SUSPENDED.has(context.getHandler());
    if (!allowSuspended && until && Date.parse(until) > this.clock.now())
      throw new ForbiddenException(SUSPENDED);
    RESOLVED.set(request, actor);
    return true;
  }
}

/** The actor RequiredActorGuard resolved for a request (weakly held: gone with the request). */
const RESOLVED = new WeakMap<FastifyRequest, Actor>();
/** Handlers whose CurrentActor allows a suspended identity (reading its own state, say). */
const ALLOWS_SUSPENDED = new WeakSet<object>();

/** Hands the handler the actor its guard resolved. */
@Injectable()
export class RequiredActorPipe implements PipeTransform<ActorRequest, Actor> {
  transform({ request }: ActorRequest): Actor {
    const actor = RESOLVED.get(request);
    // Only reachable if CurrentActor's guard did not run: refuse rather than act for nobody.
    if (!actor) throw new UnauthorizedException(SIGN_IN_REQUIRED);
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

/** Handler parameter: the acting identity, decided before any other argument (see RequiredActorGuard). */
export const CurrentActor =
  (options: { allowSuspended?: boolean } = {}): ParameterDecorator =>
  (target, key, index) => {
    actorRequest(options.allowSuspended ?? false, RequiredActorPipe)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor) return;
    if (options.allowSuspended) ALLOWS_SUSPENDED.add(descriptor.value as object);
    UseGuards(RequiredActorGuard)(target, key, descriptor);
  };
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
