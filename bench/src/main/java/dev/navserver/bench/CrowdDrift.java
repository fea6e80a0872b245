package dev.navserver.bench;

import dev.navserver.nav.crowd.CrowdAgents;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Checks that {@link CrowdBenchmark}'s workload is stationary: runs its tick in-process for a number of steps after
 * the benchmark's setup and prints, per window of steps, the thread CPU time per step, the mean number of other
 * agents within 2.5 m and within 1 m (over a fixed sample of 500 agents, at the window's end), the share of agents
 * slower than 0.3 m/s, and the respawns of the window.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar dev.navserver.bench.CrowdDrift MAP REGION STEPS WINDOW}
 * (for example {@code open512 centre 6000 500}). Single-threaded; not a JMH benchmark.
 */
public final class CrowdDrift {
    private CrowdDrift() {
    }

    public static void main(String[] args) {
        CrowdBenchmark b = new CrowdBenchmark();
        b.agents = 10_000;
        b.map = args[0];
        b.region = args[1];
        int steps = Integer.parseInt(args[2]);
        int window = Integer.parseInt(args[3]);
        b.build();
        CrowdAgents c = b.crowd();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        CpuClock clock = new CpuClock();
        System.out.printf("%s %s: steps, cpu ms/step, mean agents within 2.5 m, within 1 m, %% slower than 0.3 m/s,"
                + " mean speed m/s, respawns per step%n", b.map, b.region);
        for (int s = 0; s < steps; s += window) {
            long respawns0 = b.respawns();
            long t0 = threads.getCurrentThreadCpuTime();
            for (int k = 0; k < window; k++) {
                b.step(clock);
            }
            long t1 = threads.getCurrentThreadCpuTime();
            double within25 = 0;
            double within1 = 0;
            int sample = 500;
            for (int q = 0; q < sample; q++) {
                int i = q * (c.size() / sample);
                for (int j = 0; j < c.size(); j++) {
                    double dx = c.x(j) - c.x(i);
                    double dz = c.z(j) - c.z(i);
                    double d2 = dx * dx + dz * dz;
                    if (j != i && d2 < 2.5 * 2.5) {
                        within25++;
                        if (d2 < 1) {
                            within1++;
                        }
                    }
                }
            }
            int slow = 0;
            double speed = 0;
            for (int i = 0; i < c.size(); i++) {
                speed += Math.sqrt(c.vx(i) * c.vx(i) + c.vz(i) * c.vz(i));
                if (c.vx(i) * c.vx(i) + c.vz(i) * c.vz(i) < 0.3 * 0.3) {
                    slow++;
                }
            }
            System.out.printf("steps %5d..%5d  cpu %6.3f  nb2.5 %5.2f  nb1 %4.2f  slow %5.1f%%  speed %4.2f  respawns %6.2f%n",
                    CrowdBenchmark.SETUP_STEPS + s, CrowdBenchmark.SETUP_STEPS + s + window, (t1 - t0) / 1e6 / window, within25 / sample, within1 / sample,
                    100.0 * slow / c.size(), speed / c.size(), (b.respawns() - respawns0) / (double) window);
        }
    }
}
