package dev.navserver.bots;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Prometheus histogram as cumulative bucket counts ({@code <name>_bucket{le="..."}}), read from the text
 * exposition format, with Prometheus' {@code histogram_quantile}. Series of the family that carry labels besides
 * {@code le} are summed per bound, as {@code sum by (le)} would. Immutable and thread-safe.
 *
 * @param upperBounds      bucket upper bounds in the family's unit, increasing; the last is {@code +Inf}
 * @param cumulativeCounts observations {@code <=} each bound, same length as {@code upperBounds}
 */
public record BucketHistogram(double[] upperBounds, double[] cumulativeCounts) {
    public BucketHistogram {
        if (upperBounds.length != cumulativeCounts.length) {
            throw new IllegalArgumentException("upperBounds and cumulativeCounts differ in length: "
                    + upperBounds.length + " vs " + cumulativeCounts.length);
        }
        upperBounds = upperBounds.clone();
        cumulativeCounts = cumulativeCounts.clone();
    }

    /**
     * The histogram {@code family} (e.g. {@code navserver_tick_duration_seconds}) in a scrape, or null when the
     * text has no {@code family_bucket} series or none with an {@code le} label.
     *
     * @param text the body of {@code GET /metrics}, Prometheus text format 0.0.4
     * @throws IllegalArgumentException when a {@code family_bucket} line does not parse
     */
    public static BucketHistogram parse(String text, String family) {
        String series = family + "_bucket";
        TreeMap<Double, Double> byBound = new TreeMap<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (!line.startsWith(series) || line.length() == series.length()) {
                continue;
            }
            char next = line.charAt(series.length());
            if (next != '{' && next != ' ') {
                continue; // another family sharing the prefix
            }
            String le = null;
            int valueStart = series.length();
            if (next == '{') {
                int close = labelsEnd(line, series.length());
                Map<String, String> labels = labels(line.substring(series.length() + 1, close), line);
                le = labels.get("le");
                valueStart = close + 1;
            }
            if (le == null) {
                continue;
            }
            String[] rest = line.substring(valueStart).strip().split("\\s+");
            double count = number(rest[0], line);
            byBound.merge(number(le, line), count, Double::sum);
        }
        if (byBound.isEmpty()) {
            return null;
        }
        double[] bounds = new double[byBound.size()];
        double[] counts = new double[byBound.size()];
        int i = 0;
        for (Map.Entry<Double, Double> e : byBound.entrySet()) {
            bounds[i] = e.getKey();
            counts[i] = e.getValue();
            i++;
        }
        return new BucketHistogram(bounds, counts);
    }

    /** Index of the {@code '}'} closing the label set opened at {@code open}, honouring quoted values. */
    private static int labelsEnd(String line, int open) {
        boolean quoted = false;
        for (int i = open + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == '}') {
                return i;
            }
        }
        throw new IllegalArgumentException("unclosed label set in: " + line);
    }

    private static Map<String, String> labels(String body, String line) {
        Map<String, String> out = new TreeMap<>();
        int i = 0;
        while (i < body.length()) {
            while (i < body.length() && (body.charAt(i) == ',' || body.charAt(i) == ' ')) {
                i++;
            }
            if (i >= body.length()) {
                break;
            }
            int eq = body.indexOf('=', i);
            if (eq < 0 || eq + 1 >= body.length() || body.charAt(eq + 1) != '"') {
                throw new IllegalArgumentException("bad label set in: " + line);
            }
            String name = body.substring(i, eq).strip();
            StringBuilder value = new StringBuilder();
            int j = eq + 2;
            for (; j < body.length() && body.charAt(j) != '"'; j++) {
                char c = body.charAt(j);
                if (c == '\\' && j + 1 < body.length()) {
                    char e = body.charAt(++j);
                    value.append(e == 'n' ? '\n' : e);
                } else {
                    value.append(c);
                }
            }
            if (j >= body.length()) {
                throw new IllegalArgumentException("unclosed label value in: " + line);
            }
            out.put(name, value.toString());
            i = j + 1;
        }
        return out;
    }

    /** A Prometheus number: Go or Java spelling, {@code +Inf}, {@code -Inf}, {@code NaN}. */
    static double number(String s, String line) {
        switch (s) {
            case "+Inf":
            case "Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                try {
                    return Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("bad number '" + s + "' in: " + line, e);
                }
        }
    }

    /** Observations in total: the {@code +Inf} bucket's count (0 without buckets). */
    public double count() {
        return cumulativeCounts.length == 0 ? 0 : cumulativeCounts[cumulativeCounts.length - 1];
    }

    /**
     * This histogram minus an {@code earlier} scrape of the same family: the observations between the two scrapes.
     * Null when the bounds differ or a count went down (the server restarted in between).
     */
    public BucketHistogram minus(BucketHistogram earlier) {
        if (!Arrays.equals(upperBounds, earlier.upperBounds)) {
            return null;
        }
        double[] diff = new double[cumulativeCounts.length];
        for (int i = 0; i < diff.length; i++) {
            diff[i] = cumulativeCounts[i] - earlier.cumulativeCounts[i];
            if (diff[i] < 0) {
                return null;
            }
        }
        return new BucketHistogram(upperBounds, diff);
    }

    /**
     * Prometheus' {@code histogram_quantile(q, ...)} over these buckets: the bucket holding rank {@code q * count},
     * linearly interpolated between its lower bound (0 for the first bucket) and its upper bound; the highest
     * finite bound when the rank falls in the {@code +Inf} bucket. NaN without observations, with fewer than two
     * buckets or without a {@code +Inf} bucket.
     *
     * @param q quantile, {@code 0..1}
     * @return the quantile in the family's unit (seconds for {@code *_seconds})
     */
    public double quantile(double q) {
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        int n = upperBounds.length;
        if (n < 2 || upperBounds[n - 1] != Double.POSITIVE_INFINITY) {
            return Double.NaN;
        }
        double[] counts = cumulativeCounts.clone();
        for (int i = 1; i < n; i++) {
            counts[i] = Math.max(counts[i], counts[i - 1]); // like Prometheus' ensureMonotonic
        }
        double observations = counts[n - 1];
        if (observations == 0) {
            return Double.NaN;
        }
        double rank = q * observations;
        int b = 0;
        while (b < n - 1 && counts[b] < rank) {
            b++;
        }
        if (b == n - 1) {
            return upperBounds[n - 2];
        }
        if (b == 0 && upperBounds[0] <= 0) {
            return upperBounds[0];
        }
        double start = 0;
        double end = upperBounds[b];
        double count = counts[b];
        if (b > 0) {
            start = upperBounds[b - 1];
            count -= counts[b - 1];
            rank -= counts[b - 1];
        }
        return start + (end - start) * (rank / count);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BucketHistogram h && Arrays.equals(upperBounds, h.upperBounds)
                && Arrays.equals(cumulativeCounts, h.cumulativeCounts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(upperBounds) + Arrays.hashCode(cumulativeCounts);
    }

    @Override
    public String toString() {
        return "BucketHistogram" + Arrays.toString(upperBounds) + Arrays.toString(cumulativeCounts);
    }
}
