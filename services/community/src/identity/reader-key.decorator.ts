import { createHash, randomBytes } from 'node:crypto';
import {
  createParamDecorator,
  Inject,
  Injectable,
  type ExecutionContext,
  type OnModuleInit,
  type PipeTransform,
} from '@nestjs/common';
import {
  DOCUMENT_STORE,
  ReaderSessionSigner,
  SharedSettings,
  type DocumentStore,
  CLOCK,
  isoNow,
  type Clock,
} from '@pulse/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';

/**
 * The anonymous reader's session cookie of the community service. Its own name, so it never meets
 * content's `pulse_sid` (each service signs with its own secret, kept in its own store), and sent only to
 * the community's paths.
 */
export const READER_SESSION_COOKIE = 'pulse_community_sid';
const SECRET_SETTING = 'reader-session-secret';
const SESSION_DAYS = 365;

/** Who is reading when no identity is signed in. */
export interface ReaderKeyValue {
  /** A one-way hash of the session key (what view markers are keyed on). */
  key: string;
  /** True when the request carried no valid session: one was issued with this answer, and it counts nothing. */
  issuedNow: boolean;
}

/**
 * Signed anonymous reader sessions (ReaderSessionSigner, libs/platform: a random key and its issue time,
 * HMAC-signed), so a question view counts once per reader a script cannot mint per request: IP and user
 * agent, the key before, changed with every rotated User-Agent. The secret is generated once and kept in
 * community_settings, so replicas and restarts agree (docs/abuse/engagement.md).
 */
@Injectable()
export class CommunityReaderSessions implements OnModuleInit {
  private signer: ReaderSessionSigner | undefined;
  private readonly resolved = new WeakMap<FastifyRequest, ReaderKeyValue>();

  constructor(
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    const settings = new SharedSettings(this.store, 'community_settings');
    const secret = await settings.getOrCreate(
      SECRET_SETTING,
      randomBytes(32).toString('base64url'),
      isoNow(this.clock),
    );
    this.signer = new ReaderSessionSigner(secret);
  }

  resolve(request: FastifyRequest, reply: FastifyReply): ReaderKeyValue {
    const known = this.resolved.get(request);
    if (known) return known;
    if (!this.signer) throw new Error('CommunityReaderSessions used before the module was initialised');
    let session = this.signer.verify(request.cookies[READER_SESSION_COOKIE], this.clock.now());
    const issuedNow = !session;
    if (!session) {
      const issued = this.signer.issue(this.clock.now());
      session = issued.session;
      void reply.setCookie(READER_SESSION_COOKIE, issued.value, {
        path: '/api/community',
        maxAge: SESSION_DAYS * 24 * 60 * 60,
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.PUBLIC_SITE_URL.startsWith('https:'),
      });
    }
    const value = {
      key: `reader:${createHash('sha256').update(`pulse-community-reader:${session.key}`).digest('base64url')}`,
      issuedNow,
    };
    this.resolved.set(request, value);
    return value;
  }
}

interface HttpPair {
  request: FastifyRequest;
  reply: FastifyReply;
}

@Injectable()
export class ReaderKeyPipe implements PipeTransform<HttpPair, ReaderKeyValue> {
  constructor(private readonly sessions: CommunityReaderSessions) {}

  transform({ request, reply }: HttpPair): ReaderKeyValue {
    return this.sessions.resolve(request, reply);
  }
}

const httpPair = createParamDecorator((_data: unknown, context: ExecutionContext): HttpPair => ({
  request: context.switchToHttp().getRequest<FastifyRequest>(),
  reply: context.switchToHttp().getResponse<FastifyReply>(),
}));

/**
 * Who is reading when no identity is signed in: the signed reader session (set when the request has
 * none). The controller's module must provide CommunityReaderSessions and ReaderKeyPipe.
 */
export const ReaderKey = (): ParameterDecorator => httpPair(ReaderKeyPipe);
