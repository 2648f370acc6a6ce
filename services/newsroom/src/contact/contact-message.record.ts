import type { ContactStatus, ContactTopic } from '@pulse/contracts';

/**
 * `contact_messages`: one reader's message to the editors. `network` is the hash of the sender's network
 * (NETWORK_* prefixes), never the address itself: it is there to count, not to find anyone.
 */
export interface ContactMessageRecord {
  _id: string;
  topic: ContactTopic;
  message: string;
  replyTo: string | null;
  name: string | null;
  status: ContactStatus;
  createdAt: string;
  handledAt: string | null;
  /** The staff member's name (or ADMIN_TOKEN) who marked it handled. */
  handledBy: string | null;
  network: string;
}
