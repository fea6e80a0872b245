package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.server.world.file.RouteMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every behaviour's transitions, one row each: the behaviour, what the world looks like at its update, and what it
 * must do — go on, end, hand over to another behaviour — with the orders and events it gives.
 */
class BehaviourTransitionsTest {
    /** A brain that records what behaviours ask of it. */
    static final class FakeBrain implements Brain {
        double now;
        boolean reached;
        boolean reachedGoal;
        boolean present = true;
        final Map<String, Route> routes = new HashMap<>();
        final List<String> log = new ArrayList<>();

        @Override
        public double now() {
            return now;
        }

        @Override
        public double random() {
            return 0.5;
        }

        @Override
        public double moveThresholdMeters() {
            return 0.5;
        }

        @Override
        public double navIntervalSeconds() {
            return 0.5;
        }

        @Override
        public void walkTo(Monster m, double x, double z) {
            m.hasGoal = true;
            m.goalX = x;
            m.goalZ = z;
            log.add("walkTo " + fmt(x) + "," + fmt(z));
        }

        @Override
        public void standStill(Monster m) {
            m.hasGoal = false;
            log.add("stand");
        }

        @Override
        public void startChase(Monster m, Player target) {
            m.target = target;
            log.add("chase " + target.name);
        }

        @Override
        public void stopChase(Monster m) {
            m.target = null;
            log.add("stopChase");
        }

        @Override
        public boolean reached(Monster m) {
            return reached;
        }

        @Override
        public boolean reachedGoal(Monster m) {
            return reachedGoal;
        }

        @Override
        public boolean present(Player p) {
            return present;
        }

        @Override
        public Route route(String name) {
            return routes.get(name);
        }

        @Override
        public double[] randomPointNear(Monster m, double cx, double cz, double radius) {
            return new double[] {cx + radius / 2, cz};
        }

        @Override
        public double[] walkablePointNear(Monster m, double x, double z) {
            return new double[] {x, z};
        }

        @Override
        public void event(Monster m, String event, String target, String route, int index) {
            log.add("event " + event + (target != null ? " " + target : "") + (route != null ? " " + route + "#"
                    + index : ""));
        }

        private static String fmt(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
        }
    }

    /** What {@link Behaviour#update} returned. */
    enum Next { SAME, ENDED, RETURN_HOME }

    record Row(String name, Behaviour behaviour, Consumer<Case> given, Next next, List<String> log) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The monster, the brain and the player of one row. */
    static final class Case {
        final FakeBrain brain = new FakeBrain();
        final Player alice = new Player("s-1", "alice", false, null);
        final Monster monster = new Monster("m-1", new MonsterKind("wolf", 3, 0.5, 8, 25, 4), 0, 0, 0, 0,
                new Idle(), 0);
    }

    static Stream<Arguments> rows() {
        return Stream.of(
                new Row("idle goes on standing", new Idle(), c -> { }, Next.SAME, List.of()),
                new Row("move_to on the way goes on", new MoveTo(3, 4),
                        c -> { }, Next.SAME, List.of()),
                new Row("move_to at its goal ends: arrived", new MoveTo(3, 4),
                        c -> { c.brain.reached = true; c.brain.reachedGoal = true; }, Next.ENDED,
                        List.of("event arrived")),
                new Row("move_to at the end of a partial path ends: unreachable", new MoveTo(3, 4),
                        c -> c.brain.reached = true, Next.ENDED, List.of("event unreachable")),
                new Row("return_home on the way goes on", new ReturnHome(), c -> { }, Next.SAME,
                        List.of()),
                new Row("return_home at home ends: home", new ReturnHome(),
                        c -> c.brain.reached = true, Next.ENDED, List.of("event home")))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void update_AsTheTableSays(Row row) {
        Case c = new Case();
        row.given().accept(c);
        c.brain.log.clear();
        Behaviour next = row.behaviour().update(c.monster, c.brain);
        Next got = next == row.behaviour() ? Next.SAME : next == null ? Next.ENDED
                : next instanceof ReturnHome ? Next.RETURN_HOME : null;
        assertThat(got).isEqualTo(row.next());
        assertThat(c.brain.log).containsExactlyElementsOf(row.log());
    }

    @org.junit.jupiter.api.Test
    void chase_WhenItsPlayerLeaves_GivesUpAndReturnsHome() {
        Case c = new Case();
        ChasePlayer chase = new ChasePlayer(c.alice);
        chase.start(c.monster, c.brain);
        c.brain.present = false;
        assertThat(chase.update(c.monster, c.brain)).isInstanceOf(ReturnHome.class);
        assertThat(c.brain.log).containsExactly("chase alice", "event target_lost alice");
    }

    @org.junit.jupiter.api.Test
    void chase_BeyondTheLeashForLeashSeconds_ReturnsHome_NotBefore() {
        Case c = new Case(); // wolf: leash 25 m, 4 s
        ChasePlayer chase = new ChasePlayer(c.alice);
        c.monster.x = 30;
        c.brain.now = 10;
        assertThat(chase.update(c.monster, c.brain)).isSameAs(chase);
        c.brain.now = 13.9;
        assertThat(chase.update(c.monster, c.brain)).isSameAs(chase);
        c.monster.x = 20; // back within the leash: the clock starts over
        c.brain.now = 14;
        assertThat(chase.update(c.monster, c.brain)).isSameAs(chase);
        c.monster.x = 26;
        c.brain.now = 15;
        assertThat(chase.update(c.monster, c.brain)).isSameAs(chase);
        c.brain.now = 19;
        assertThat(chase.update(c.monster, c.brain)).isInstanceOf(ReturnHome.class);
        assertThat(c.brain.log).containsExactly("event leash alice");
    }

    @org.junit.jupiter.api.Test
    void chase_StrandedForLeashSeconds_ReturnsHome() {
        Case c = new Case();
        ChasePlayer chase = new ChasePlayer(c.alice);
        c.monster.state = MonsterState.UNREACHABLE;
        c.brain.now = 1;
        assertThat(chase.update(c.monster, c.brain)).isSameAs(chase);
        c.brain.now = 5;
        assertThat(chase.update(c.monster, c.brain)).isInstanceOf(ReturnHome.class);
        assertThat(c.brain.log).containsExactly("event unreachable alice");
    }

    @org.junit.jupiter.api.Test
    void chase_OfAnUnleashedKind_NeverGivesUpWhileItsPlayerStays() {
        Case c = new Case();
        Monster m = new Monster("m-2", new MonsterKind("default", 2, 0.4, 0, 0, 5), 500, 0, 0, 0,
                new Idle(), 1);
        m.state = MonsterState.UNREACHABLE;
        ChasePlayer chase = new ChasePlayer(c.alice);
        for (int t = 0; t < 100; t += 10) {
            c.brain.now = t;
            assertThat(chase.update(m, c.brain)).isSameAs(chase);
        }
    }

    @org.junit.jupiter.api.Test
    void wander_RestsThenPicksTheNextPointNearHome() {
        Case c = new Case();
        Wander w = new Wander(6);
        w.start(c.monster, c.brain);
        assertThat(c.brain.log).containsExactly("walkTo 3,0");
        c.brain.reached = true;
        c.brain.now = 1;
        w.update(c.monster, c.brain); // arrived: rests 1 + 0.5 * 3 = 2.5 s
        c.brain.reached = false;
        c.brain.now = 3.4;
        w.update(c.monster, c.brain);
        assertThat(c.brain.log).hasSize(1);
        c.brain.now = 3.5;
        w.update(c.monster, c.brain);
        assertThat(c.brain.log).containsExactly("walkTo 3,0", "walkTo 3,0");
    }

    @org.junit.jupiter.api.Test
    void patrol_LoopsPingpongsAndStopsOnce_WaitingAtEachPointAndAnnouncingIt() {
        assertThat(patrolIndices(RouteMode.LOOP, 7)).containsExactly(0, 1, 2, 0, 1, 2, 0);
        assertThat(patrolIndices(RouteMode.PINGPONG, 7)).containsExactly(0, 1, 2, 1, 0, 1, 2);
        assertThat(patrolIndices(RouteMode.ONCE, 7)).containsExactly(0, 1, 2, 2, 2, 2, 2);
    }

    /** The point index a patrol walks to after each arrival, starting at the point nearest (0, 0). */
    private static List<Integer> patrolIndices(RouteMode mode, int arrivals) {
        Case c = new Case();
        c.brain.routes.put("lane", new Route("lane", new double[] {0, 10, 20}, new double[] {0, 0, 0}, mode, 1));
        Patrol p = new Patrol("lane");
        p.start(c.monster, c.brain);
        List<Integer> out = new ArrayList<>();
        out.add(p.index());
        for (int i = 1; i < arrivals; i++) {
            c.brain.reached = true;
            p.update(c.monster, c.brain); // arrives: waypoint event, waits 1 s
            c.brain.reached = false;
            c.brain.now += 1;
            p.update(c.monster, c.brain); // goes on
            out.add(p.index());
        }
        assertThat(c.brain.log).contains("event waypoint lane#0");
        return out;
    }

    @org.junit.jupiter.api.Test
    void patrol_ResumesAtTheRoutePointNearestTheMonster() {
        Case c = new Case();
        c.brain.routes.put("lane", new Route("lane", new double[] {0, 10, 20}, new double[] {0, 0, 0},
                RouteMode.LOOP, 0));
        c.monster.x = 19;
        Patrol p = new Patrol("lane");
        p.start(c.monster, c.brain);
        assertThat(p.index()).isEqualTo(2);
        assertThat(c.brain.log).containsExactly("walkTo 20,0");
    }

    @org.junit.jupiter.api.Test
    void patrol_WhenItsRouteIsRemoved_StandsIdle() {
        Case c = new Case();
        c.brain.routes.put("lane", new Route("lane", new double[] {0, 10}, new double[] {0, 0}, RouteMode.LOOP,
                0));
        Patrol p = new Patrol("lane");
        p.start(c.monster, c.brain);
        c.brain.routes.clear();
        p.update(c.monster, c.brain);
        assertThat(c.brain.log).containsExactly("walkTo 0,0", "stand");
    }

    @org.junit.jupiter.api.Test
    void follow_ReaimsOnlyWhenItsPlayerMovedBeyondTheThresholdAfterTheInterval() {
        Case c = new Case();
        c.alice.hasPos = true;
        c.alice.x = 10;
        Follow f = new Follow(c.alice, 2, 0);
        f.start(c.monster, c.brain);
        c.monster.lastPlanTime = 0;
        c.alice.x = 10.3; // within the threshold
        c.brain.now = 1;
        f.update(c.monster, c.brain);
        c.alice.x = 11; // beyond it, but only 0.2 s after the plan
        c.monster.lastPlanTime = 0.9;
        c.brain.now = 1.1;
        f.update(c.monster, c.brain);
        c.brain.now = 1.5;
        f.update(c.monster, c.brain);
        assertThat(c.brain.log).containsExactly("walkTo 12,0", "walkTo 13,0");
        c.brain.present = false;
        assertThat(f.update(c.monster, c.brain)).isNull();
    }

    @org.junit.jupiter.api.Test
    void flee_RunsAwayAndEndsOnceSafe() {
        Case c = new Case(); // wolf: aggro 8 m, safe at 20 m
        c.alice.hasPos = true;
        c.alice.x = -2;
        Flee f = new Flee(c.alice);
        f.start(c.monster, c.brain);
        assertThat(c.brain.log).containsExactly("walkTo 10,0");
        assertThat(f.update(c.monster, c.brain)).isSameAs(f);
        c.monster.x = 18;
        assertThat(f.update(c.monster, c.brain)).isNull();
    }
}
