import mongoose from 'mongoose';
import { StoreUnavailableError } from '../store.errors';
import { toPortError } from './mongo-errors';

describe('toPortError', () => {
  it('reads a socket that the store closed mid-write as the store being unavailable', () => {
    // What the driver passed on when the server stopped as a command was being written (a Node error, not
    // a MongoError): it must become a 503 like any outage, not a 500.
    const ended = Object.assign(new Error('This socket has been ended by the other party'), {
      code: 'EPIPE',
    });
    for (const error of [ended, Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })]) {
      const translated = toPortError(error, 'articles');
      expect(translated).toBeInstanceOf(StoreUnavailableError);
      expect((translated as Error).cause).toBe(error);
    }
  });

  it('reads the driver’s connectivity errors as unavailable, and leaves other errors as they are', () => {
    const network = new mongoose.mongo.MongoNetworkError('connection closed');
    expect(toPortError(network, 'articles')).toBeInstanceOf(StoreUnavailableError);
    const bug = new TypeError('x is not a function');
    expect(toPortError(bug, 'articles')).toBe(bug);
    const other = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    expect(toPortError(other, 'articles')).toBe(other);
  });
});
