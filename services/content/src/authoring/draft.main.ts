import { runDraftCommand } from './draft-command';

/**
 * `npm run draft -w @pulse/content -- insight --cluster <articleId>` or
 * `… -- analysis --technology "<name>" [--category ai_ml]`: asks the running content service (through the
 * gateway at PULSE_URL, or the service itself) to draft with its LLM. Drafts are never published
 * automatically. A long analysis can outlast the gateway's UPSTREAM_TIMEOUT_MS when services run as
 * separate processes; point PULSE_URL (or --url) at the content service (CONTENT_URL) then.
 */
void runDraftCommand(process.argv.slice(2), { env: process.env, write: (line) => console.log(line) }).then(
  (code) => process.exit(code),
);
