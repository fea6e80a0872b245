package dev.navserver.server.world;

import java.util.ArrayList;
import java.util.List;

/** Read-only questions about a {@link World}'s monsters, for tests and status pages. Tick thread only. */
public final class WorldInspection {
    private final World world;

    WorldInspection(World world) {
        this.world = world;
    }

    /** Current XZ position of a monster as {x, z}, or null when unknown (tests and admin status). */
    public double[] monsterPosition(String monsterId) {
        Monster m = world.monster(monsterId);
        return m == null ? null : new double[] {m.x, m.z};
    }

    /** Current surround slot (XZ) of a monster as {x, z}, or null when unknown or without one (tests). */
    public double[] monsterSlot(String monsterId) {
        Monster m = world.monster(monsterId);
        return m == null || !m.hasSlot ? null : new double[] {m.slotX, m.slotZ};
    }

    /** Current chase state of a monster, or null when unknown. */
    public MonsterState monsterState(String monsterId) {
        Monster m = world.monster(monsterId);
        return m == null ? null : m.state;
    }

    /** Current wire state of a monster ({@code idle}, {@code patrol}, {@code chase}, ...), or null when unknown. */
    public String monsterWireState(String monsterId) {
        Monster m = world.monster(monsterId);
        return m == null ? null : m.wireState();
    }

    /** Ids of the monsters chasing a session's own player, in the order they started. */
    public List<String> monstersOf(String sessionId) {
        List<String> ids = new ArrayList<>();
        Player p = world.players().own(sessionId);
        if (p != null) {
            for (Monster m : p.monsters) {
                ids.add(m.id);
            }
        }
        return ids;
    }

    /** Ids of every monster, in spawn order. */
    public List<String> monsterIds() {
        return monsterIdsInOrder();
    }

    /** Ids of the monsters in a session's view, in the order they came in; empty for an unknown session. */
    public List<String> viewOf(String sessionId) {
        List<String> ids = new ArrayList<>();
        Player p = world.players().own(sessionId);
        if (p != null && p.view != null) {
            for (Monster m : p.view.monsters()) {
                ids.add(m.id);
            }
        }
        return ids;
    }

    /** Monsters with a plan in flight. */
    public int plansInFlight() {
        int n = 0;
        for (Monster m : world.monsterList()) {
            if (PlanDispatcher.inFlight(m)) {
                n++;
            }
        }
        return n;
    }

    private List<String> monsterIdsInOrder() {
        List<String> ids = new ArrayList<>();
        for (Monster m : world.monsterList()) {
            ids.add(m.id);
        }
        return ids;
    }
}
