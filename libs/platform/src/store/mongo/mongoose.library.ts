import type { Mongoose } from 'mongoose';

/**
 * mongoose, loaded when a MongoDB store first connects rather than when the platform is imported. A
 * process on the embedded store never loads it, nor the driver's BSON serialiser, which reserves a
 * 17 MB buffer as it loads (ARCHITECTURE.md 'The embedded store's memory'). `require`, not `import()`:
 * on demand all the same, and synchronous, as the error translation needs the driver's classes.
 */
export function loadMongoose(): Mongoose {
  return (require('mongoose') as { default: Mongoose }).default;
}
