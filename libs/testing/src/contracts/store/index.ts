import type { DocumentStore } from '@pulse/platform/store';
import { describeAggregationCases } from './aggregation.cases';
import type { StoreContractContext } from './context';
import { describeCrudCases, describeDeleteCases } from './crud.cases';
import { describeFilterCases } from './filters.cases';
import { describeIndexCases } from './indexes.cases';
import { describeSortAndPagingCases } from './sort-and-paging.cases';
import { describeUpdateCases } from './updates.cases';

export type MakeDocumentStore = () => Promise<DocumentStore>;

/**
 * The behaviour every DocumentStore adapter must show, written once and run against each adapter
 * (embedded store in a temp folder, MongoDB in a database of its own). Expected values are literals,
 * so passing on both adapters means both return the same results for the same calls;
 * describeDocumentStoreParity (store-parity.contract.ts) adds a randomised side-by-side comparison.
 */
export function describeDocumentStoreContract(adapterName: string, makeStore: MakeDocumentStore): void {
  describe(`DocumentStore contract: ${adapterName}`, () => {
    let store: DocumentStore;
    let counter = 0;
    const ctx: StoreContractContext = {
      get store() {
        return store;
      },
      fresh: (label, indexes) => store.collection(`${label}_${++counter}`, indexes),
      async seeded<T extends { _id: string }>(label: string, docs: T[]) {
        const collection = ctx.fresh<T>(label);
        await collection.insertMany(docs);
        return collection;
      },
    };

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('reports healthy', async () => {
      await expect(store.check()).resolves.toEqual({ ok: true });
    });

    describeCrudCases(ctx);
    describeFilterCases(ctx);
    describeSortAndPagingCases(ctx);
    describeUpdateCases(ctx);
    describeDeleteCases(ctx);
    describeIndexCases(ctx);
    describeAggregationCases(ctx);
  });
}
