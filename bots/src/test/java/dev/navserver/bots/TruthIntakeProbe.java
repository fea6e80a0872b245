package dev.navserver.bots;

import dev.navserver.protocol.json.MessageReader;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.Monsters;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A timed harness (not a test): the thread CPU time of the world authority bot's intake of one {@code monsters}
 * snapshot of N monsters, and of one bot's view check against the truth, before (decoded into records, a map per
 * snapshot, every truth monster visited per check) and after (the {@link TruthLineParser} fast path, the indexed
 * {@link TruthSnapshot}). Positions are uniform on a 512 m square, the checks at random players with 50 monsters
 * in view, radius 30 m, hysteresis 5 m.
 *
 * <pre>
 * ./mvnw -B -q -o -pl bots -am test-compile package -DskipTests
 * java -cp bots/target/navserver-bots.jar:bots/target/test-classes dev.navserver.bots.TruthIntakeProbe [monsters]
 * </pre>
 */
public final class TruthIntakeProbe {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static volatile Object sink;

    private TruthIntakeProbe() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        SplittableRandom random = new SplittableRandom(26);
        StringBuilder b = new StringBuilder("{\"type\":\"monsters\",\"serverTime\":1234.55,\"list\":[");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append("{\"monster\":\"m-").append(i + 1).append("\",\"pos\":[")
                    .append(mm(random.nextDouble(0, 512))).append(",0.0,").append(mm(random.nextDouble(0, 512)))
                    .append("],\"state\":\"").append(i % 2 == 0 ? "wander" : "patrol").append("\"}");
        }
        byte[] line = b.append("],\"playerSeq\":412}").toString().getBytes(StandardCharsets.UTF_8);
        System.out.printf(Locale.ROOT, "monsters line: %d monsters, %d bytes%n", n, line.length);
        int rounds = 400;
        BotView view = new BotView("bots-world");
        double before = perOp(rounds, () -> {
            Monsters ms = (Monsters) (FromServer) MessageReader.FROM_SERVER.read(line, 0, line.length);
            for (MonsterSnapshot s : ms.list()) {
                view.snapshot(s, 0);
            }
            Map<String, double[]> positions = new HashMap<>(ms.list().size() * 2);
            for (MonsterSnapshot s : ms.list()) {
                positions.put(s.monster(), new double[] {s.pos().x(), s.pos().z()});
            }
            sink = positions;
        });
        TruthLineParser parser = new TruthLineParser(25);
        double after = perOp(rounds, () -> sink = parser.parse(line, 0, line.length));
        System.out.printf(Locale.ROOT, "intake CPU per snapshot: before %.3f ms (decode + map), after %.3f ms"
                + " (fast path + index), %.1fx%n", before, after, before / after);

        TruthSnapshot t1 = parser.parse(line, 0, line.length);
        TruthSnapshot t0 = parser.parse(line, 0, line.length);
        Map<String, double[]> m1 = new HashMap<>();
        for (int i = 0; i < t1.size(); i++) {
            m1.put(t1.id(i), new double[] {t1.x(i), t1.z(i)});
        }
        Map<String, double[]> m0 = new HashMap<>(m1);
        int checks = 2000;
        double[] px = new double[checks];
        double[] pz = new double[checks];
        Set<String> inView = new HashSet<>();
        for (int i = 0; i < checks; i++) {
            px[i] = random.nextDouble(0, 512);
            pz[i] = random.nextDouble(0, 512);
        }
        for (int i = 0; i < 50; i++) {
            inView.add("m-" + (1 + random.nextInt(n)));
        }
        double inner = 25;
        int[] k = {0};
        double oldCheck = perOp(checks, () -> {
            int i = k[0]++ % checks;
            int missing = 0;
            for (Map.Entry<String, double[]> e : m1.entrySet()) {
                double[] c = m0.get(e.getKey());
                if (c != null && !inView.contains(e.getKey())
                        && Math.hypot(e.getValue()[0] - px[i], e.getValue()[1] - pz[i]) <= inner
                        && Math.hypot(c[0] - px[i], c[1] - pz[i]) <= inner) {
                    missing++;
                }
            }
            for (String id : inView) {
                missing += m1.get(id) == null ? 1 : 0;
                missing += m0.get(id) == null ? 1 : 0;
            }
            sink = missing;
        });
        double newCheck = perOp(checks, () -> {
            int i = k[0]++ % checks;
            int[] missing = {0};
            t1.forEachWithin(px[i], pz[i], inner, j -> {
                int c = t0.indexOf(t1.id(j));
                if (c >= 0 && !inView.contains(t1.id(j)) && t0.distance(c, px[i], pz[i]) <= inner) {
                    missing[0]++;
                }
            });
            for (String id : inView) {
                missing[0] += t1.indexOf(id) < 0 ? 1 : 0;
                missing[0] += t0.indexOf(id) < 0 ? 1 : 0;
            }
            sink = missing[0];
        });
        System.out.printf(Locale.ROOT, "view check CPU: before %.1f us (every truth monster), after %.1f us"
                + " (indexed), %.1fx; at 1,000 players x 5 Hz: %.2f vs %.2f cores%n", oldCheck * 1000,
                newCheck * 1000, oldCheck / newCheck, oldCheck * 5 * 1000 / 1000, newCheck * 5 * 1000 / 1000);
    }

    /** Thread CPU ms per run of {@code op}, after as many warm-up runs. */
    private static double perOp(int rounds, Runnable op) {
        for (int i = 0; i < rounds; i++) {
            op.run();
        }
        long t0 = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < rounds; i++) {
            op.run();
        }
        return (THREADS.getCurrentThreadCpuTime() - t0) / 1e6 / rounds;
    }

    private static double mm(double v) {
        return Math.rint(v * 1000) / 1000;
    }
}
