import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { ChatMessageRecord, ChatSessionRecord } from './chat-session.record';

/** Chat sessions and their messages: storage only. */
@Injectable()
export class ChatSessionsRepository {
  private readonly sessions: Collection<ChatSessionRecord>;
  private readonly messages: Collection<ChatMessageRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.sessions = store.collection<ChatSessionRecord>('community_chat_sessions', {
      // activeOf: an identity's open session.
      indexes: [{ key: { userId: 1, isActive: 1 } }],
    });
    this.messages = store.collection<ChatMessageRecord>('community_chat_messages', {
      // recent and clear: a session's messages in order.
      indexes: [{ key: { sessionId: 1, createdAt: -1 } }],
    });
  }

  findById(id: string): Promise<ChatSessionRecord | null> {
    return this.sessions.findOne({ _id: id });
  }

  activeOf(userId: string): Promise<ChatSessionRecord | null> {
    return this.sessions.findOne({ userId, isActive: true });
  }

  async insert(session: ChatSessionRecord): Promise<void> {
    await this.sessions.insertOne(session);
  }

  async addMessage(message: ChatMessageRecord): Promise<void> {
    await this.messages.insertOne(message);
    await this.sessions.updateOne({ _id: message.sessionId }, { $set: { lastMessageAt: message.createdAt } });
  }

  /** The newest `limit` messages, oldest first. */
  async recent(sessionId: string, limit: number): Promise<ChatMessageRecord[]> {
    const newest = await this.messages.find({ sessionId }, { sort: { createdAt: -1, _id: -1 }, limit });
    return newest.reverse();
  }

  async clear(sessionId: string): Promise<void> {
    await this.messages.deleteMany({ sessionId });
    await this.sessions.updateOne({ _id: sessionId }, { $set: { lastMessageAt: null } });
  }

  async tally(sessionId: string, usage: { promptTokens: number; completionTokens: number }, costUsd: number) {
    await this.sessions.updateOne(
      { _id: sessionId },
      {
        $inc: {
          'usage.promptTokens': usage.promptTokens,
          'usage.completionTokens': usage.completionTokens,
          'usage.calls': 1,
          'usage.costUsd': costUsd,
        },
      },
    );
  }

  /** The identity's assistant sessions and their messages (its deletion). */
  async removeAllOf(userId: string): Promise<void> {
    const sessions = await this.sessions.find<{ _id: string }>({ userId }, { projection: { _id: 1 } });
    await this.messages.deleteMany({ sessionId: { $in: sessions.map((session) => session._id) } });
    await this.sessions.deleteMany({ userId });
  }
}
