package pulse.infra;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.bson.Document;
import org.h2.mvstore.MVMap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * mongo-java-server's H2 collection, reading through its indexes more often than it does itself.
 *
 * <p>It uses an index only when the query's fields are exactly the index's (a unique index, since it has no other
 * kind); every other query reads the whole collection. Here a query first narrows to the fewest candidates any index
 * offers: the documents whose {@code _id} it names (even beside other conditions), those filed under its values on
 * a prefix of a {@link SecondaryIndex}, or those within its range on an index's first field (the outbox relay's
 * {@code {_outbox.occurredAt: {$gt: ''}}} poll, on every collection with events to send). The candidates are a superset of the matches, and the whole query is then
 * applied to each, so the answer is the same as a full read.
 *
 * <p>An aggregation's input is narrowed the same way by its first {@code $match} ({@link PulseH2Database} hands it
 * over), which is how the Node driver counts ({@code countDocuments}).
 */
final class PulseH2Collection extends H2Collection {
    private static final String ID_FIELD = "_id";

    /** The first {@code $match} of the aggregation now running on this thread, and the collection it reads. */
    private static final ThreadLocal<Object[]> AGGREGATION_MATCH = new ThreadLocal<>();

    PulseH2Collection(MongoDatabase database, String collectionName, CollectionOptions options,
                      MVMap<Object, Document> dataMap, MVMap<String, Object> metaMap, CursorRegistry cursorRegistry) {
        super(database, collectionName, options, dataMap, metaMap, cursorRegistry);
    }

    /** Runs {@code run} with the input of an aggregation over {@code fullCollectionName} narrowed by {@code match}. */
    static <T> T withAggregationMatch(String fullCollectionName, Document match, Supplier<T> run) {
        AGGREGATION_MATCH.set(new Object[] {fullCollectionName, match});
        try {
            return run.get();
        } finally {
            AGGREGATION_MATCH.remove();
        }
    }

    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        if (!isNaturalOrder(orderBy) && !answeredByUniqueIndex(query)) {
            List<Object> candidates = candidates(query);
            if (candidates != null)
                return matchDocuments(query, candidates, orderBy, numberToSkip, limit, batchSize, fieldSelector);
        }
        return super.queryDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
    }

    @Override
    public synchronized Stream<Document> queryAllAsStream() {
        Object[] pending = AGGREGATION_MATCH.get();
        if (pending != null && getFullName().equals(pending[0])) {
            // Once: a later read of this collection in the same pipeline ($lookup, $unionWith) has its own filter.
            AGGREGATION_MATCH.remove();
            List<Object> candidates = candidates((Document) pending[1]);
            if (candidates != null) {
                // Materialised under this collection's lock, as the full read it replaces is.
                List<Document> documents = new ArrayList<>(candidates.size());
                for (Object position : candidates) documents.add(getDocument(position));
                return documents.stream().filter(Objects::nonNull);
            }
        }
        return super.queryAllAsStream();
    }

    /** {@code $natural} asks for the data map's own order, which only the full read gives. */
    private static boolean isNaturalOrder(Document orderBy) {
        return orderBy != null && orderBy.containsKey("$natural");
    }

    /** mongo-java-server's own path: a unique index whose fields are exactly the query's. */
    private boolean answeredByUniqueIndex(Document query) {
        for (Index<Object> index : getIndexes()) {
            if (index.isUnique() && index.canHandle(query)) return true;
        }
        return false;
    }

    /** The positions of a superset of the query's matches, in position order, or null when only a full read will do. */
    private List<Object> candidates(Document query) {
        Collection<Object> fewest = byId(query);
        if (fewest == null || fewest.size() > 1) {
            for (Index<Object> index : getIndexes()) {
                if (!(index instanceof SecondaryIndex<Object> secondary)) continue;
                int length = secondary.usablePrefix(query);
                Set<Object> offered = length > 0 ? secondary.candidates(query, length) : secondary.rangeCandidates(query);
                if (offered != null && (fewest == null || offered.size() < fewest.size())) fewest = offered;
            }
        }
        if (fewest == null) return null;
        List<Object> ordered = new ArrayList<>(fewest);
        // The order a full read gives (the data map's, by _id), for callers that do not sort.
        ordered.sort(ValueComparator.asc());
        return ordered;
    }

    /** The positions of the documents whose _id the query names, through the collection's unique _id index. */
    private Collection<Object> byId(Document query) {
        List<Object> ids = QueryKeys.equalityValues(query, ID_FIELD);
        if (ids == null) return null;
        for (Index<Object> index : getIndexes()) {
            List<IndexKey> keys = index.getKeys();
            if (!index.isUnique() || keys.size() != 1 || !keys.get(0).getKey().equals(ID_FIELD)) continue;
            Set<Object> positions = new LinkedHashSet<>();
            for (Object position : index.getPositions(new Document(ID_FIELD, query.get(ID_FIELD)))) positions.add(position);
            return positions;
        }
        return null;
    }
}
