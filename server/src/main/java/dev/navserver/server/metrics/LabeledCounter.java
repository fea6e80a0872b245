package dev.navserver.server.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A family of {@link Counter}s told apart by one label, e.g. {@code navserver_messages_in_total{type="ping"}}.
 * Values declared up front are exported as 0 before their first increment. To bound memory and scrape size against
 * hostile input (say, one unknown message type per line), at most {@link #MAX_VALUES} distinct values are kept; later
 * new values are counted under {@link #OTHER}.
 *
 * <p>Thread-safe. {@link #labels(String)} for an existing value is a lock-free map lookup with no allocation; hot
 * paths may also keep the returned {@link Counter}.
 */
public final class LabeledCounter {
    /** Most distinct label values kept, {@link #OTHER} included. */
    public static final int MAX_VALUES = 128;
    /** Label value that absorbs new values past {@link #MAX_VALUES}. */
    public static final String OTHER = "other";

    private final String labelName;
    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();

    LabeledCounter(String labelName, List<String> declaredValues) {
        this.labelName = labelName;
        for (String v : declaredValues) {
            counters.put(v, new Counter());
        }
    }

    /** The label's name, e.g. {@code type}. */
    public String labelName() {
        return labelName;
    }

    /** The counter for {@code value}, created on first use (or {@link #OTHER} once the family is full). */
    public Counter labels(String value) {
        Counter c = counters.get(value);
        if (c != null) {
            return c;
        }
        if (counters.size() >= MAX_VALUES - 1) {
            return counters.computeIfAbsent(OTHER, k -> new Counter());
        }
        return counters.computeIfAbsent(value, k -> new Counter());
    }

    /** Adds one to the counter for {@code value}. */
    public void inc(String value) {
        labels(value).inc();
    }

    /** The count for {@code value}; 0 if it was never seen. */
    public long get(String value) {
        Counter c = counters.get(value);
        return c == null ? 0 : c.get();
    }

    /** Sum over all values. */
    public long total() {
        long sum = 0;
        for (Counter c : counters.values()) {
            sum += c.get();
        }
        return sum;
    }

    /** Label values and counts, sorted by value. */
    List<Map.Entry<String, Long>> snapshot() {
        List<Map.Entry<String, Long>> out = new ArrayList<>(counters.size());
        counters.forEach((k, c) -> out.add(Map.entry(k, c.get())));
        out.sort(Map.Entry.comparingByKey());
        return out;
    }
}
