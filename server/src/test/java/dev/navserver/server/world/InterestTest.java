package dev.navserver.server.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Views: who enters and leaves whose view, with the radius, the hysteresis, authorities, chasers and despawns. */
class InterestTest {
    private final Interest interest = new Interest(40, 5);
    private final List<String> heard = new ArrayList<>();
    private final Interest.Announcer announcer = new Interest.Announcer() {
        @Override
        public void entered(ViewSet view, Monster m) {
            heard.add(view.sessionId + " enter " + m.id);
        }

        @Override
        public void left(ViewSet view, Monster m, String reason) {
            heard.add(view.sessionId + " leave " + m.id + " " + reason);
        }
    };
    private final Set<Player> players = new LinkedHashSet<>();
    private final Set<Monster> monsters = new LinkedHashSet<>();

    private Player player(String session, double x, double z) {
        Player p = new Player(session);
        p.hasPos = true;
        p.x = x;
        p.z = z;
        players.add(p);
        return p;
    }

    private Monster monster(String id, double x, double z) {
        Monster m = new Monster(id, new MonsterKind("wolf", 3, 0.5, 0, 0, 0), x, z, x, z, new Idle(),
                monsters.size());
        monsters.add(m);
        return m;
    }

    private void update() {
        interest.update(players, monsters, announcer);
    }

    @Test
    void aMonsterWithinTheRadiusEnters_OneBeyondItDoesNot() {
        player("alice", 0, 0);
        monster("near", 39.9, 0);
        monster("far", 40.1, 0);
        update();
        assertThat(heard).containsExactly("alice enter near");
        update();
        assertThat(heard).as("nothing new").hasSize(1);
    }

    @Test
    void aMonsterInViewLeavesOnlyBeyondRadiusPlusHysteresis() {
        Player alice = player("alice", 0, 0);
        Monster m = monster("m", 10, 0);
        update();
        m.x = 44.9; // beyond the radius, within the hysteresis
        update();
        assertThat(alice.view.contains(m)).isTrue();
        m.x = 45.1;
        update();
        assertThat(alice.view.contains(m)).isFalse();
        assertThat(m.viewers).isEmpty();
        m.x = 42; // coming back: only within the radius again
        update();
        assertThat(alice.view.contains(m)).isFalse();
        m.x = 40;
        update();
        assertThat(heard).containsExactly("alice enter m", "alice leave m out_of_range", "alice enter m");
    }

    @Test
    void thePlayerWalkingUpToAMonster_BringsItIntoView() {
        Player alice = player("alice", -100, 0);
        monster("m", 0, 0);
        update();
        assertThat(heard).isEmpty();
        alice.x = -35;
        update();
        assertThat(heard).containsExactly("alice enter m");
    }

    @Test
    void aMonsterChasingThePlayer_IsInItsViewWhereverItIs() {
        Player alice = player("alice", 0, 0);
        Monster m = monster("hunter", 500, 0);
        alice.monsters.add(m);
        m.target = alice;
        update();
        assertThat(heard).containsExactly("alice enter hunter");
        m.x = 900;
        update();
        assertThat(alice.view.contains(m)).isTrue();
    }

    @Test
    void anAuthoritySeesEveryMonster_AtJoinAndAtSpawn() {
        monster("a", 0, 0);
        monster("b", 5000, 5000);
        Player god = new Player("god", "god", false, new ViewSet("god", true));
        players.add(god);
        interest.joined(god.view, monsters, announcer);
        Monster c = monster("c", -9000, 0);
        interest.spawned(c, players, announcer);
        update();
        assertThat(heard).containsExactly("god enter a", "god enter b", "god enter c");
        assertThat(god.view.size()).isEqualTo(3);
    }

    @Test
    void aDespawnedMonster_LeavesEveryView() {
        Player alice = player("alice", 0, 0);
        Player bob = player("bob", 3, 0);
        Monster m = monster("m", 1, 0);
        update();
        interest.despawned(m, announcer);
        monsters.remove(m);
        assertThat(heard).containsExactly("alice enter m", "bob enter m", "alice leave m despawned",
                "bob leave m despawned");
        assertThat(alice.view.size()).isZero();
        assertThat(bob.view.size()).isZero();
    }

    @Test
    void aSessionThatLeft_IsForgottenByItsMonsters() {
        Player alice = player("alice", 0, 0);
        Monster m = monster("m", 1, 0);
        update();
        alice.view.clear();
        players.remove(alice);
        assertThat(m.viewers).isEmpty();
    }

    @Test
    void aRadiusReload_TakesEffectAtTheNextUpdate() {
        Player alice = player("alice", 0, 0);
        Monster m = monster("m", 30, 0);
        update();
        interest.setRadius(10, 2);
        update();
        assertThat(alice.view.contains(m)).isFalse();
        assertThat(heard).containsExactly("alice enter m", "alice leave m out_of_range");
    }

    @Test
    void playersAndMonstersWalkingAtRandom_ViewsMatchABruteForceOracleAtEveryUpdate() {
        // 30 m views over bucket edges, negative coordinates and corners: after every update a view holds every
        // monster within the radius, nothing beyond radius + hysteresis, and in between exactly what it held before
        Interest views = new Interest(30, 5);
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(26);
        List<Player> ps = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ps.add(player("p" + i, rnd.nextDouble(-100, 100), rnd.nextDouble(-100, 100)));
        }
        List<Monster> ms = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            ms.add(monster("m" + i, rnd.nextDouble(-100, 100), rnd.nextDouble(-100, 100)));
        }
        java.util.Map<Player, Set<Monster>> before = new java.util.HashMap<>();
        for (int step = 0; step < 200; step++) {
            for (Player p : ps) {
                p.x += rnd.nextDouble(-3, 3);
                p.z += rnd.nextDouble(-3, 3);
            }
            for (Monster m : ms) {
                m.x += rnd.nextDouble(-2, 2);
                m.z += rnd.nextDouble(-2, 2);
            }
            views.update(players, monsters, announcer);
            for (Player p : ps) {
                Set<Monster> in = new LinkedHashSet<>(p.view.monsters());
                for (Monster m : ms) {
                    double d = Math.hypot(m.x - p.x, m.z - p.z);
                    boolean was = before.getOrDefault(p, Set.of()).contains(m);
                    boolean expected = d <= 30 || d <= 35 && was;
                    assertThat(in.contains(m)).as("step %d: %s at %.3f m of %s (was in view: %s)", step, m.id, d,
                            p.sessionId, was).isEqualTo(expected);
                }
                before.put(p, in);
            }
        }
    }
}
