package dev.navserver.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The command line both map generators take ({@code genmap}, {@code genmap-holdout}): {@code --kind K --width W
 * --height H} (or {@code --size N}) {@code --seed S --out FILE[.gz]}, and the line they print when done. Immutable.
 *
 * @param kind the {@code --kind} value as given (each generator reads its own kinds)
 */
record GenmapArgs(String kind, int width, int height, long seed, Path out) {
    /**
     * The options in {@code args} over the defaults, or null when {@code -h}/{@code --help} was asked.
     *
     * @throws IllegalArgumentException naming a missing value, an unknown option or a missing {@code --out}
     */
    static GenmapArgs parse(String[] args, String defaultKind, int defaultSide) {
        String kind = defaultKind;
        int width = defaultSide;
        int height = defaultSide;
        long seed = 1;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                return null;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + a);
            }
            String v = args[++i];
            switch (a) {
                case "--kind" -> kind = v;
                case "--width" -> width = Integer.parseInt(v);
                case "--height" -> height = Integer.parseInt(v);
                case "--size" -> {
                    width = Integer.parseInt(v);
                    height = width;
                }
                case "--seed" -> seed = Long.parseLong(v);
                case "--out" -> out = Path.of(v);
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        if (out == null) {
            throw new IllegalArgumentException("--out FILE is required");
        }
        return new GenmapArgs(kind, width, height, seed, out);
    }

    /** Prints {@code command: kind WxH seed S -> FILE (bytes, seconds)} for a map written since {@code startNanos}. */
    void report(String command, Enum<?> kindWritten, long startNanos) throws IOException {
        System.out.printf(Locale.ROOT, "%s: %s %dx%d seed %d -> %s (%d bytes, %.1f s)%n", command,
                kindWritten.name().toLowerCase(Locale.ROOT), width, height, seed, out, Files.size(out),
                (System.nanoTime() - startNanos) / 1e9);
    }
}
