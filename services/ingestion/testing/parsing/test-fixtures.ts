// Test helper: reads the shared fixture documents (libs/testing/fixtures) the fixture server also serves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '../../../../libs/testing/fixtures');

export function feedFixture(name: string): string {
  return readFileSync(join(FIXTURES, 'feeds', name), 'utf8');
}

/** Hostile documents are bytes (some in legacy encodings); the fetcher decodes, so tests decode too. */
export function hostileFixture(name: string, encoding = 'utf-8'): string {
  // ignoreBOM keeps a UTF-8 BOM in the text, as a careless decoder would, so the parser must cope with it.
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(readFileSync(join(FIXTURES, 'hostile', name)));
}

export const FEED_URL = 'https://feeds.example.com/fixtures/feed.xml';
