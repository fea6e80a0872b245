package dev.navserver.nav.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.search.core.IntPages;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OpenListTest {
    private final OpenList list = new OpenList();

    /** Pops everything, returning the ids in pop order. */
    private List<Integer> drain() {
        List<Integer> ids = new ArrayList<>();
        while (!list.isEmpty()) {
            ids.add(list.pop());
        }
        return ids;
    }

    @Test
    void pop_WhenKeysDiffer_ComesOutInAscendingF() {
        list.begin(10);
        list.push(3, 7.5, 0);
        list.push(1, 2.0, 0);
        list.push(9, 4.0, 0);
        list.push(0, 9.0, 0);
        list.push(5, 1.0, 0);
        list.push(7, 3.0, 0);

        assertThat(list.size()).isEqualTo(6);
        assertThat(list.peek()).isEqualTo(5);
        assertThat(list.peekF()).isEqualTo(1.0);
        assertThat(drain()).containsExactly(5, 1, 7, 9, 3, 0);
    }

    @Test
    void pop_WhenFTies_LargerGComesFirst() {
        list.begin(4);
        list.push(0, 5.0, 1.0);
        list.push(1, 5.0, 3.0);
        list.push(2, 5.0, 2.0);
        list.push(3, 4.0, 0.0);

        assertThat(drain()).containsExactly(3, 1, 2, 0);
    }

    @Test
    void pop_WhenKeysDifferOnlyInTheLastBit_OrdersExactly() {
        double f = 10.0;
        list.begin(2);
        list.push(0, Math.nextUp(f), 0);
        list.push(1, f, 0);

        assertThat(drain()).containsExactly(1, 0);
    }

    @Test
    void decrease_WhenNodeGetsASmallerKey_MovesAheadAndKeepsItsNewG() {
        list.begin(8);
        for (int q = 0; q < 8; q++) {
            list.push(q, 10 + q, 5);
        }
        list.decrease(6, 9.5, 2.5);

        assertThat(list.g(6)).isEqualTo(2.5);
        assertThat(list.peek()).isEqualTo(6);
        assertThat(list.peekG()).isEqualTo(2.5);
        assertThat(drain()).containsExactly(6, 0, 1, 2, 3, 4, 5, 7);
    }

    @Test
    void states_WhenPushedThenPopped_GoUnseenOpenClosed() {
        list.begin(3);
        assertThat(list.isOpen(1)).isFalse();
        assertThat(list.isClosed(1)).isFalse();

        list.push(1, 1.0, 0);
        assertThat(list.isOpen(1)).isTrue();
        assertThat(list.isClosed(1)).isFalse();

        assertThat(list.pop()).isEqualTo(1);
        assertThat(list.isOpen(1)).isFalse();
        assertThat(list.isClosed(1)).isTrue();
        assertThat(list.isEmpty()).isTrue();
    }

    @Test
    void link_WhenSet_IsReadBackPerIdAndLeavesTheHeapAlone() {
        list.begin(4);
        list.push(2, 3.0, 1.0);
        list.push(3, 2.0, 1.0);
        list.link(2, 0, -1);
        list.link(3, 2, 1);

        assertThat(list.parent(2)).isZero();
        assertThat(list.via(2)).isEqualTo(-1);
        assertThat(list.parent(3)).isEqualTo(2);
        assertThat(list.via(3)).isEqualTo(1);
        assertThat(drain()).containsExactly(3, 2);
    }

    @Test
    void begin_WhenReused_ForgetsOpenAndClosedIdsWithoutReallocating() {
        list.begin(6);
        list.push(0, 1, 0);
        list.push(1, 2, 0);
        list.push(2, 3, 0);
        list.pop();
        int[] page = list.pages[0];

        list.begin(6);

        assertThat(list.isEmpty()).isTrue();
        for (int q = 0; q < 3; q++) {
            assertThat(list.isOpen(q)).isFalse();
            assertThat(list.isClosed(q)).isFalse();
        }
        assertThat(list.pages[0]).isSameAs(page);
        list.push(1, 5, 0);
        list.push(0, 4, 0);
        assertThat(drain()).containsExactly(0, 1);
    }

    @Test
    void begin_WhenSmallerThanBefore_KeepsTheLargerTableAndThePages() {
        list.begin(100);
        list.push(99, 1, 0);
        int[][] table = list.pages;
        int[] page = list.pages[99 >>> OpenList.PAGE_SHIFT];

        list.begin(10);

        assertThat(list.pages).isSameAs(table);
        assertThat(list.pages[99 >>> OpenList.PAGE_SHIFT]).isSameAs(page);
        assertThat(list.capacity()).isEqualTo(100);
    }

    @Test
    void push_AllocatesOnlyThePagesOfTheIdsTouched() {
        list.begin(1_000_000);
        long empty = list.scratchBytes();

        list.push(0, 1, 0);
        list.push(63, 2, 0);
        list.push(500_000, 3, 0);
        list.link(999_999, 1, -1);

        assertThat(list.heldPages()).isEqualTo(3);
        assertThat(list.scratchBytes() - empty).isEqualTo(3 * (16 + 4 * OpenList.RECORD * OpenList.PAGE_IDS));
        assertThat(list.isOpen(64)).isFalse();
        assertThat(list.isClosed(200_000)).isFalse();
        assertThat(list.pages[200_000 >>> OpenList.PAGE_SHIFT]).isNull();
        assertThat(drain()).containsExactly(0, 63, 500_000);
    }

    @Test
    void push_WhenTheOpenListOutgrowsItsHeap_GrowsItAndKeepsTheOrder() {
        list.begin(10_000);
        long before = list.scratchBytes();
        for (int q = 0; q < 5_000; q++) {
            list.push(q, 10_000 - q, 0);
        }

        assertThat(list.scratchBytes()).isGreaterThan(before);
        assertThat(list.peek()).isEqualTo(4_999);
        assertThat(list.size()).isEqualTo(5_000);
    }

    @Test
    void begin_WhenMoreThanTheRetentionBoundIsHeld_DropsThePagesAndTheHeap() {
        // 4.5M ids x 16 bytes = 72 MiB of pages once every id was opened
        int n = 4_500_000;
        list.begin(n);
        for (int q = 0; q < n; q += OpenList.PAGE_IDS) {
            list.push(q, q, 0);
        }
        assertThat(list.scratchBytes()).isGreaterThan(IntPages.RETAINED_BYTES);

        list.begin(1_000);

        assertThat(list.heldPages()).isZero();
        assertThat(list.scratchBytes()).isLessThan(64 * 1024);
        assertThat(list.isOpen(0)).isFalse();
        list.push(5, 1, 0);
        assertThat(drain()).containsExactly(5);
    }

    @Test
    void begin_WhenCapacityGrows_AcceptsTheNewIds() {
        list.begin(4);
        list.push(3, 1, 0);

        list.begin(10_000);
        for (int q = 9_999; q >= 0; q -= 37) {
            list.push(q, q, 0);
        }

        assertThat(list.capacity()).isEqualTo(10_000);
        assertThat(list.isOpen(3)).isFalse();
        assertThat(list.peek()).isEqualTo(9_999 % 37);
        assertThat(list.isOpen(9_999)).isTrue();
    }

    @Test
    void begin_WhenTheStampWouldOverflow_ClearsRecordsAndStartsOver() {
        list.begin(3);
        list.openStamp = Integer.MAX_VALUE - 3; // the last even stamp before the wrap
        list.push(0, 1, 0);
        list.push(1, 2, 0);
        list.pop();
        assertThat(list.isClosed(0)).isTrue();

        list.begin(3); // the next stamp would leave no room for its closed stamp: records cleared

        assertThat(list.openStamp).isEqualTo(2);
        assertThat(list.isOpen(1)).isFalse();
        assertThat(list.isClosed(0)).isFalse();
        list.push(2, 1, 0);
        assertThat(list.isOpen(2)).isTrue();
    }

    @Test
    void pop_WhenRandomPushesAndDecreases_MatchesAPriorityQueueOracle() {
        Random rnd = new Random(11);
        Comparator<double[]> order = (a, b) -> {
            int c = Double.compare(a[0], b[0]);
            return c != 0 ? c : Double.compare(b[1], a[1]);
        };
        for (int round = 0; round < 30; round++) {
            int n = 1 + rnd.nextInt(500);
            list.begin(n);
            double[][] current = new double[n][];
            for (int op = 0; op < 3 * n; op++) {
                int q = rnd.nextInt(n);
                // few distinct values so that ties on f and on (f, g) are common
                double g = rnd.nextInt(20);
                double f = g + rnd.nextInt(20);
                if (current[q] == null && !list.isClosed(q)) {
                    list.push(q, f, g);
                    current[q] = new double[] {f, g};
                } else if (current[q] != null && order.compare(new double[] {f, g}, current[q]) <= 0) {
                    list.decrease(q, f, g);
                    current[q] = new double[] {f, g};
                } else if (rnd.nextInt(3) == 0 && !list.isEmpty()) {
                    current[list.pop()] = null;
                }
            }
            PriorityQueue<double[]> oracle = new PriorityQueue<>(order);
            for (double[] k : current) {
                if (k != null) {
                    oracle.add(k);
                }
            }
            assertThat(list.size()).isEqualTo(oracle.size());
            while (!list.isEmpty()) {
                double[] expected = oracle.poll();
                assertThat(new double[] {list.peekF(), list.peekG()}).containsExactly(expected);
                int q = list.pop();
                assertThat(current[q]).containsExactly(expected);
            }
        }
    }
}
