package dev.navserver.server.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.server.world.PathPlanner;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PlannerPoolTest {
    private final PlannerPool pool = new PlannerPool(1);

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertThat(pool.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aBacklogServesChasesBeforeWalks_EachInTheOrderTheyCame() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch busy = new CountDownLatch(1);
        pool.execute(() -> {
            busy.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(busy.await(5, TimeUnit.SECONDS)).isTrue(); // the only thread is taken: the rest queue
        List<String> ran = new CopyOnWriteArrayList<>();
        CountDownLatch all = new CountDownLatch(5);
        pool.execute((PathPlanner.Background) () -> { ran.add("wander-1"); all.countDown(); });
        pool.execute((PathPlanner.Background) () -> { ran.add("patrol-2"); all.countDown(); });
        pool.execute(() -> { ran.add("chase-3"); all.countDown(); });
        pool.execute((PathPlanner.Background) () -> { ran.add("wander-4"); all.countDown(); });
        pool.execute(() -> { ran.add("path_query-5"); all.countDown(); });

        release.countDown();

        assertThat(all.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).containsExactly("chase-3", "path_query-5", "wander-1", "patrol-2", "wander-4");
    }

    @Test
    void itsThreadsAreNamedDaemonPlanners() throws Exception {
        Thread t = pool.submit(Thread::currentThread).get(5, TimeUnit.SECONDS);

        assertThat(t.getName()).isEqualTo("navserver-planner-1");
        assertThat(t.isDaemon()).isTrue();
    }
}
