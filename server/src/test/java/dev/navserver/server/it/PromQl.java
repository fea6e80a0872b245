package dev.navserver.server.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough PromQL reading to check a dashboard against a scrape: the series names an expression selects, the
 * functions and aggregations it calls, its {@code label="value"} matchers and its grouping labels. Not a parser: it
 * blanks out strings, label matchers, ranges, grouping lists, variables, durations and numbers, and what remains
 * are identifiers; one followed by {@code (} is a function, one of the keywords is an operator, every other one
 * selects series. Stateless.
 */
final class PromQl {
    /** Aggregation operators and functions of PromQL (Prometheus 3). */
    static final Set<String> FUNCTIONS = Set.of(
            "sum", "min", "max", "avg", "group", "stddev", "stdvar", "count", "count_values", "bottomk", "topk",
            "quantile", "limitk", "limit_ratio",
            "abs", "absent", "absent_over_time", "ceil", "changes", "clamp", "clamp_max", "clamp_min",
            "day_of_month", "day_of_week", "day_of_year", "days_in_month", "delta", "deriv", "exp", "floor",
            "histogram_avg", "histogram_count", "histogram_fraction", "histogram_quantile", "histogram_stddev",
            "histogram_stdvar", "histogram_sum", "double_exponential_smoothing", "holt_winters", "hour", "idelta",
            "increase", "irate", "label_join", "label_replace", "ln", "log2", "log10", "minute", "month",
            "predict_linear", "rate", "resets", "round", "scalar", "sgn", "sort", "sort_desc", "sort_by_label",
            "sort_by_label_desc", "sqrt", "time", "timestamp", "vector", "year",
            "avg_over_time", "min_over_time", "max_over_time", "sum_over_time", "count_over_time",
            "quantile_over_time", "stddev_over_time", "stdvar_over_time", "last_over_time", "present_over_time",
            "mad_over_time", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "sin", "sinh", "tan",
            "tanh", "deg", "rad", "pi");
    /** Words that are operators or literals, not series names. */
    private static final Set<String> KEYWORDS = Set.of("bool", "and", "or", "unless", "offset", "atan2", "inf", "nan",
            "by", "without", "on", "ignoring", "group_left", "group_right");

    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`");
    private static final Pattern BRACES = Pattern.compile("\\{[^}]*}");
    private static final Pattern BRACKETS = Pattern.compile("\\[[^\\]]*]");
    private static final Pattern GROUPING = Pattern.compile(
            "\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\(([^)]*)\\)");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{[^}]*}|\\$\\w+");
    private static final Pattern DURATION = Pattern.compile("(?<![\\w:.])\\d+(?:ms|[smhdwy])(?![\\w:])");
    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\w:.])(?:0x[0-9a-fA-F]+|\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)(?![\\w:])");
    private static final Pattern IDENT = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*\\{([^}]*)}");
    private static final Pattern MATCHER = Pattern.compile(
            "([a-zA-Z_][a-zA-Z0-9_]*)\\s*(=~|!~|!=|=)\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** A series name with its {@code label="value"} (equality) matchers; other matcher kinds are left out. */
    record Selector(String name, Map<String, String> equalities) {
        Selector {
            equalities = Map.copyOf(equalities);
        }
    }

    /** What one expression reads: series names, function names and grouping labels, each in order of appearance. */
    record Reading(Set<String> metrics, Set<String> functions, Set<String> groupingLabels, List<Selector> selectors) {
        Reading {
            metrics = Set.copyOf(metrics);
            functions = Set.copyOf(functions);
            groupingLabels = Set.copyOf(groupingLabels);
            selectors = List.copyOf(selectors);
        }
    }

    private PromQl() {
    }

    /** Reads {@code expr}; see the class comment for what is recognised. */
    static Reading read(String expr) {
        List<Selector> selectors = new ArrayList<>();
        Matcher sel = SELECTOR.matcher(expr);
        while (sel.find()) {
            Map<String, String> eq = new LinkedHashMap<>();
            Matcher m = MATCHER.matcher(sel.group(2));
            while (m.find()) {
                if (m.group(2).equals("=")) {
                    eq.put(m.group(1), m.group(3));
                }
            }
            selectors.add(new Selector(sel.group(1), eq));
        }

        String s = STRING.matcher(expr).replaceAll(" ");
        s = BRACES.matcher(s).replaceAll(" ");
        s = BRACKETS.matcher(s).replaceAll(" ");
        Set<String> grouping = new LinkedHashSet<>();
        Matcher g = GROUPING.matcher(s);
        while (g.find()) {
            for (String label : g.group(1).split(",")) {
                if (!label.isBlank()) {
                    grouping.add(label.strip());
                }
            }
        }
        s = GROUPING.matcher(s).replaceAll(" ");
        s = VARIABLE.matcher(s).replaceAll(" ");
        s = DURATION.matcher(s).replaceAll(" ");
        s = NUMBER.matcher(s).replaceAll(" ");

        Set<String> metrics = new LinkedHashSet<>();
        Set<String> functions = new LinkedHashSet<>();
        Matcher id = IDENT.matcher(s);
        while (id.find()) {
            String word = id.group();
            int next = id.end();
            while (next < s.length() && Character.isWhitespace(s.charAt(next))) {
                next++;
            }
            if (next < s.length() && s.charAt(next) == '(') {
                functions.add(word);
            } else if (!KEYWORDS.contains(word.toLowerCase(Locale.ROOT))) {
                metrics.add(word);
            }
        }
        return new Reading(metrics, functions, grouping, selectors);
    }
}
