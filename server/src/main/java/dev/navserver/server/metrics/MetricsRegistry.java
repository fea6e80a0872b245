package dev.navserver.server.metrics;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;

/**
 * Named metrics rendered in the Prometheus text exposition format 0.0.4, in registration order, each with its
 * {@code # HELP} and {@code # TYPE} lines. Registration is rare and may happen at any time; a name can be registered
 * once. Thread-safe: metrics are updated from any thread while {@link #scrape()} runs.
 */
public final class MetricsRegistry {
    /** The {@code Content-Type} of {@link #scrape()} output. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    private final List<Family> families = new CopyOnWriteArrayList<>();
    private final Set<String> names = ConcurrentHashMap.newKeySet();

    /** Registers a counter without labels; by convention {@code name} ends in {@code _total}. */
    public Counter counter(String name, String help) {
        Counter c = new Counter();
        add(new Family(name, help, "counter", c));
        return c;
    }

    /**
     * Registers a counter family with one label.
     *
     * @param declaredValues label values exported (as 0) from the start
     */
    public LabeledCounter labeledCounter(String name, String help, String labelName, List<String> declaredValues) {
        if (!LABEL_NAME.matcher(labelName).matches() || labelName.startsWith("__") || labelName.equals("le")) {
            throw new IllegalArgumentException("invalid label name: " + labelName);
        }
        LabeledCounter c = new LabeledCounter(labelName, declaredValues);
        add(new Family(name, help, "counter", c));
        return c;
    }

    /** Registers a gauge read from {@code value} at each scrape; a supplier that throws is exported as NaN. */
    public void gauge(String name, String help, DoubleSupplier value) {
        add(new Family(name, help, "gauge", Objects.requireNonNull(value, "value")));
    }

    /**
     * Registers a histogram; see {@link MetricHistogram}.
     *
     * @param highestTrackable largest distinguishable sample, in recorded units
     * @param exportDivisor    recorded units per exported unit (1e9 for nanoseconds to seconds)
     * @param bucketBounds     upper bucket bounds in recorded units, strictly increasing
     */
    public MetricHistogram histogram(String name, String help, long highestTrackable, double exportDivisor,
                                     long... bucketBounds) {
        MetricHistogram h = new MetricHistogram(highestTrackable, exportDivisor, bucketBounds);
        add(new Family(name, help, "histogram", h));
        return h;
    }

    /** Every metric in the text exposition format 0.0.4, ending with a newline. */
    public String scrape() {
        StringBuilder sb = new StringBuilder(8192);
        for (Family f : families) {
            f.write(sb);
        }
        return sb.toString();
    }

    private void add(Family f) {
        if (!METRIC_NAME.matcher(f.name).matches()) {
            throw new IllegalArgumentException("invalid metric name: " + f.name);
        }
        if (!names.add(f.name)) {
            throw new IllegalArgumentException("metric already registered: " + f.name);
        }
        families.add(f);
    }

    private record Family(String name, String help, String type, Object metric) {
        void write(StringBuilder sb) {
            sb.append("# HELP ").append(name).append(' ');
            escape(sb, help, false);
            sb.append('\n');
            sb.append("# TYPE ").append(name).append(' ').append(type).append('\n');
            if (metric instanceof Counter c) {
                sb.append(name).append(' ').append(c.get()).append('\n');
            } else if (metric instanceof LabeledCounter lc) {
                for (Map.Entry<String, Long> e : lc.snapshot()) {
                    sb.append(name).append('{').append(lc.labelName()).append("=\"");
                    escape(sb, e.getKey(), true);
                    sb.append("\"} ").append(e.getValue()).append('\n');
                }
            } else if (metric instanceof DoubleSupplier g) {
                double v;
                try {
                    v = g.getAsDouble();
                } catch (RuntimeException e) {
                    v = Double.NaN;
                }
                sb.append(name).append(' ').append(number(v)).append('\n');
            } else if (metric instanceof MetricHistogram h) {
                MetricHistogram.Snapshot s = h.snapshot();
                long[] bounds = h.bucketBounds();
                for (int i = 0; i < bounds.length; i++) {
                    sb.append(name).append("_bucket{le=\"").append(number(bounds[i] / h.exportDivisor()))
                            .append("\"} ").append(s.cumulativeCounts()[i]).append('\n');
                }
                sb.append(name).append("_bucket{le=\"+Inf\"} ").append(s.count()).append('\n');
                sb.append(name).append("_sum ").append(number(s.sum() / h.exportDivisor())).append('\n');
                sb.append(name).append("_count ").append(s.count()).append('\n');
            }
        }
    }

    /** A sample value: integers without a fraction, {@code NaN}, {@code +Inf}, {@code -Inf}, else plain decimal. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /** Escapes {@code \} and newline (and {@code "} in label values) as the format requires. */
    private static void escape(StringBuilder sb, String s, boolean labelValue) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '"' -> sb.append(labelValue ? "\\\"" : "\"");
                default -> sb.append(ch);
            }
        }
    }
}
