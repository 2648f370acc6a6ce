import { logLevel, type logCreator } from 'kafkajs';
import type { BusLogger } from './bus.port';

/**
 * kafkajs logs through its own creator; this one forwards to the service's pino logger (so broker
 * trouble shows up with the service's fields) or, without a logger, drops everything (tests).
 */
export function kafkaLogCreator(logger: BusLogger | undefined): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      if (!logger) return;
      const { message, timestamp: _timestamp, logger: _name, ...fields } = log as typeof log & { timestamp?: string; logger?: string };
      const entry = { component: 'kafkajs', namespace, ...fields };
      if (level === logLevel.ERROR) logger.error(entry, message);
      else if (level === logLevel.WARN) logger.warn(entry, message);
      else if (level === logLevel.INFO) logger.info(entry, message);
      else logger.debug(entry, message);
    };
}

export const kafkaLogLevel = (logger: BusLogger | undefined): logLevel => (logger ? logLevel.INFO : logLevel.NOTHING);
