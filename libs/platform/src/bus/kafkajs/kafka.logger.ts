import type { logCreator, logLevel } from 'kafkajs';
import type { BusLogger } from '../bus.port';
import { loadKafkaJs } from './kafkajs.library';

/**
 * kafkajs logs through its own creator; this one forwards to the service's pino logger (so broker
 * trouble shows up with the service's fields) or, without a logger, drops everything (tests).
 */
const IDEMPOTENT_RETRIES_WARNING =
  'Limiting retries for the idempotent producer may invalidate EoS guarantees';

export function kafkaLogCreator(logger: BusLogger | undefined): logCreator {
  const { logLevel } = loadKafkaJs();
  return () =>
    ({ namespace, level, log }) => {
      if (!logger) return;
      const {
        message,
        timestamp: _timestamp,
        logger: _name,
        ...fields
      } = log as typeof log & { timestamp?: string; logger?: string };
      const entry = { component: 'kafkajs', namespace, ...fields };
      // Our producer bounds its retries on purpose (a publish must fail rather than hang while Kafka is
      // down); the resulting duplicates of a caller's retry are absorbed by consumers' processed ids.
      if (message === IDEMPOTENT_RETRIES_WARNING) logger.debug(entry, message);
      else if (level === logLevel.ERROR) logger.error(entry, message);
      else if (level === logLevel.WARN) logger.warn(entry, message);
      else if (level === logLevel.INFO) logger.info(entry, message);
      else logger.debug(entry, message);
    };
}

export function kafkaLogLevel(logger: BusLogger | undefined): logLevel {
  const { logLevel } = loadKafkaJs();
  return logger ? logLevel.INFO : logLevel.NOTHING;
}
