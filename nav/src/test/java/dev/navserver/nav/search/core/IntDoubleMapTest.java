package dev.navserver.nav.search.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class IntDoubleMapTest {
    @Property(tries = 200)
    void operations_InRandomOrder_AgreeWithAHashMap(@ForAll long seed,
                                                    @ForAll @IntRange(min = 1, max = 5000) int keyRange) {
        Random rnd = new Random(seed);
        IntDoubleMap map = new IntDoubleMap();
        Map<Integer, Double> oracle = new HashMap<>();
        for (int op = 0; op < 3000; op++) {
            int key = rnd.nextInt(keyRange);
            Double old = oracle.get(key);
            int slot = map.find(key);
            assertThat(slot >= 0).as("key %d present", key).isEqualTo(old != null);
            if (old == null) {
                double v = rnd.nextDouble();
                map.insert(key, v);
                oracle.put(key, v);
            } else {
                assertThat(map.valueAt(slot)).isEqualTo(old);
                assertThat(map.slotOf(key)).isEqualTo(slot);
                if (rnd.nextBoolean()) {
                    assertThat(map.remove(key)).isEqualTo(old);
                    oracle.remove(key);
                } else {
                    double v = rnd.nextDouble();
                    map.setValueAt(slot, v);
                    oracle.put(key, v);
                }
            }
            assertThat(map.size()).isEqualTo(oracle.size());
        }
        for (Map.Entry<Integer, Double> e : oracle.entrySet()) {
            assertThat(map.valueAt(map.slotOf(e.getKey()))).isEqualTo(e.getValue());
        }
    }

    @Test
    void clear_AfterGrowth_EmptiesTheMapAndKeepsItsArrays() {
        IntDoubleMap map = new IntDoubleMap();
        for (int k = 0; k < 1000; k++) {
            map.insert(k * 64, k);
        }
        long grown = map.bytes();
        assertThat(grown).isEqualTo(2 * 16 + 12L * 2048);

        map.clear();

        assertThat(map.size()).isZero();
        assertThat(map.find(64)).isEqualTo(-1);
        assertThat(map.bytes()).isEqualTo(grown);
        map.drop();
        assertThat(map.bytes()).isEqualTo(2 * 16 + 12L * 64);
    }
}
