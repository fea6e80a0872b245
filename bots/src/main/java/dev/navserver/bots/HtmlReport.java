package dev.navserver.bots;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --report-html}: one self-contained HTML page for a {@link BotsReport}: the summary line, a summary table
 * and two inline SVG charts over time (latency p50/p99/max by the second their {@code player_pos} was sent, and
 * {@code nav_path}s received per second), the ramp shaded. No script, external style sheet, font, image or link:
 * it opens offline. The markup is well-formed XML (XHTML syntax), and every text from the report is escaped.
 * Stateless and thread-safe.
 */
final class HtmlReport {
    static final int CHART_WIDTH = 900;
    static final int CHART_HEIGHT = 300;

    private HtmlReport() {
    }

    /** Writes {@link #render} to {@code file} as UTF-8, replacing it. */
    static void write(BotsReport r, Path file) throws IOException {
        Files.writeString(file, render(r), StandardCharsets.UTF_8);
    }

    /** The page for {@code r}. */
    static String render(BotsReport r) {
        StringBuilder b = new StringBuilder(64 * 1024);
        BotsReport.Settings s = r.settings();
        String title = "navserver bots: " + r.players() + " players on " + s.mapName();
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>")
                .append(Html.escape(title)).append("</title>\n<style>\n")
                .append("body { font-family: sans-serif; margin: 24px; color: #222222; }\n")
                .append("table { border-collapse: collapse; margin-bottom: 24px; }\n")
                .append("th, td { border: 1px solid #cccccc; padding: 3px 10px; text-align: left; }\n")
                .append("td.n { text-align: right; font-variant-numeric: tabular-nums; }\n")
                .append("pre { white-space: pre-wrap; background: #f4f4f4; padding: 8px; }\n")
                .append("</style>\n</head>\n<body>\n");
        b.append("<h1>").append(Html.escape(title)).append("</h1>\n");
        b.append("<pre class=\"summary\">").append(Html.escape(r.summaryLine())).append("</pre>\n");

        b.append("<h2>Summary</h2>\n<table class=\"summary\">\n");
        b.append("<tr><th>measure</th><th>whole run</th><th>steady window</th></tr>\n");
        row3(b, "duration (s)", f1(r.durationSeconds()), f1(r.steadyDurationSeconds()));
        row3(b, "ramp (s)", f1(r.rampUpSeconds()), "");
        row3(b, "nav_paths/s", f1(r.navPathsPerSecond()), f1(r.steadyNavPathsPerSecond()));
        row3(b, "latency samples", String.valueOf(r.latencyMs().count()), String.valueOf(r.steadyLatencyMs().count()));
        row3(b, "latency p50 (ms)", f1(r.latencyMs().p50()), f1(r.steadyLatencyMs().p50()));
        row3(b, "latency p90 (ms)", f1(r.latencyMs().p90()), f1(r.steadyLatencyMs().p90()));
        row3(b, "latency p99 (ms)", f1(r.latencyMs().p99()), f1(r.steadyLatencyMs().p99()));
        row3(b, "latency max (ms)", f1(r.latencyMs().max()), f1(r.steadyLatencyMs().max()));
        if (r.server() != null) {
            ServerLatency sv = r.server();
            row3(b, "server pos_to_path p50 / p99 (ms)", "", quantiles(sv.posToPathMs()));
            row3(b, "server tick p50 / p99 (ms)", "", quantiles(sv.tickMs()));
            if (sv.problem() != null) {
                row3(b, "server metrics problem", "", sv.problem());
            }
        }
        b.append("</table>\n<table class=\"counts\">\n");
        row(b, "players", String.valueOf(r.players()));
        row(b, "welcomed", String.valueOf(r.welcomed()));
        row(b, "monsters", String.valueOf(r.monsters()));
        row(b, "nav_paths", String.valueOf(r.navPaths()));
        row(b, "invalid", String.valueOf(r.invalid()));
        row(b, "errors", String.valueOf(r.errors()));
        row(b, "disconnects", String.valueOf(r.disconnects()));
        row(b, "connect_failed", String.valueOf(r.connectFailed()));
        row(b, "undecodable", String.valueOf(r.undecodable()));
        row(b, "connect p50 / p99 (ms)", f1(r.connectMs().p50()) + " / " + f1(r.connectMs().p99()));
        row(b, "view errors / checks", r.world().viewErrors() + " / " + r.world().viewChecks());
        WorldStats.Rates d = r.world().downstreamBytesPerSecond();
        row(b, "downstream kB/s per player p50 / p90 / p99 / max", f1(d.p50() / 1000) + " / " + f1(d.p90() / 1000)
                + " / " + f1(d.p99() / 1000) + " / " + f1(d.max() / 1000));
        row(b, "exit status", String.valueOf(r.exitStatus()));
        counts(b, "invalid by reason", r.invalidByReason());
        counts(b, "errors by code", r.errorsByCode());
        counts(b, "failures by reason", r.failuresByReason());
        b.append("</table>\n");

        Timeline t = r.timeline();
        int n = t.points().size();
        double[] xs = new double[n];
        double[] p50 = new double[n];
        double[] p99 = new double[n];
        double[] max = new double[n];
        double[] rate = new double[n];
        double p99Top = 0;
        for (int i = 0; i < n; i++) {
            Timeline.Point p = t.points().get(i);
            xs[i] = p.tSeconds() + t.bucketSeconds() / 2.0;
            p50[i] = orNaN(p.p50Ms());
            p99[i] = orNaN(p.p99Ms());
            max[i] = orNaN(p.maxMs());
            rate[i] = p.navPathsPerSecond();
            if (p.p99Ms() != null) {
                p99Top = Math.max(p99Top, p.p99Ms());
            }
        }
        String ramp = "ramp (" + f1(t.rampUpSeconds()) + " s)";
        String per = t.bucketSeconds() == 1 ? "second" : t.bucketSeconds() + " s";
        b.append("<h2>Latency over time</h2>\n<p>player_pos sent to its first nav_path, per ").append(per)
                .append(" of sending; the y axis ends at 1.5 × the highest p99, taller max spikes are cut off.</p>\n");
        SvgChart latency = new SvgChart("latency", "nav_path latency (ms)", "seconds since the first connect", "ms")
                .band(0, t.rampUpSeconds(), ramp).xMax(r.durationSeconds())
                .line("max", "#aaaaaa", xs, max).line("p99", "#d62728", xs, p99).line("p50", "#1f77b4", xs, p50);
        if (p99Top > 0) {
            latency.yMax(p99Top * 1.5);
        }
        b.append(latency.render(CHART_WIDTH, CHART_HEIGHT));
        b.append("<h2>nav_paths per second</h2>\n<p>nav_path messages received by all bots, per ").append(per)
                .append(".</p>\n");
        b.append(new SvgChart("navpaths", "nav_paths/s", "seconds since the first connect", "nav_paths/s")
                .band(0, t.rampUpSeconds(), ramp).xMax(r.durationSeconds())
                .line("nav_paths/s", "#2ca02c", xs, rate).render(CHART_WIDTH, CHART_HEIGHT));

        b.append("<h2>Settings</h2>\n<table class=\"settings\">\n");
        row(b, "host", s.host() + ":" + s.port());
        row(b, "map", s.map());
        row(b, "map name", s.mapName());
        row(b, "spawn per player", String.valueOf(s.spawn()));
        row(b, "duration (steady, s)", f1(s.requestedDurationSeconds()));
        row(b, "ramp (s)", f1(r.rampUpSeconds()));
        row(b, "speed (m/s)", f1(s.speedMetersPerSecond()));
        row(b, "player_pos per second", f1(s.posHz()));
        row(b, "seed", String.valueOf(s.seed()));
        if (r.server() != null) {
            row(b, "admin port", String.valueOf(r.server().adminPort()));
        }
        b.append("</table>\n</body>\n</html>\n");
        return b.toString();
    }

    private static String quantiles(ServerLatency.Quantiles q) {
        if (q == null) {
            return "n/a";
        }
        if (q.count() == 0) {
            return "no observations";
        }
        return f2(q.p50()) + " / " + f2(q.p99()) + " (" + q.count() + " observations)";
    }

    private static void counts(StringBuilder b, String name, Map<String, Long> counts) {
        if (counts.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((k, v) -> parts.add(k + "=" + v));
        row(b, name, String.join(" ", parts));
    }

    private static void row(StringBuilder b, String name, String value) {
        b.append("<tr><th>").append(Html.escape(name)).append("</th><td class=\"n\">").append(Html.escape(value))
                .append("</td></tr>\n");
    }

    private static void row3(StringBuilder b, String name, String whole, String steady) {
        b.append("<tr><th>").append(Html.escape(name)).append("</th><td class=\"n\">").append(Html.escape(whole))
                .append("</td><td class=\"n\">").append(Html.escape(steady)).append("</td></tr>\n");
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f2(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }
}
