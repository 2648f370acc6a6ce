import { z } from 'zod';

const MONGO_URL_PATTERN = /^mongodb(\+srv)?:\/\/\S+$/;

/**
 * Document-store variables. Embedded is the default so `npm start` needs nothing installed; every
 * deployment with several processes or replicas sets STORE_DRIVER=mongo and MONGO_URL.
 */
export const storeConfigSchema = z
  .object({
    STORE_DRIVER: z
      .enum(['embedded', 'mongo'])
      .default('embedded')
      .describe(
        'Document store: `embedded` (in-process, durable files under STORE_DATA_DIR, one process) or `mongo`.',
      ),
    MONGO_URL: z
      .string()
      .regex(MONGO_URL_PATTERN, 'must be a mongodb:// or mongodb+srv:// URL')
      .optional()
      .describe(
        'MongoDB connection URL including the database, e.g. mongodb://user:pass@mongo:27017/pulse_content?replicaSet=rs0. Required when STORE_DRIVER=mongo.',
      ),
    STORE_DATA_DIR: z
      .string()
      .default('.data/store')
      .describe(
        "Folder of the embedded store's snapshots and write-ahead logs; one process at a time. Defaults per service to <PULSE_DATA_DIR>/<service>/store.",
      ),
    STORE_COMPACT_AFTER_BYTES: z.coerce
      .number()
      .int()
      .min(65_536)
      .default(8 * 1024 * 1024)
      .describe(
        "Embedded store: fold a collection's write-ahead log into a new snapshot once it grows past this many bytes (and past the snapshot).",
      ),
    MONGO_SERVER_SELECTION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(3_000)
      .describe(
        'How long a MongoDB operation waits for a reachable server before failing (also bounds the connection at start).',
      ),
    MONGO_OPERATION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(30_000)
      .describe(
        'How long one MongoDB operation (index creation included) may take before it fails as unreachable; raise it for migrations over large collections.',
      ),
  })
  .superRefine((config, ctx) => {
    if (config.STORE_DRIVER === 'mongo' && !config.MONGO_URL) {
      ctx.addIssue({ code: 'custom', path: ['MONGO_URL'], message: 'is required when STORE_DRIVER=mongo' });
    }
  });

export type StoreConfig = z.output<typeof storeConfigSchema>;
