package dev.navserver.bots;

/**
 * The server's own latency histograms over the steady window, from {@code GET /metrics} on its admin port: the
 * difference between a scrape at the window's start and one at its end, with Prometheus'
 * {@code histogram_quantile} (see {@link BucketHistogram#quantile}). Quantiles are interpolated inside the
 * server's fixed buckets, so they are only as fine as those (e.g. 100–250 ms for {@code pos_to_path}). Immutable.
 *
 * @param adminPort  the admin port scraped
 * @param posToPathMs {@code navserver_pos_to_path_seconds}: {@code player_pos} arrival to {@code nav_path} written,
 *                   ms; null when unavailable (see {@code problem})
 * @param tickMs     {@code navserver_tick_duration_seconds}: one world tick, ms; null when unavailable
 * @param problem    why a value is missing (a failed scrape, a missing family, a server restart), or null
 */
public record ServerLatency(int adminPort, Quantiles posToPathMs, Quantiles tickMs, String problem) {
    /** The posToPath family's name on {@code /metrics}. */
    public static final String POS_TO_PATH = "navserver_pos_to_path_seconds";
    /** The tick duration family's name on {@code /metrics}. */
    public static final String TICK_DURATION = "navserver_tick_duration_seconds";

    /**
     * Quantiles of one histogram over the window, ms.
     *
     * @param count observations in the window
     * @param p50   median, ms; null without observations
     * @param p90   90th percentile, ms; null without observations
     * @param p99   99th percentile, ms; null without observations
     */
    public record Quantiles(long count, Double p50, Double p90, Double p99) {
        /** Quantiles of a seconds histogram, in ms. */
        static Quantiles ofSeconds(BucketHistogram h) {
            long count = Math.round(h.count());
            if (count == 0) {
                return new Quantiles(0, null, null, null);
            }
            return new Quantiles(count, ms(h.quantile(0.5)), ms(h.quantile(0.9)), ms(h.quantile(0.99)));
        }

        private static Double ms(double seconds) {
            return Double.isFinite(seconds) ? seconds * 1000 : null;
        }
    }

    /**
     * Quantiles of the two families between two scrapes.
     *
     * @param start body of the scrape at the steady window's start, or null when it failed
     * @param end   body of the scrape at its end, or null when it failed
     * @param startProblem why {@code start} is null, or null
     * @param endProblem   why {@code end} is null, or null
     */
    static ServerLatency between(int adminPort, String start, String end, String startProblem, String endProblem) {
        if (start == null || end == null) {
            String p = start == null ? "start of the steady window: " + startProblem : "end of the run: " + endProblem;
            return new ServerLatency(adminPort, null, null, "cannot read /metrics at the " + p);
        }
        StringBuilder problems = new StringBuilder();
        Quantiles pos = window(start, end, POS_TO_PATH, problems);
        Quantiles tick = window(start, end, TICK_DURATION, problems);
        return new ServerLatency(adminPort, pos, tick, problems.length() == 0 ? null : problems.toString());
    }

    private static Quantiles window(String start, String end, String family, StringBuilder problems) {
        String problem;
        try {
            BucketHistogram a = BucketHistogram.parse(start, family);
            BucketHistogram b = BucketHistogram.parse(end, family);
            if (a == null || b == null) {
                problem = family + " is not on /metrics";
            } else {
                BucketHistogram d = b.minus(a);
                if (d != null) {
                    return Quantiles.ofSeconds(d);
                }
                problem = family + " went down or changed buckets between the scrapes (server restarted?)";
            }
        } catch (IllegalArgumentException e) {
            problem = family + ": " + e.getMessage();
        }
        problems.append(problems.length() == 0 ? "" : "; ").append(problem);
        return null;
    }
}
