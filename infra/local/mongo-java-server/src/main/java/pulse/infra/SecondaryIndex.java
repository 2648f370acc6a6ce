package pulse.infra;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.EmptyIndex;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.Document;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A non-unique (compound) index held in memory, which mongo-java-server 1.47.0 does not have: it logs "adding
 * secondary index … is not yet implemented. ignoring" and every query on such fields reads the whole collection.
 *
 * <p>Each document is filed under its key on every prefix of the fields (for {@code {a, b, c}}: {@code (a)},
 * {@code (a, b)} and {@code (a, b, c)}), each prefix keyed on its own fields only (an empty array in {@code c} must
 * not hide the document from a query on {@code a}), one entry per element when a field holds an array, as MongoDB's
 * multikey indexes do. A lookup
 * returns the positions of the documents whose keys equal the query's values on a prefix: a superset of the matches,
 * since the collection applies the whole query to each document it reads ({@link PulseH2Collection}). It is rebuilt
 * from the collection when the server starts, as mongo-java-server builds any new index.
 *
 * <p>It never answers {@link #canHandle}: the collection picks among its indexes itself, by the fewest candidates.
 */
final class SecondaryIndex<P> extends Index<P> {
    private final Map<Object, P> positionsById = new HashMap<>();
    /** Per prefix length (element 0: the first field alone), the positions filed under each key. */
    private final List<Map<KeyValue, Set<P>>> byPrefix = new ArrayList<>();
    /** Per prefix length, an index over those fields alone, used only for mongo-java-server's own keying. */
    private final List<Index<P>> prefixKeyers = new ArrayList<>();
    /**
     * Set when a document could not be keyed (parallel arrays): the index is then never used for lookups again. Its
     * positions by id are still kept, because the collection asks every index for a document's position on removal.
     */
    private boolean unusable;

    SecondaryIndex(String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
        for (int length = 1; length <= keys.size(); length++) {
            byPrefix.add(new HashMap<>());
            prefixKeyers.add(new EmptyIndex<>(name + "/" + length, keys.subList(0, length)));
        }
    }

    /** How many leading fields of this index the query pins to plain values (0: none, or the index is unusable). */
    synchronized int usablePrefix(Document query) {
        if (unusable) return 0;
        int length = 0;
        for (String field : keys()) {
            if (QueryKeys.equalityValues(query, field) == null) break;
            length++;
        }
        return length;
    }

    /** The positions filed under the query's values on the first {@code length} fields (a superset of the matches). */
    synchronized Set<P> candidates(Document query, int length) {
        List<KeyValue> lookups = new ArrayList<>();
        lookups.add(null);
        for (String field : keys().subList(0, length)) {
            List<Object> values = QueryKeys.equalityValues(query, field);
            List<KeyValue> next = new ArrayList<>();
            for (KeyValue prefix : lookups) {
                for (Object value : values) {
                    List<Object> extended = prefix == null ? new ArrayList<>() : new ArrayList<>(listOf(prefix));
                    extended.add(value);
                    next.add(new KeyValue(extended));
                }
            }
            if (next.size() > QueryKeys.MAX_IN_VALUES) return null;
            lookups = next;
        }
        Map<KeyValue, Set<P>> map = byPrefix.get(length - 1);
        Set<P> positions = new LinkedHashSet<>();
        for (KeyValue lookup : lookups) {
            Set<P> filed = map.get(lookup);
            if (filed != null) positions.addAll(filed);
        }
        return positions;
    }

    @Override
    public synchronized P getPosition(Document document) {
        return positionsById.get(idOf(document));
    }

    @Override
    public void checkAdd(Document document, MongoCollection<P> collection) {
        // Not unique: nothing to refuse.
    }

    @Override
    public synchronized void add(Document document, P position, MongoCollection<P> collection) {
        positionsById.put(idOf(document), position);
        file(document, position);
    }

    @Override
    public synchronized P remove(Document document) {
        P position = positionsById.remove(idOf(document));
        if (position != null) unfile(document, position);
        return position;
    }

    @Override
    public boolean canHandle(Document query) {
        return false;
    }

    @Override
    public Iterable<P> getPositions(Document query) {
        throw new UnsupportedOperationException("the collection asks candidates(query, length) instead");
    }

    @Override
    public synchronized long getCount() {
        return positionsById.size();
    }

    @Override
    public long getDataSize() {
        return getCount();
    }

    @Override
    public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<P> collection) {
        // Not unique: nothing to refuse.
    }

    @Override
    public synchronized void updateInPlace(Document oldDocument, Document newDocument, P position,
                                           MongoCollection<P> collection) {
        if (unusable || nullAwareEqualsKeysSafely(oldDocument, newDocument)) return;
        unfile(oldDocument, position);
        file(newDocument, position);
    }

    @Override
    public synchronized void drop() {
        positionsById.clear();
        byPrefix.forEach(Map::clear);
    }

    private boolean nullAwareEqualsKeysSafely(Document oldDocument, Document newDocument) {
        try {
            return nullAwareEqualsKeys(oldDocument, newDocument);
        } catch (RuntimeException error) {
            return false;
        }
    }

    private void file(Document document, P position) {
        for (int length = 1; length <= byPrefix.size(); length++) {
            Set<KeyValue> keys = keysOf(document, length);
            if (keys == null) return;
            Map<KeyValue, Set<P>> map = byPrefix.get(length - 1);
            for (KeyValue key : keys) map.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(position);
        }
    }

    private void unfile(Document document, P position) {
        for (int length = 1; length <= byPrefix.size(); length++) {
            Set<KeyValue> keys = keysOf(document, length);
            if (keys == null) return;
            Map<KeyValue, Set<P>> map = byPrefix.get(length - 1);
            for (KeyValue key : keys) {
                Set<P> positions = map.get(key);
                if (positions == null) continue;
                positions.remove(position);
                if (positions.isEmpty()) map.remove(key);
            }
        }
    }

    /**
     * The document's keys on the first {@code length} fields; null (and the index given up) when it cannot be keyed
     * (parallel arrays, which MongoDB refuses to index): a write never fails because of this index.
     */
    private Set<KeyValue> keysOf(Document document, int length) {
        if (unusable) return null;
        try {
            return prefixKeyers.get(length - 1).getKeyValues(document);
        } catch (RuntimeException error) {
            unusable = true;
            byPrefix.forEach(Map::clear);
            return null;
        }
    }

    private static List<Object> listOf(KeyValue key) {
        List<Object> values = new ArrayList<>(key.size());
        for (Object value : key) values.add(value);
        return values;
    }

    private static Object idOf(Document document) {
        return Missing.ofNullable(document.get("_id"));
    }
}
