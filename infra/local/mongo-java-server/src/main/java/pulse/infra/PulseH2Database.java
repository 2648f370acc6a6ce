package pulse.infra;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

import java.util.List;

/**
 * mongo-java-server's H2 database with the indexes it lacks: non-unique (compound) indexes are built
 * ({@link SecondaryIndex}) instead of ignored, and its collections read through them ({@link PulseH2Collection}).
 * What is stored on disk is unchanged: the secondary indexes live in memory and are rebuilt on start.
 */
final class PulseH2Database extends H2Database {
    /**
     * H2Database opens the stored collections from its constructor, before this class's fields are set, so the store
     * those collections need is handed over on the constructing thread.
     */
    private static final ThreadLocal<MVStore> OPENING = new ThreadLocal<>();

    private MVStore store;

    private PulseH2Database(String databaseName, MVStore mvStore, CursorRegistry cursorRegistry) {
        super(databaseName, mvStore, cursorRegistry);
        this.store = mvStore;
    }

    static PulseH2Database open(String databaseName, MVStore mvStore, CursorRegistry cursorRegistry) {
        OPENING.set(mvStore);
        try {
            return new PulseH2Database(databaseName, mvStore, cursorRegistry);
        } finally {
            OPENING.remove();
        }
    }

    @Override
    protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
        MVStore mvStore = store != null ? store : OPENING.get();
        String fullCollectionName = getFullCollectionNamespace(collectionName);
        // The same maps H2Database opens (its names are package-private there).
        MVMap<Object, Document> dataMap = mvStore.openMap("databases." + fullCollectionName);
        MVMap<String, Object> metaMap = mvStore.openMap("meta." + fullCollectionName);
        return new PulseH2Collection(this, collectionName, options, dataMap, metaMap, cursorRegistry);
    }

    @Override
    protected Index<Object> openOrCreateSecondaryIndex(String collectionName, String indexName, List<IndexKey> keys,
                                                       boolean sparse) {
        return new SecondaryIndex<>(indexName, keys, sparse);
    }

    @Override
    public Document handleCommand(Channel channel, String command, Document query, DatabaseResolver databaseResolver,
                                  Oplog oplog) {
        Document match = command.equalsIgnoreCase("aggregate") ? firstMatch(query) : null;
        if (match == null) return super.handleCommand(channel, command, query, databaseResolver, oplog);
        Document counted = countFromIndex(command, query, match);
        if (counted != null) return counted;
        String fullCollectionName = getFullCollectionNamespace(query.get(command).toString());
        return PulseH2Collection.withAggregationMatch(fullCollectionName, match,
            () -> super.handleCommand(channel, command, query, databaseResolver, oplog));
    }

    /**
     * The answer to a count, {@code [{$match}, {$group: {_id: <constant>, <name>: {$sum: 1}}}]} (the Node driver's
     * {@code countDocuments}), when an index tells the number exactly ({@link PulseH2Collection#exactCount}); null to
     * run the pipeline. An edition's progress counts up to 100,000 send records a status, every few seconds.
     */
    private Document countFromIndex(String command, Document query, Document match) {
        if (!(query.get("pipeline") instanceof List<?> pipeline) || pipeline.size() != 2) return null;
        if (!(pipeline.get(1) instanceof Document stage) || stage.size() != 1) return null;
        if (!(stage.get("$group") instanceof Document group) || group.size() != 2 || !group.containsKey("_id")) return null;
        Object groupId = group.get("_id");
        // One group for every document: null, a number, or a string that does not name a field ('$status').
        boolean constant = groupId == null || groupId instanceof Number
            || (groupId instanceof String text && !text.startsWith("$"));
        if (!constant) return null;
        String name = null;
        for (String key : group.keySet()) if (!key.equals("_id")) name = key;
        if (!(group.get(name) instanceof Document sum) || sum.size() != 1 || !(sum.get("$sum") instanceof Number one)
            || one.doubleValue() != 1) return null;
        String collectionName = query.get(command).toString();
        if (!(resolveCollection(collectionName, false) instanceof PulseH2Collection collection)) return null;
        Integer count = collection.exactCount(match);
        if (count == null) return null;
        Document cursor = new Document("id", 0L).append("ns", getFullCollectionNamespace(collectionName));
        cursor.append("firstBatch", count == 0 ? List.of() : List.of(new Document("_id", groupId).append(name, count)));
        return new Document("cursor", cursor).append("ok", 1.0);
    }

    /** The pipeline's first stage when it is a {@code $match}; an aggregation's input is then narrowed by it. */
    private static Document firstMatch(Document query) {
        if (!(query.get("pipeline") instanceof List<?> pipeline) || pipeline.isEmpty()) return null;
        if (!(pipeline.get(0) instanceof Document stage) || stage.size() != 1) return null;
        return stage.get("$match") instanceof Document match ? match : null;
    }
}
