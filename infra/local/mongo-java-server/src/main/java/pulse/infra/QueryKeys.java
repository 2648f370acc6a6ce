package pulse.infra;

import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * The values a query asks one field to equal, in the form mongo-java-server's indexes store them, or none when the
 * field's condition is anything an index lookup could get wrong.
 *
 * <p>Only a plain scalar ({@code {a: 1}}) or an {@code $in} of scalars counts as equality; {@link #rangeOf} takes
 * {@code $gt}, {@code $gte}, {@code $lt} and {@code $lte} bounds that are scalars. Null is left out on purpose: it also
 * matches a missing field, which the index keys apart. Embedded documents, arrays, regular expressions and every
 * other operator are left out too; the collection then scans, as mongo-java-server always did.
 */
final class QueryKeys {
    /**
     * The most lookups one query makes in an index (the values of an {@code $in}, or their product over a compound
     * prefix). A lookup is a map read; a full read deserialises every document from the store, so even the sender's
     * 1,000-id claims are far cheaper looked up. Past this the collection reads everything, as mongo-java-server did.
     */
    static final int MAX_IN_VALUES = 10_000;

    private QueryKeys() {
    }

    /** The normalised values the field must equal, or null when its condition is not a plain equality. */
    static List<Object> equalityValues(Document query, String field) {
        if (!query.containsKey(field)) return null;
        Object condition = query.get(field);
        if (isIndexableScalar(condition)) return List.of(normalize(condition));
        if (!(condition instanceof Document operators) || operators.size() != 1) return null;
        if (!(operators.get("$in") instanceof Collection<?> values) || values.size() > MAX_IN_VALUES) return null;
        List<Object> normalized = new ArrayList<>(values.size());
        for (Object value : values) {
            if (!isIndexableScalar(value)) return null;
            normalized.add(normalize(value));
        }
        return normalized;
    }

    /** Bounds on one field ({@code $gt}, {@code $gte}, {@code $lt}, {@code $lte}); a null bound is open. */
    record Range(Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive) {
    }

    /** The field's condition as a range of plain values, or null when it is anything else. */
    static Range rangeOf(Document query, String field) {
        if (!(query.get(field) instanceof Document operators) || operators.isEmpty()) return null;
        Object lower = null;
        Object upper = null;
        boolean lowerInclusive = false;
        boolean upperInclusive = false;
        for (String operator : operators.keySet()) {
            Object bound = operators.get(operator);
            if (!isIndexableScalar(bound)) return null;
            boolean isLower = operator.equals("$gt") || operator.equals("$gte");
            boolean isUpper = operator.equals("$lt") || operator.equals("$lte");
            if ((!isLower && !isUpper) || (isLower && lower != null) || (isUpper && upper != null)) return null;
            if (isLower) {
                lower = normalize(bound);
                lowerInclusive = operator.equals("$gte");
            } else {
                upper = normalize(bound);
                upperInclusive = operator.equals("$lte");
            }
        }
        return new Range(lower, lowerInclusive, upper, upperInclusive);
    }

    static boolean isIndexableScalar(Object value) {
        return value instanceof String
            || value instanceof Number
            || value instanceof Boolean
            || value instanceof ObjectId
            || value instanceof Instant
            || value instanceof UUID;
    }

    /**
     * What mongo-java-server's {@code Utils.normalizeValue} (package-private there) makes of a scalar: every number
     * compares as a double unless a long would lose digits, so {@code 1}, {@code 1L} and {@code 1.0} find each other.
     */
    static Object normalize(Object value) {
        if (value instanceof Long longValue && longValue.longValue() != (long) longValue.doubleValue()) return value;
        if (value instanceof Number number) {
            double doubleValue = number.doubleValue();
            return Double.valueOf(doubleValue == -0.0 ? 0.0 : doubleValue);
        }
        return value;
    }
}
