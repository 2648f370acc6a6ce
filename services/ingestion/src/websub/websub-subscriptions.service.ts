import { randomBytes } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { WebSubVerifyQuery } from '@pulse/contracts';
import { LOGGER, CLOCK, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { PIPELINE_STAGES, type PipelineStages } from '../pipeline/stages';
import { INGESTION_CONFIG, type IngestionConfig } from '../schedule/ingestion.config';
import { IngestionPurges } from '../sources/ingestion-purges';
import type { SourceDocument } from '../sources/source.record';
import { SourceAnnouncer } from '../sources/source-announcer';
import { SourceRepository } from '../sources/source.repository';
import { mayShareSecretWith, type HubLinks } from './hub-links';
import type { SubscriptionDocument } from './subscription.record';
import { SubscriptionRepository } from './subscription.repository';

/** A request the hub has not verified by then is asked again at the source's next poll. */
const VERIFY_WAIT_MS = 10 * 60_000;
/** A hub that denied or refused is asked again after this long. */
const RETRY_AFTER_MS = 24 * 60 * 60_000;
/** Renewal is asked this long before the lease ends at most (halfway through a shorter lease). */
const RENEW_AHEAD_MS = 60 * 60_000;

export const WEBSUB_CALLBACK_PATH = '/api/ingestion/websub';

/**
 * WebSub subscriptions (W3C WebSub recommendation): subscribe to the hub a polled feed names, answer the
 * hub's verification of intent only for subscriptions we asked for, renew before the lease ends, and
 * hand the source back to polling (due at once) when a subscription is denied or lapses. While one is
 * active the source is still polled, at the longest interval, as a safety net (ARCHITECTURE.md, "WebSub").
 */
@Injectable()
export class WebSubSubscriptions {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly sources: SourceRepository,
    private readonly announcer: SourceAnnouncer,
    private readonly purges: IngestionPurges,
    @Inject(PIPELINE_STAGES) private readonly stages: PipelineStages,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(INGESTION_CONFIG) private readonly config: IngestionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.INGESTION_WEBSUB_CALLBACK_URL);
  }

  /**
   * After a poll that found `links` in the feed: subscribe unless a subscription is live or waiting, or
   * the hub could not be told the secret safely (the feed is then polled like one without a hub).
   */
  async discovered(source: SourceDocument, links: HubLinks): Promise<void> {
    if (!this.enabled) return;
    if (!this.mayShareSecretWith(links.hub)) {
      this.logger.debug({ sourceId: source._id, hub: links.hub }, 'WebSub hub on plain http; polling');
      return;
    }
    const now = this.clock.now();
    const latest = await this.subscriptions.latestOf(source._id);
    if (latest && latest.hub === links.hub && latest.topic === links.topic) {
      const askedAgo = now - Date.parse(latest.requestedAt);
      if (latest.state === 'active') return;
      if (latest.state === 'requested' && askedAgo < VERIFY_WAIT_MS) return;
      if ((latest.state === 'denied' || latest.state === 'failed') && askedAgo < RETRY_AFTER_MS) return;
    }
    const subscription: SubscriptionDocument = {
      _id: randomBytes(16).toString('hex'),
      sourceId: source._id,
      hub: links.hub,
      topic: links.topic,
      secret: randomBytes(32).toString('hex'),
      state: 'requested',
      requestedAt: this.iso(now),
      leaseSeconds: null,
      expiresAt: null,
      verifiedAt: null,
      reason: null,
      lastPushAt: null,
      pushes: 0,
    };
    // One live subscription per source: a late verification of an older request is then refused, and
    // its pushes too, so the source is no longer counted as pushed.
    await this.subscriptions.supersede(source._id);
    await this.subscriptions.insert(subscription);
    await this.sourceState(source._id, {
      websub: { state: 'pending', leaseExpiresAt: null },
      pushUntil: null,
    });
    await this.ask(subscription, source.allowPrivateNetwork);
  }

  /**
   * The hub's GET to the callback. A subscribe is confirmed (the challenge echoed) only for a
   * subscription we asked for and still want, with the topic we asked for; anything else is 404, as the
   * recommendation says. A denial is acknowledged and sends the source back to polling.
   */
  async verify(callbackId: string, intent: WebSubVerifyQuery): Promise<string> {
    const subscription = await this.subscriptions.findById(callbackId);
    if (!subscription || subscription.topic !== intent['hub.topic'])
      throw new NotFoundException('No such subscription');
    if (intent['hub.mode'] === 'denied') {
      await this.subscriptions.update(callbackId, {
        state: 'denied',
        reason: intent['hub.reason']?.slice(0, 500) ?? null,
      });
      // A superseded request's denial says nothing about the source's current subscription.
      if (subscription.state === 'requested' || subscription.state === 'active')
        await this.backToPolling(subscription.sourceId, 'failed');
      this.logger.warn(
        { sourceId: subscription.sourceId, hub: subscription.hub },
        'WebSub subscription denied',
      );
      return '';
    }
    const challenge = intent['hub.challenge'];
    // An unsubscribe is ours only for a subscription we are ending (unsubscribeAll).
    if (intent['hub.mode'] === 'unsubscribe') {
      if (subscription.state !== 'unsubscribing' || !challenge)
        throw new NotFoundException('No such subscription');
      await this.subscriptions.update(callbackId, {
        state: 'unsubscribed',
        verifiedAt: this.iso(this.clock.now()),
      });
      return challenge;
    }
    const wanted = subscription.state === 'requested' || subscription.state === 'active';
    if (intent['hub.mode'] !== 'subscribe' || !wanted || !challenge)
      throw new NotFoundException('No such subscription');
    const leaseSeconds = intent['hub.lease_seconds'] ?? this.config.INGESTION_WEBSUB_LEASE_SECONDS;
    const now = this.clock.now();
    const expiresAt = this.iso(now + leaseSeconds * 1000);
    await this.subscriptions.update(callbackId, {
      state: 'active',
      leaseSeconds,
      expiresAt,
      verifiedAt: this.iso(now),
      renewalAskedAt: null,
      reason: null,
    });
    await this.sourceState(subscription.sourceId, {
      pushUntil: expiresAt,
      websub: { state: 'subscribed', leaseExpiresAt: expiresAt },
    });
    return challenge;
  }

  /** A subscription pushes may come to: verified, lease not over. */
  async live(id: string | null): Promise<SubscriptionDocument | null> {
    if (id === null) return null;
    const subscription = await this.subscriptions.findById(id);
    const live =
      subscription?.state === 'active' &&
      subscription.expiresAt !== null &&
      Date.parse(subscription.expiresAt) > this.clock.now();
    return live ? subscription : null;
  }

  async pushed(subscription: SubscriptionDocument): Promise<void> {
    await this.subscriptions.update(subscription._id, {
      lastPushAt: this.iso(this.clock.now()),
      pushes: subscription.pushes + 1,
    });
  }

  /**
   * Called at each of the scheduler's looks: renews active subscriptions near the end of their lease
   * (once per lease: the hub's verification sets the next one), and lets lapse those whose lease ended
   * without a verified renewal, their sources polled again at once. Without a callback URL (WebSub
   * switched off after subscribing) nothing is renewed, but leases still lapse, so the sources page
   * never shows a subscription whose lease has passed.
   */
  async maintain(): Promise<void> {
    const now = this.clock.now();
    for (const subscription of await this.subscriptions.activeEndingBy(this.iso(now + RENEW_AHEAD_MS))) {
      const endsAt = Date.parse(subscription.expiresAt!);
      if (endsAt <= now) {
        await this.subscriptions.update(subscription._id, { state: 'lapsed' });
        await this.backToPolling(subscription.sourceId, 'lapsed');
        this.logger.warn({ sourceId: subscription.sourceId }, 'WebSub subscription lapsed; polling');
        continue;
      }
      if (!this.enabled) continue;
      const leaseMs = (subscription.leaseSeconds ?? 0) * 1000;
      const renewAt = endsAt - Math.min(RENEW_AHEAD_MS, leaseMs / 2);
      if (now < renewAt || subscription.renewalAskedAt) continue;
      // One made before plain-http hubs were refused is left to lapse rather than sent its secret again.
      if (!this.mayShareSecretWith(subscription.hub)) continue;
      const source = await this.sources.findById(subscription.sourceId);
      if (!source) continue;
      await this.subscriptions.update(subscription._id, {
        requestedAt: this.iso(now),
        renewalAskedAt: this.iso(now),
      });
      await this.ask(subscription, source.allowPrivateNetwork);
    }
  }

  /**
   * The subscriptions of a deleted source, or of the feed a source no longer reads (its URL changed): the
   * hub is asked to stop pushing (its verification then finds the subscription unsubscribing and is
   * confirmed), rather than pushing to a callback that answers 404 until the lease ends, or being renewed
   * for a feed the source left. Pushes are refused from now on either way (live() wants an active one).
   */
  async unsubscribeAll(source: SourceDocument): Promise<void> {
    for (const subscription of await this.subscriptions.wantedOf(source._id)) {
      await this.subscriptions.update(subscription._id, {
        state: 'unsubscribing',
        requestedAt: this.iso(this.clock.now()),
      });
      // Only an active one (or one the hub may still verify) has anything to stop, and only with a callback.
      if (!this.enabled) continue;
      const answer = await this.request('unsubscribe', subscription, source.allowPrivateNetwork);
      if (answer.kind !== 'fetched') {
        const reason = answer.kind === 'failed' ? `${answer.reason}: ${answer.message}` : 'not modified';
        await this.subscriptions.update(subscription._id, {
          state: 'unsubscribed',
          reason: reason.slice(0, 500),
        });
        this.logger.warn(
          { sourceId: source._id, hub: subscription.hub, reason },
          'WebSub hub refused to unsubscribe',
        );
      }
    }
  }

  /** POSTs a subscribe or unsubscribe request to the subscription's hub. */
  private request(
    mode: 'subscribe' | 'unsubscribe',
    subscription: SubscriptionDocument,
    allowPrivateNetwork: boolean,
  ) {
    const callback = `${this.config.INGESTION_WEBSUB_CALLBACK_URL!.replace(/\/+$/, '')}${WEBSUB_CALLBACK_PATH}/${subscription._id}`;
    return this.stages.fetch({
      url: subscription.hub,
      allowPrivateNetwork,
      form: {
        'hub.mode': mode,
        'hub.topic': subscription.topic,
        'hub.callback': callback,
        ...(mode === 'subscribe'
          ? {
              'hub.secret': subscription.secret,
              'hub.lease_seconds': String(this.config.INGESTION_WEBSUB_LEASE_SECONDS),
            }
          : {}),
      },
      totalTimeoutMs: 10_000,
      maxBytes: 64 * 1024,
    });
  }

  /** POSTs the subscription request; a hub that refuses it marks it failed (asked again a day later). */
  private async ask(subscription: SubscriptionDocument, allowPrivateNetwork: boolean): Promise<void> {
    const answer = await this.request('subscribe', subscription, allowPrivateNetwork);
    if (answer.kind === 'fetched') return; // 202 Accepted: the hub verifies intent next
    const reason = answer.kind === 'failed' ? `${answer.reason}: ${answer.message}` : 'not modified';
    // A renewal the hub refuses leaves the subscription active until its lease ends (then it lapses).
    if (subscription.state === 'active') return;
    await this.subscriptions.update(subscription._id, { state: 'failed', reason: reason.slice(0, 500) });
    await this.sourceState(subscription.sourceId, { websub: { state: 'failed', leaseExpiresAt: null } });
    this.logger.warn(
      { sourceId: subscription.sourceId, hub: subscription.hub, reason },
      'WebSub hub refused',
    );
  }

  private async backToPolling(sourceId: string, state: 'failed' | 'lapsed'): Promise<void> {
    await this.sourceState(sourceId, {
      pushUntil: null,
      nextRunAt: null,
      websub: { state, leaseExpiresAt: null },
    });
  }

  /**
   * The source's side of a subscription's change: the sources page hears of it (source.updated), and
   * GET /api/ingestion/sources, which shows it too, is purged.
   */
  private async sourceState(sourceId: string, fields: Partial<SourceDocument>): Promise<void> {
    await this.announcer.change(sourceId, () => fields);
    await this.purges.sourcesChanged();
  }

  private mayShareSecretWith(hub: string): boolean {
    return mayShareSecretWith(hub, this.config.INGESTION_ALLOW_PRIVATE_SOURCES);
  }

  private iso(ms: number): string {
    return new Date(ms).toISOString();
  }
}
