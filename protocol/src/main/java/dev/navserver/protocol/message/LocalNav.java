package dev.navserver.protocol.message;

/**
 * Server → client {@code local_nav}: hands a monster to the client's NavMeshAgent ({@code active:true}) or takes
 * it back ({@code active:false}).
 *
 * @param monster monster id
 * @param active  true while the client drives the monster
 * @param slot    with {@code active:true}, the surround slot around the player the agent should go to
 *                ({@code SetDestination(slot)}), world metres; {@code null} when none (always with
 *                {@code active:false}); optional on the wire
 */
public record LocalNav(String monster, boolean active, Vec3 slot) implements ServerMessage {
    public static final String TYPE = "local_nav";

    public LocalNav {
        Require.nonNull(monster, "monster");
        if (!active && slot != null) {
            throw new IllegalArgumentException("slot: only with active:true");
        }
    }

    /** A {@code local_nav} without a slot. */
    public LocalNav(String monster, boolean active) {
        this(monster, active, null);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
