package dev.navserver.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A family of Micrometer {@link Counter}s under one name told apart by one label, e.g.
 * {@code navserver_messages_in_total{type="ping"}}. Values declared up front are exported as 0 before their first
 * increment. To bound memory and scrape size against hostile input (say, one unknown message type per line), at most
 * {@link #MAX_VALUES} distinct values are kept; later new values are counted under {@link #OTHER}.
 *
 * <p>Thread-safe. {@link #labels(String)} for an existing value is a lock-free map lookup with no allocation; hot
 * paths may also keep the returned {@link Counter}.
 */
public final class LabeledCounter {
    /** Most distinct label values kept, {@link #OTHER} included. */
    public static final int MAX_VALUES = 128;
    /** Label value that absorbs new values past {@link #MAX_VALUES}. */
    public static final String OTHER = "other";

    private final MeterRegistry registry;
    private final String name;
    private final String help;
    private final String labelName;
    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();

    /**
     * Registers the declared values at once.
     *
     * @param name           Prometheus family name, ending in {@code _total}
     * @param declaredValues label values exported (as 0) from the start
     */
    LabeledCounter(MeterRegistry registry, String name, String help, String labelName, List<String> declaredValues) {
        this.registry = registry;
        this.name = name;
        this.help = help;
        this.labelName = labelName;
        for (String v : declaredValues) {
            counters.computeIfAbsent(v, this::register);
        }
    }

    /** The label's name, e.g. {@code type}. */
    public String labelName() {
        return labelName;
    }

    /** The counter for {@code value}, registered on first use (or {@link #OTHER} once the family is full). */
    public Counter labels(String value) {
        Counter c = counters.get(value);
        if (c != null) {
            return c;
        }
        if (counters.size() >= MAX_VALUES - 1) {
            return counters.computeIfAbsent(OTHER, this::register);
        }
        return counters.computeIfAbsent(value, this::register);
    }

    /** Adds one to the counter for {@code value}. */
    public void inc(String value) {
        labels(value).increment();
    }

    /** The count for {@code value}; 0 if it was never seen. */
    public long get(String value) {
        Counter c = counters.get(value);
        return c == null ? 0 : (long) c.count();
    }

    /** Sum over all values. */
    public long total() {
        long sum = 0;
        for (Counter c : counters.values()) {
            sum += (long) c.count();
        }
        return sum;
    }

    /** Distinct label values kept, {@link #OTHER} included once used. */
    public int size() {
        return counters.size();
    }

    private Counter register(String value) {
        return Counter.builder(name).description(help).tag(labelName, value).register(registry);
    }
}
