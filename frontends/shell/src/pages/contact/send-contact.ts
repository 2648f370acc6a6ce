import type { ContactMessageInput, ContactTopic, CONTACT_HONEYPOT_FIELD } from '@pulse/contracts';
import { ApiError, sendJson } from '@pulse/frontend-ui';
import { CONTACT } from './contact-copy';

/** The form's fields as the API names them (libs/contracts contactMessageSchema). */
export type ContactField = keyof typeof CONTACT.fieldErrors;

export interface ContactDraft {
  topic: ContactTopic;
  message: string;
  replyTo: string;
  name: string;
  /** The honeypot's value: empty unless a script filled it. */
  trap: string;
}

/** The honeypot's name, the same text as the contract's constant (type-checked; no zod in the bundle). */
export const HONEYPOT_FIELD: typeof CONTACT_HONEYPOT_FIELD = 'website';

export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: Partial<Record<ContactField, string>> }
  | { kind: 'refused'; message: string };

const FIELDS = Object.keys(CONTACT.fieldErrors) as ContactField[];

/**
 * The field a 400 names: the API's message starts with it ('message: message must be …'). The page shows
 * its own Korean text for that field rather than the API's English.
 */
function fieldOf(message: string): ContactField | undefined {
  const named = /^([A-Za-z]+):/.exec(message)?.[1];
  return FIELDS.find((field) => field === named);
}

/** POST /api/newsroom/contact; every answer becomes what the form shows next. Never rejects. */
export async function sendContact(draft: ContactDraft): Promise<SendOutcome> {
  const body: ContactMessageInput = {
    topic: draft.topic,
    message: draft.message,
    ...(draft.replyTo.trim() ? { replyTo: draft.replyTo.trim() } : {}),
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    ...(draft.trap ? { [HONEYPOT_FIELD]: draft.trap } : {}),
  };
  try {
    await sendJson('POST', '/api/newsroom/contact', body);
    return { kind: 'sent' };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 400) {
      const field = fieldOf((error as ApiError).message);
      if (field) return { kind: 'invalid', errors: { [field]: CONTACT.fieldErrors[field] } };
      return { kind: 'refused', message: CONTACT.invalid };
    }
    if (status === 413) return { kind: 'invalid', errors: { message: CONTACT.tooLarge } };
    // The server says which limit it was (this network's, or the whole form's while it is flooded).
    if (status === 429)
      return {
        kind: 'refused',
        message: /[가-힣]/.test((error as ApiError).message) ? (error as ApiError).message : CONTACT.tooMany,
      };
    return { kind: 'refused', message: CONTACT.failed };
  }
}
