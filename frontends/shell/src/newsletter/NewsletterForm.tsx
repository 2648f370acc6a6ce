import { toast } from '@pulse/frontend-ui';
import { useId, useState, type FormEvent } from 'react';
import { NEWSLETTER } from '../copy';
import { INVALID_EMAIL_TOAST, isPlausibleEmail, subscribe, SUBSCRIBED_TOAST } from './subscribe';

/**
 * One email field and a button (docs/spec-content.md §2, §4): idle → submitting (both disabled, '처리 중...') → idle;
 * cleared on success. noValidate: the seed's own check and toast answer a bad address, not the browser's
 * bubble, which would differ between browsers and skip the toast.
 */
export function NewsletterForm({ className }: { className?: string }) {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!isPlausibleEmail(email)) {
      toast(INVALID_EMAIL_TOAST);
      return;
    }
    setSubmitting(true);
    const outcome = await subscribe(email);
    setSubmitting(false);
    if (outcome === SUBSCRIBED_TOAST) setEmail('');
    toast(outcome);
  };

  return (
    <form
      className={className ? `newsletter-form ${className}` : 'newsletter-form'}
      // Nothing to wait for: subscribe() turns every failure into a toast and never rejects.
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <label htmlFor={inputId} className="sr-only">
        {NEWSLETTER.emailLabel}
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={NEWSLETTER.placeholder}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={submitting}
      />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? NEWSLETTER.processing : NEWSLETTER.submit}
      </button>
    </form>
  );
}
