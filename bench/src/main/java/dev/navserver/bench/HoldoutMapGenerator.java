package dev.navserver.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A second map generator, written independently of {@link MapGenerator} (issue 28) so that numbers can be measured on
 * maps no part of the engine was tuned on. Its seeds are <b>held out</b>: measure with them, never tune with them
 * (docs/performance.md, "Big maps with the defaults", lists the seeds used; pick new ones for a new measurement
 * rather than re-using a seed after a change made because of it). Same file format (Moving AI {@code .map}, written
 * by {@link MovingAiWriter}); the same kind, size and seed always give the same bytes. Memory grows with the width
 * (a band of rows at a time), never with the area.
 *
 * <ul>
 *   <li>{@link Kind#ROOMS}: horizontal bands of rooms, each band with its own room widths (interiors 3..22 cells, one
 *       in seven a hall of 23..40), walls one or two cells thick, every wall between two rooms of a band with a door
 *       1..4 cells wide, every room with a door of 1..4 cells into the band below where one fits; large rooms hold
 *       pillars and bars (1 x 1 .. 2 x 2 squares, 1 x 2 .. 1 x 4 bars) at least two cells from their walls.</li>
 *   <li>{@link Kind#CITIES}: streets 1..8 cells wide around blocks 10..60 cells wide; a block is a park (trees, a
 *       pond), one large building (sometimes around a courtyard with a gate), or a grid of up to 4 x 3 lots each with
 *       its own building set back 0..2 cells per side (alleys); scattered one-cell obstacles on streets at least two
 *       cells wide.</li>
 * </ul>
 *
 * <p>Usage: {@code HoldoutMapGenerator --kind rooms|cities --size N (or --width W --height H) --seed S --out
 * FILE[.gz]}. Stateless; thread-safe.
 */
public final class HoldoutMapGenerator {
    /** What kind of map to generate. */
    public enum Kind {
        ROOMS, CITIES
    }

    private HoldoutMapGenerator() {
    }

    /** Writes the map to {@code file}, gzip-compressed when its name ends in {@code .gz}. */
    public static void write(Kind kind, int width, int height, long seed, Path file) throws IOException {
        MovingAiWriter.write(kind == Kind.ROOMS ? new HoldoutRooms(width, height, seed)
                : new HoldoutCities(width, height, seed), width, height, file);
    }

    /** A random stream for one part of the map, seeded by the seed and the part's indices. */
    static SplittableRandom stream(long seed, long a, long b) {
        long h = seed * 0xD1B54A32D192ED03L ^ (a + 0x632BE59BD9B4E019L) * 0x8CB92BA72F3D8DD7L;
        h = Long.rotateLeft(h, 29) ^ (b + 0x2545F4914F6CDD1DL) * 0x9FB21C651E98DF25L;
        return new SplittableRandom(h);
    }

    /** Fills {@code rows[y0 .. y1)} (band-local rows) in columns {@code x0 .. x1)} with {@code v}, clipped. */
    static void fill(byte[][] rows, int x0, int y0, int x1, int y1, byte v) {
        for (int y = Math.max(0, y0); y < Math.min(rows.length, y1); y++) {
            Arrays.fill(rows[y], Math.max(0, x0), Math.min(rows[y].length - 1, x1), v);
        }
    }

    /**
     * {@code --kind rooms|cities --size N (or --width W --height H) --seed S --out FILE[.gz]}; exit status 2 on a
     * usage error.
     */
    public static void main(String[] args) throws IOException {
        try {
            GenmapArgs a = GenmapArgs.parse(args, "rooms", 1024);
            if (a == null) {
                System.out.println(usage());
                return;
            }
            Kind kind = Kind.valueOf(a.kind().toUpperCase(Locale.ROOT));
            if (a.width() < 16 || a.height() < 16 || a.width() > MapGenerator.MAX_SIDE
                    || a.height() > MapGenerator.MAX_SIDE) {
                throw new IllegalArgumentException("size " + a.width() + " x " + a.height() + " is out of range (16.."
                        + MapGenerator.MAX_SIDE + " each)");
            }
            long t0 = System.nanoTime();
            write(kind, a.width(), a.height(), a.seed(), a.out());
            a.report("genmap-holdout", kind, t0);
        } catch (IllegalArgumentException e) {
            System.err.println("navserver genmap-holdout: " + e.getMessage() + "\n" + usage());
            System.exit(2);
        }
    }

    private static String usage() {
        return "usage: genmap-holdout --kind rooms|cities --size N (or --width W --height H) --seed S --out FILE[.gz]";
    }
}
