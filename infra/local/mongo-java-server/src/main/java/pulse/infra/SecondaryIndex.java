package pulse.infra;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.EmptyIndex;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.Document;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * A non-unique (compound) index held in memory, which mongo-java-server 1.47.0 does not have: it logs "adding
 * secondary index … is not yet implemented. ignoring" and every query on such fields reads the whole collection.
 *
 * <p>Each document is filed under its key on every prefix of the fields (for {@code {a, b, c}}: {@code (a)},
 * {@code (a, b)} and {@code (a, b, c)}), each prefix keyed on its own fields only (an empty array in {@code c} must
 * not hide the document from a query on {@code a}), one entry per element when a field holds an array, as MongoDB's
 * multikey indexes do. A lookup returns the positions of the documents whose keys equal the query's values on a
 * prefix, or fall in its range on the first field: a superset of the matches, since the collection applies the whole
 * query to each document it reads ({@link PulseH2Collection}). It is rebuilt from the collection when the server
 * starts, as mongo-java-server builds any new index.
 *
 * <p>It never answers {@link #canHandle}: the collection picks among its indexes itself, by the fewest candidates.
 */
final class SecondaryIndex<P> extends Index<P> {
    /**
     * The order of BSON types and, within a type, of values, as mongo-java-server sorts them. Two keys it calls equal
     * share an entry, which only adds candidates.
     */
    private static final Comparator<KeyValue> BY_FIRST_VALUE =
        (left, right) -> ValueComparator.ascWithoutListHandling().compare(left.get(0), right.get(0));

    private final Map<Object, P> positionsById = new HashMap<>();
    /**
     * Per prefix length (element 0: the first field alone), what is filed under each key: one position, or a
     * {@link Positions} when there are several. Most keys (an id, a target) hold one document, and a set around each
     * would cost several times the position it holds.
     */
    private final List<Map<KeyValue, Object>> byPrefix = new ArrayList<>();
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
            // The first field's keys in order, for ranges; the longer prefixes are only ever looked up whole.
            byPrefix.add(length == 1 ? new TreeMap<>(BY_FIRST_VALUE) : new HashMap<>());
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

    /**
     * How many documents match a query whose every condition is a plain equality (a value, or an {@code $in} of values)
     * on a prefix of this index's fields, and which has no other condition; null for any other query. Exact, not a
     * superset: a document is filed under each of its keys once per element, as MongoDB matches an equality on an
     * array by any element, and the positions are counted once.
     */
    synchronized Integer exactCount(Document query) {
        int length = usablePrefix(query);
        if (length == 0 || length != query.size()) return null;
        Set<P> positions = candidates(query, length);
        return positions == null ? null : positions.size();
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
        Map<KeyValue, Object> map = byPrefix.get(length - 1);
        Set<P> positions = new LinkedHashSet<>();
        for (KeyValue lookup : lookups) {
            Object filed = map.get(lookup);
            if (filed instanceof Positions several) several.positions().forEach(p -> positions.add(positionOf(p)));
            else if (filed != null) positions.add(positionOf(filed));
        }
        return positions;
    }

    /**
     * The positions filed under the first field's values within the query's range on that field, or null when its
     * condition there is not a range. Bounds compare across BSON types in their sort order, so {@code $gt: ''} also
     * returns documents with an embedded document or a date there: more candidates, never fewer.
     */
    synchronized Set<P> rangeCandidates(Document query) {
        if (unusable) return null;
        QueryKeys.Range range = QueryKeys.rangeOf(query, keys().get(0));
        if (range == null) return null;
        NavigableMap<KeyValue, Object> ordered = (NavigableMap<KeyValue, Object>) byPrefix.get(0);
        if (range.lower() != null) ordered = ordered.tailMap(new KeyValue(range.lower()), range.lowerInclusive());
        if (range.upper() != null) ordered = ordered.headMap(new KeyValue(range.upper()), range.upperInclusive());
        Set<P> positions = new LinkedHashSet<>();
        for (Object filed : ordered.values()) {
            if (filed instanceof Positions several) several.positions().forEach(p -> positions.add(positionOf(p)));
            else positions.add(positionOf(filed));
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
        if (unusable || sameKeysOnEveryPrefix(oldDocument, newDocument)) return;
        unfile(oldDocument, position);
        file(newDocument, position);
    }

    @Override
    public synchronized void drop() {
        positionsById.clear();
        byPrefix.forEach(Map::clear);
    }

    /**
     * Per prefix, not on the whole key: with an empty array in {@code b}, {@code {a, b}} has no key at all whatever
     * {@code a} holds, so the whole keys of two versions can be equal while their {@code (a)} keys differ.
     */
    private boolean sameKeysOnEveryPrefix(Document oldDocument, Document newDocument) {
        for (int length = 1; length <= byPrefix.size(); length++) {
            Set<KeyValue> before = keysOf(oldDocument, length);
            Set<KeyValue> after = keysOf(newDocument, length);
            if (before == null || after == null || !before.equals(after)) return false;
        }
        return true;
    }

    private void file(Document document, P position) {
        for (int length = 1; length <= byPrefix.size(); length++) {
            Set<KeyValue> keys = keysOf(document, length);
            if (keys == null) return;
            Map<KeyValue, Object> map = byPrefix.get(length - 1);
            for (KeyValue key : keys) {
                map.merge(key, position, (filed, added) -> {
                    if (filed instanceof Positions several) {
                        several.positions().add(added);
                        return several;
                    }
                    if (filed.equals(added)) return filed;
                    Positions several = new Positions(new HashSet<>(4));
                    several.positions().add(filed);
                    several.positions().add(added);
                    return several;
                });
            }
        }
    }

    private void unfile(Document document, P position) {
        for (int length = 1; length <= byPrefix.size(); length++) {
            Set<KeyValue> keys = keysOf(document, length);
            if (keys == null) return;
            Map<KeyValue, Object> map = byPrefix.get(length - 1);
            for (KeyValue key : keys) {
                map.computeIfPresent(key, (k, filed) -> {
                    if (!(filed instanceof Positions several)) return filed.equals(position) ? null : filed;
                    several.positions().remove(position);
                    if (several.positions().size() > 1) return several;
                    return several.positions().isEmpty() ? null : several.positions().iterator().next();
                });
            }
        }
    }

    /** Several positions under one key (a position itself is never a Positions, so the two cannot be confused). */
    private record Positions(Set<Object> positions) {
    }

    @SuppressWarnings("unchecked")
    private P positionOf(Object filed) {
        return (P) filed;
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
