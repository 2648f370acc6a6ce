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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
    private static final Logger LOG = LoggerFactory.getLogger(PulseH2Collection.class);
    /**
     * A query that reads at least this many documents is logged, whether in full or narrowed by an index: on a large
     * store such a read holds a network thread, and every connection on it, for seconds (a slow-query log, as MongoDB
     * keeps one).
     */
    private static final int LOGGED_READ = 5_000;
    private static final long LOG_EVERY_MS = 60_000;
    /** When each collection and query shape was last logged, so a hot query is logged once a minute. */
    private static final Map<String, Long> LOGGED_AT = new ConcurrentHashMap<>();

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
        boolean unique = answeredByUniqueIndex(query);
        if (!isNaturalOrder(orderBy) && !unique) {
            List<Object> candidates = candidates(query);
            if (candidates != null) {
                candidates = withinIdRange(candidates, query);
                logLargeRead("find", query, candidates.size(), "(at most; narrowed by an index)");
                // In _id order already: unsorted, the library's stream reads documents only until the limit is met.
                Document order = orderBy;
                if (isIdOrder(orderBy)) {
                    if (((Number) orderBy.get(ID_FIELD)).intValue() < 0) Collections.reverse(candidates);
                    order = null;
                }
                return matchDocuments(query, candidates, order, numberToSkip, limit, batchSize, fieldSelector);
            }
        }
        if (!unique) logLargeRead("find", query, count(), "(in full)");
        return super.queryDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
    }

    /** Logs a read of many documents, once a minute per collection, kind and the query's field names. */
    private void logLargeRead(String kind, Document query, int documents, String how) {
        if (documents < LOGGED_READ) return;
        String shape = getFullName() + " " + kind + " " + query.keySet();
        long now = System.currentTimeMillis();
        Long last = LOGGED_AT.get(shape);
        if (last != null && now - last < LOG_EVERY_MS) return;
        LOGGED_AT.put(shape, now);
        LOG.warn("{}: {} documents to read {}: {}", getFullName(), documents, how, kind + " " + query);
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
                logLargeRead("aggregate", (Document) pending[1], candidates.size(), "(narrowed by an index)");
                List<Document> documents = new ArrayList<>(candidates.size());
                for (Object position : candidates) documents.add(getDocument(position));
                return documents.stream().filter(Objects::nonNull);
            }
            logLargeRead("aggregate", (Document) pending[1], count(), "(in full)");
        }
        return super.queryAllAsStream();
    }

    /**
     * A sort on {@code _id} alone, which candidates already follow: a position here is the document's {@code _id}
     * (the key H2Collection stores it under), and {@link #candidates} returns them in that order.
     */
    private static boolean isIdOrder(Document orderBy) {
        return orderBy != null && orderBy.size() == 1 && orderBy.get(ID_FIELD) instanceof Number direction
            && Math.abs(direction.intValue()) == 1;
    }

    /**
     * The candidates within the query's range on {@code _id}, kept by comparing positions (which are the ids) without
     * reading a document: a page walk ({@code {_id: {$gt: last}}, sorted by _id, limited}) then reads one page, not
     * every document before it. Bounds compare across types in their sort order, so this keeps a superset.
     */
    private static List<Object> withinIdRange(List<Object> candidates, Document query) {
        QueryKeys.Range range = QueryKeys.rangeOf(query, ID_FIELD);
        if (range == null) return candidates;
        Comparator<Object> order = ValueComparator.ascWithoutListHandling();
        List<Object> kept = new ArrayList<>(candidates.size());
        for (Object position : candidates) {
            if (range.lower() != null) {
                int side = order.compare(position, range.lower());
                if (side < 0 || (side == 0 && !range.lowerInclusive())) continue;
            }
            if (range.upper() != null) {
                int side = order.compare(position, range.upper());
                if (side > 0 || (side == 0 && !range.upperInclusive())) continue;
            }
            kept.add(position);
        }
        return kept;
    }

    /**
     * How many documents match, answered from an index without reading any, or null when only reading them can tell:
     * the query is {@code _id} alone, or plain equalities on exactly a prefix of one secondary index's fields. The
     * driver counts ({@code countDocuments}) with an aggregation, which would otherwise read every candidate.
     */
    synchronized Integer exactCount(Document query) {
        if (query.size() == 1 && query.containsKey(ID_FIELD)) {
            Collection<Object> positions = byId(query);
            if (positions != null) return positions.size();
        }
        for (Index<Object> index : getIndexes()) {
            if (!(index instanceof SecondaryIndex<Object> secondary)) continue;
            Integer count = secondary.exactCount(query);
            if (count != null) return count;
        }
        return null;
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
