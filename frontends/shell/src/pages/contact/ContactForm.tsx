import type { ContactTopic } from '@pulse/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT } from './contact-copy';
import { HONEYPOT_FIELD, sendContact, type ContactDraft, type ContactField } from './send-contact';

const TOPICS = Object.keys(CONTACT.topics) as ContactTopic[];
const EMPTY: ContactDraft = { topic: 'other', message: '', replyTo: '', name: '', trap: '' };

type Errors = Partial<Record<ContactField, string>>;

/**
 * The contact form. The server checks every field and its 400 names the one at fault; the form shows its
 * Korean text under that field and moves focus there. The outcome (sent, too many, failed) is announced in
 * a live region that stays in place whether or not the form is shown.
 */
export function ContactForm() {
  const id = useId();
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ sent: boolean; text: string } | null>(null);
  const fields = useRef<Partial<Record<ContactField, HTMLElement | null>>>({});

  const set = (field: keyof ContactDraft) => (value: string) => setDraft({ ...draft, [field]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setResult(null);
    const outcome = await sendContact(draft);
    setSending(false);
    if (outcome.kind === 'sent') {
      setErrors({});
      setDraft(EMPTY);
      setResult({ sent: true, text: CONTACT.sent });
    } else if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      setResult({ sent: false, text: CONTACT.invalid });
      const first = (Object.keys(outcome.errors) as ContactField[])[0];
      if (first) fields.current[first]?.focus();
    } else {
      setErrors({});
      setResult({ sent: false, text: outcome.message });
    }
  };

  const describedBy = (field: ContactField, hint?: boolean) =>
    [hint && `${id}-${field}-hint`, errors[field] && `${id}-${field}-error`].filter(Boolean).join(' ') ||
    undefined;
  const errorOf = (field: ContactField) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="contact-form__error">
        {errors[field]}
      </p>
    );

  return (
    <div className="contact">
      <div
        role="status"
        aria-live="polite"
        className={result?.sent ? 'contact__result contact__result--sent' : 'contact__result'}
      >
        {result?.text}
      </div>
      {result?.sent ? (
        <button type="button" className="button" onClick={() => setResult(null)}>
          {CONTACT.sendAnother}
        </button>
      ) : (
        <form className="contact-form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-topic`}>{CONTACT.topic}</label>
          <select
            id={`${id}-topic`}
            name="topic"
            value={draft.topic}
            onChange={(event) => set('topic')(event.target.value)}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={describedBy('topic')}
            ref={(element) => void (fields.current.topic = element)}
          >
            {TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {CONTACT.topics[topic]}
              </option>
            ))}
          </select>
          {errorOf('topic')}

          <label htmlFor={`${id}-message`}>{CONTACT.message}</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={8}
            required
            value={draft.message}
            onChange={(event) => set('message')(event.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message', true)}
            ref={(element) => void (fields.current.message = element)}
          />
          <p id={`${id}-message-hint`} className="contact-form__hint">
            {CONTACT.messageHint}
          </p>
          {errorOf('message')}

          <label htmlFor={`${id}-replyTo`}>{CONTACT.replyTo}</label>
          <input
            id={`${id}-replyTo`}
            name="replyTo"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={draft.replyTo}
            onChange={(event) => set('replyTo')(event.target.value)}
            aria-invalid={errors.replyTo ? true : undefined}
            aria-describedby={describedBy('replyTo', true)}
            ref={(element) => void (fields.current.replyTo = element)}
          />
          <p id={`${id}-replyTo-hint`} className="contact-form__hint">
            {CONTACT.replyToHint}
          </p>
          {errorOf('replyTo')}

          <label htmlFor={`${id}-name`}>{CONTACT.name}</label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="nickname"
            value={draft.name}
            onChange={(event) => set('name')(event.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            ref={(element) => void (fields.current.name = element)}
          />
          {errorOf('name')}

          {/* Off screen and out of the tab order and the accessibility tree: only a script fills it. */}
          <div className="contact-form__trap" aria-hidden="true">
            <label htmlFor={`${id}-trap`}>{CONTACT.honeypot}</label>
            <input
              id={`${id}-trap`}
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={draft.trap}
              onChange={(event) => set('trap')(event.target.value)}
            />
          </div>

          <button type="submit" className="button" disabled={sending}>
            {sending ? CONTACT.sending : CONTACT.submit}
          </button>
        </form>
      )}
    </div>
  );
}
