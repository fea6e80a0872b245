package dev.navserver.bots;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line chart as inline SVG markup for an HTML page: one x axis (seconds), one linear y axis from 0, lines
 * broken where a value is missing (NaN), an optional shaded x band (the ramp) and a legend. Values above the y
 * range are clipped at the top. The markup is self-contained (no namespace URL, script, style sheet or font) and
 * well-formed XML; every text is escaped. Build one per chart, from one thread.
 */
final class SvgChart {
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 32;
    private static final int BOTTOM = 44;

    private record Series(String name, String colour, double[] xs, double[] ys) {
    }

    private final String id;
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private double bandFrom = Double.NaN;
    private double bandTo = Double.NaN;
    private String bandLabel = "";
    private double yMax = Double.NaN;
    private double xMax = Double.NaN;

    /**
     * @param id     an XML id unique in the page, letters, digits and {@code -} only
     * @param title  shown above the plot
     * @param xLabel x axis label
     * @param yLabel y axis label
     */
    SvgChart(String id, String title, String xLabel, String yLabel) {
        if (!id.matches("[A-Za-z][A-Za-z0-9-]*")) {
            throw new IllegalArgumentException("bad id: " + id);
        }
        this.id = id;
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Adds a line; {@code xs} and {@code ys} have one entry per point, a NaN y breaks the line. */
    SvgChart line(String name, String colour, double[] xs, double[] ys) {
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("xs and ys differ in length");
        }
        if (!colour.matches("#[0-9a-fA-F]{6}")) {
            throw new IllegalArgumentException("colour must be #rrggbb, got " + colour);
        }
        series.add(new Series(name, colour, xs.clone(), ys.clone()));
        return this;
    }

    /** Shades {@code [from, to)} on the x axis with {@code label}; nothing when {@code to <= from}. */
    SvgChart band(double from, double to, String label) {
        bandFrom = from;
        bandTo = to;
        bandLabel = label;
        return this;
    }

    /** Sets the top of the y axis (rounded up to a tick); by default the largest value. */
    SvgChart yMax(double max) {
        yMax = max;
        return this;
    }

    /** Sets the end of the x axis; by default the largest x. */
    SvgChart xMax(double max) {
        xMax = max;
        return this;
    }

    /** The chart as one {@code <svg>} element of {@code width} x {@code height} px. */
    String render(int width, int height) {
        double xTop = xMax;
        double yTop = yMax;
        for (Series s : series) {
            for (int i = 0; i < s.xs.length; i++) {
                if (!(xMax >= 0)) {
                    xTop = Double.isNaN(xTop) ? s.xs[i] : Math.max(xTop, s.xs[i]);
                }
                if (!(yMax >= 0) && Double.isFinite(s.ys[i])) {
                    yTop = Double.isNaN(yTop) ? s.ys[i] : Math.max(yTop, s.ys[i]);
                }
            }
        }
        if (!(xTop > 0)) {
            xTop = 1;
        }
        double yStep = niceStep(yTop > 0 ? yTop : 1);
        yTop = Math.max(yStep, Math.ceil((yTop > 0 ? yTop : 1) / yStep - 1e-9) * yStep);
        double xStep = niceStep(xTop);
        int plotW = width - LEFT - RIGHT;
        int plotH = height - TOP - BOTTOM;
        double xs = plotW / xTop;
        double ys = plotH / yTop;

        StringBuilder b = new StringBuilder();
        b.append("<svg class=\"chart\" id=\"").append(id).append("\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.escape(title)).append("\">\n");
        b.append("<title>").append(Html.escape(title)).append("</title>\n");
        b.append("<defs><clipPath id=\"").append(id).append("-plot\"><rect x=\"").append(LEFT).append("\" y=\"")
                .append(TOP).append("\" width=\"").append(plotW).append("\" height=\"").append(plotH)
                .append("\"/></clipPath></defs>\n");
        b.append("<rect x=\"0\" y=\"0\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" fill=\"#ffffff\"/>\n");
        b.append("<text x=\"").append(LEFT).append("\" y=\"18\" font-size=\"14\" font-weight=\"bold\">")
                .append(Html.escape(title)).append("</text>\n");
        if (bandTo > bandFrom) {
            double x0 = LEFT + Math.max(0, bandFrom) * xs;
            double x1 = LEFT + Math.min(xTop, bandTo) * xs;
            b.append("<rect class=\"band\" x=\"").append(num(x0)).append("\" y=\"").append(TOP)
                    .append("\" width=\"").append(num(Math.max(0, x1 - x0))).append("\" height=\"").append(plotH)
                    .append("\" fill=\"#e8e8e8\"/>\n");
            b.append("<text x=\"").append(num(x0 + 4)).append("\" y=\"").append(TOP + 14)
                    .append("\" font-size=\"11\" fill=\"#666666\">").append(Html.escape(bandLabel))
                    .append("</text>\n");
        }
        // grid and tick labels
        for (int k = 0; k * yStep <= yTop + 1e-9; k++) {
            double v = k * yStep;
            double y = TOP + plotH - v * ys;
            b.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(num(y)).append("\" x2=\"")
                    .append(LEFT + plotW).append("\" y2=\"").append(num(y))
                    .append("\" stroke=\"#dddddd\" stroke-width=\"1\"/>\n");
            b.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(num(y + 4))
                    .append("\" font-size=\"11\" text-anchor=\"end\">").append(label(v)).append("</text>\n");
        }
        for (int k = 0; k * xStep <= xTop + 1e-9; k++) {
            double v = k * xStep;
            double x = LEFT + v * xs;
            b.append("<line x1=\"").append(num(x)).append("\" y1=\"").append(TOP + plotH).append("\" x2=\"")
                    .append(num(x)).append("\" y2=\"").append(TOP + plotH + 4)
                    .append("\" stroke=\"#333333\" stroke-width=\"1\"/>\n");
            b.append("<text x=\"").append(num(x)).append("\" y=\"").append(TOP + plotH + 16)
                    .append("\" font-size=\"11\" text-anchor=\"middle\">").append(label(v)).append("</text>\n");
        }
        b.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(plotW)
                .append("\" height=\"").append(plotH).append("\" fill=\"none\" stroke=\"#333333\"/>\n");
        b.append("<text x=\"").append(LEFT + plotW / 2).append("\" y=\"").append(height - 6)
                .append("\" font-size=\"12\" text-anchor=\"middle\">").append(Html.escape(xLabel)).append("</text>\n");
        b.append("<text x=\"14\" y=\"").append(TOP + plotH / 2).append("\" font-size=\"12\" text-anchor=\"middle\""
                + " transform=\"rotate(-90 14 ").append(TOP + plotH / 2).append(")\">").append(Html.escape(yLabel))
                .append("</text>\n");
        // lines
        b.append("<g clip-path=\"url(#").append(id).append("-plot)\" fill=\"none\" stroke-width=\"1.5\">\n");
        for (Series s : series) {
            StringBuilder pts = new StringBuilder();
            for (int i = 0; i <= s.xs.length; i++) {
                boolean have = i < s.xs.length && Double.isFinite(s.ys[i]) && Double.isFinite(s.xs[i]);
                if (have) {
                    // clamp far above the plot so a clipped spike stays a steep line, not an overflow
                    double y = TOP + plotH - Math.min(s.ys[i], yTop * 2) * ys;
                    pts.append(pts.length() == 0 ? "" : " ").append(num(LEFT + s.xs[i] * xs)).append(',')
                            .append(num(y));
                } else if (pts.length() > 0) {
                    b.append("<polyline class=\"series\" stroke=\"").append(s.colour).append("\" points=\"")
                            .append(pts).append("\"/>\n");
                    pts.setLength(0);
                }
            }
        }
        b.append("</g>\n");
        // legend
        int lx = LEFT + plotW - 8;
        for (int k = series.size() - 1; k >= 0; k--) {
            Series s = series.get(k);
            int w = 28 + 7 * s.name.length();
            lx -= w;
            b.append("<line x1=\"").append(lx).append("\" y1=\"").append(TOP - 8).append("\" x2=\"").append(lx + 18)
                    .append("\" y2=\"").append(TOP - 8).append("\" stroke=\"").append(s.colour)
                    .append("\" stroke-width=\"3\"/>\n");
            b.append("<text x=\"").append(lx + 22).append("\" y=\"").append(TOP - 4).append("\" font-size=\"11\">")
                    .append(Html.escape(s.name)).append("</text>\n");
        }
        b.append("</svg>\n");
        return b.toString();
    }

    /** 1, 2 or 5 times a power of ten, giving at most about 8 steps up to {@code max}. */
    static double niceStep(double max) {
        double raw = max / 8;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / mag;
        double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return nice * mag;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** A tick label: at most 3 significant digits, no trailing zeros ({@code 0.5}, {@code 20}, {@code 1500}). */
    static String label(double v) {
        if (Math.abs(v - Math.rint(v)) < 1e-9) {
            return String.format(Locale.ROOT, "%d", (long) Math.rint(v));
        }
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
