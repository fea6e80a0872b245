package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.crowd.OrcaParams;
import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.search.SearchOptions;
import dev.navserver.server.config.NavServerConfig.Chase;
import dev.navserver.server.plan.NavPlanner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Monsters of a kind have their kind's body radius (issue 26): two monsters are kept at least the sum of their
 * radii apart and a monster at least its radius plus the player radius from a player, with bears (0.9 m) and rats
 * (0.2 m) in one crowd. One {@link BodySeparation} pass per simulated tick, then a whole {@link World} with
 * avoidance.
 */
class KindBodiesTest {
    private static final MonsterKind BEAR = new MonsterKind("bear", 2, 0.9, 12, 0, 5);
    private static final MonsterKind RAT = new MonsterKind("rat", 2, 0.2, 12, 0, 5);
    private static final double RP = 0.5;
    /** The contract's slack: bodies may overlap by at most this much (metres). */
    private static final double SLACK = 0.05;
    /** 20 x 12 m room, 1 m cells (x = col, z = -row). */
    private static final GridMap ROOM = AsciiMaps.parse(
            "####################",
            "#..................#",
            "#..................#",
            "#..................#",
            "#..................#",
            "#..................#",
            "#..................#",
            "#..................#",
            "#..................#",
            "#..................#",
            "#..................#",
            "####################");

    private final BodySeparation bodies = new BodySeparation(new NavPlanner(SearchOptions.DEFAULT));

    /** A monster of {@code kind} standing at (x, z) since the tick began, past its spawn grace. */
    private static Monster standing(String id, MonsterKind kind, double x, double z) {
        Monster m = new Monster(id, kind, x, z, x, z, new Idle(), 0);
        m.tickStartX = x;
        m.tickStartZ = z;
        m.spawnTime = -10;
        return m;
    }

    private static Player player(double x, double z) {
        Player p = new Player("p");
        p.hasPos = true;
        p.x = x;
        p.z = z;
        return p;
    }

    @Test
    void twoRatsAndTwoBearsEachStandingSixtyCentimetresApart_OnlyTheBearsArePushedToTheSumOfTheirRadii() {
        Monster rat1 = standing("rat1", RAT, 4, -3);
        Monster rat2 = standing("rat2", RAT, 4.6, -3);
        Monster bear1 = standing("bear1", BEAR, 10, -8);
        Monster bear2 = standing("bear2", BEAR, 10.6, -8);
        Monster rat3 = standing("rat3", RAT, 15, -3);
        Monster bear3 = standing("bear3", BEAR, 15.6, -3);

        int faults = bodies.separate(List.of(rat1, rat2, bear1, bear2, rat3, bear3), List.of(player(2, -10)), ROOM,
                RP, 0);

        assertThat(faults).isZero();
        assertThat(List.of(rat1.x, rat1.z, rat2.x, rat2.z)).as("0.6 m >= 0.2 + 0.2: the rats stay put")
                .containsExactly(4.0, -3.0, 4.6, -3.0);
        assertThat(rat1.pushed || rat2.pushed).isFalse();
        assertThat(distance(bear1, bear2)).as("bears").isGreaterThanOrEqualTo(0.9 + 0.9 - SLACK);
        assertThat(distance(rat3, bear3)).as("a rat and a bear").isGreaterThanOrEqualTo(0.2 + 0.9 - SLACK)
                .isLessThan(0.9 + 0.9 - SLACK);
    }

    @Test
    void crowdOfBearsAndRatsAroundAPlayer_AfterAFewTicks_EveryPairIsTheSumOfItsRadiiApart() {
        Player p = player(10, -6);
        List<Monster> all = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(26);
        for (int i = 0; i < 12; i++) { // all within a metre of the player, into each other and into it
            MonsterKind kind = i % 3 == 0 ? BEAR : RAT;
            all.add(standing(kind.name() + i, kind, 10 + r.nextDouble(-1, 1), -6 + r.nextDouble(-1, 1)));
        }
        for (int tick = 0; tick < 20; tick++) {
            for (Monster m : all) {
                m.tickStartX = m.x;
                m.tickStartZ = m.z;
            }
            bodies.separate(all, List.of(p), ROOM, RP, tick * 0.05);
        }

        for (int i = 0; i < all.size(); i++) {
            Monster a = all.get(i);
            assertThat(distance(a.x, a.z, p.x, p.z)).as("%s from the player", a.id)
                    .isGreaterThanOrEqualTo(a.kind.radiusMeters() + RP - SLACK);
            assertThat(ROOM.navGrid().openCell(ROOM.cellAt(a.x, a.z))).as("%s on a walkable cell", a.id).isTrue();
            for (int j = i + 1; j < all.size(); j++) {
                Monster b = all.get(j);
                assertThat(distance(a, b)).as("%s to %s", a.id, b.id)
                        .isGreaterThanOrEqualTo(a.kind.radiusMeters() + b.kind.radiusMeters() - SLACK);
            }
        }
        assertThat(bodies.separate(all, List.of(p), ROOM, RP, 5)).as("faults once settled").isZero();
    }

    @Test
    void monstersOfKindsWithOneRadius_AreSeparatedBitForBitAsWithThatRadiusForAll() {
        MonsterKind wolf = new MonsterKind("wolf", 3, 0.4, 0, 0, 5);
        MonsterKind boar = new MonsterKind("boar", 2, 0.4, 0, 0, 5);
        List<Monster> byKind = new ArrayList<>();
        List<Monster> byRadius = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 30; i++) {
            double x = 3 + r.nextDouble(0, 14);
            double z = -2 - r.nextDouble(0, 8);
            byKind.add(standing("m" + i, i % 2 == 0 ? wolf : boar, x, z));
            byRadius.add(standing("m" + i, i % 2 == 0 ? wolf : boar, x, z));
        }
        List<Player> players = List.of(player(8, -5), player(12, -6));
        BodySeparation other = new BodySeparation(new NavPlanner(SearchOptions.DEFAULT));

        for (int tick = 0; tick < 5; tick++) {
            assertThat(bodies.separate(byKind, players, ROOM, RP, tick))
                    .isEqualTo(other.separate(byRadius, players, ROOM, 0.4, RP, tick));
        }

        for (int i = 0; i < byKind.size(); i++) {
            assertThat(byKind.get(i).x).as("x of m%d", i).isEqualTo(byRadius.get(i).x);
            assertThat(byKind.get(i).z).as("z of m%d", i).isEqualTo(byRadius.get(i).z);
        }
        assertThat(byKind.stream().filter(m -> m.pushed).count()).as("a crowd that needed pushes").isPositive();
    }

    @Test
    void bearsAndRatsAggroingAPlayer_WithAvoidance_EachKeepTheirOwnBodyFromThePlayerAndFromEachOther() {
        Chase settings = new Chase(0.5, 0.5, 4.0, 1.0, 1.0, 2.0, 0, true, 0, 3, 6, 0.4, RP, 8, 10);
        AtomicLong faults = new AtomicLong();
        WorldMetrics metrics = new WorldMetrics() {
            @Override
            public void monsterOverlaps(int pairs) {
                faults.addAndGet(pairs);
            }
        };
        World w = new World("room", ROOM, settings, new NavPlanner(SearchOptions.DEFAULT), Runnable::run, metrics,
                new Spawner(new SplittableRandom(3), new AtomicLong()::incrementAndGet), () -> { });
        w.setKinds(Map.of("bear", BEAR, "rat", RAT));
        w.setAvoidance(OrcaParams.DEFAULT);
        w.players().join("s-a", "alice", false);
        w.playerPos("s-a", 1, 10, 0, -6);
        List<String> ids = new ArrayList<>();
        Map<String, MonsterKind> kinds = new HashMap<>();
        double[][] spots = {{3, -2}, {17, -2}, {3, -10}, {17, -10}, {10, -2}, {10, -10}, {3, -6}, {17, -6}};
        for (int i = 0; i < spots.length; i++) {
            MonsterKind kind = i % 2 == 0 ? BEAR : RAT;
            MonsterOrders.Result res = w.orders().spawn(kind.name(), spots[i][0], spots[i][1], spots[i][0],
                    spots[i][1], MonsterOrders.BaseSpec.IDLE);
            assertThat(res.ok()).as(res.message()).isTrue();
            ids.add(res.monsterId());
            kinds.put(res.monsterId(), kind);
        }

        double now = 0;
        double bearNearest = Double.POSITIVE_INFINITY;
        double ratNearest = Double.POSITIVE_INFINITY;
        for (int tick = 0; tick < 160; tick++, now += 0.05) {
            w.tick(now, 0.05);
            w.outbox().drainTo(e -> { });
            if (now < 2) {
                continue; // walking up from 7 m away, then past the spawn grace
            }
            for (int i = 0; i < ids.size(); i++) {
                double[] a = w.inspect().monsterPosition(ids.get(i));
                double ra = kinds.get(ids.get(i)).radiusMeters();
                double toPlayer = distance(a[0], a[1], 10, -6);
                assertThat(toPlayer).as("%s from alice at %.2f s", ids.get(i), now)
                        .isGreaterThanOrEqualTo(ra + RP - SLACK);
                if (ra == BEAR.radiusMeters()) {
                    bearNearest = Math.min(bearNearest, toPlayer);
                } else {
                    ratNearest = Math.min(ratNearest, toPlayer);
                }
                for (int j = i + 1; j < ids.size(); j++) {
                    double[] b = w.inspect().monsterPosition(ids.get(j));
                    assertThat(distance(a[0], a[1], b[0], b[1])).as("%s to %s at %.2f s", ids.get(i), ids.get(j), now)
                            .isGreaterThanOrEqualTo(ra + kinds.get(ids.get(j)).radiusMeters() - SLACK);
                }
            }
        }
        assertThat(ratNearest).as("rats came close: they chased").isLessThan(1.5);
        assertThat(bearNearest).as("bears came close: they chased").isLessThan(2.5);
        assertThat(faults).as("navserver_monster_overlaps_total").hasValue(0);
    }

    private static double distance(Monster a, Monster b) {
        return distance(a.x, a.z, b.x, b.z);
    }

    private static double distance(double ax, double az, double bx, double bz) {
        return Math.hypot(ax - bx, az - bz);
    }
}
