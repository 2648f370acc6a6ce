/** Injection tokens for the ports. Services inject these, never a concrete adapter. */
export const EVENT_BUS = Symbol.for('pulse.EventBus');
export const DOCUMENT_STORE = Symbol.for('pulse.DocumentStore');
export const SEARCH_INDEX = Symbol.for('pulse.SearchIndex');
export const CACHE_STORE = Symbol.for('pulse.CacheStore');
export const MAILER = Symbol.for('pulse.Mailer');
export const LANGUAGE_MODEL = Symbol.for('pulse.LanguageModel');
export const IMAGE_GENERATOR = Symbol.for('pulse.ImageGenerator');
export const LOGGER = Symbol.for('pulse.Logger');
export const SERVICE_NAME = Symbol.for('pulse.ServiceName');
export const PORT_SET = Symbol.for('pulse.PortSet');
export const EXTRA_CHECKS = Symbol.for('pulse.ExtraChecks');
// The transactional outbox (outbox/README.md): the OutboxWriter repositories write events with, and the
// relay that publishes them. Provided only to a service that uses both the store and the bus.
export const OUTBOX = Symbol.for('pulse.Outbox');
export const OUTBOX_RELAY = Symbol.for('pulse.OutboxRelay');
/** The parsed settings of ServiceDefinition.config. */
export const SERVICE_CONFIG = Symbol.for('pulse.ServiceConfig');
/**
 * The admin credential that may read /readyz's details (health.controller.ts): the service's ADMIN_TOKEN,
 * or the gateway's. Undefined: nobody may; the status code still says ready or not.
 */
export const READINESS_ADMIN_TOKEN = Symbol.for('pulse.ReadinessAdminToken');
