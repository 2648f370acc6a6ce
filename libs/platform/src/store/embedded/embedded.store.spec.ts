import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeDocumentStoreContract } from '@pulse/testing';
import { EmbeddedDocumentStore } from './embedded.store';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describeDocumentStoreContract('embedded', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-store-contract-'));
  dirs.push(dir);
  return EmbeddedDocumentStore.open({ dataDir: dir });
});
