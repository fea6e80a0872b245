package dev.navserver.protocol.message;

/**
 * Server → client {@code local_nav}: hands a monster to the client's NavMeshAgent ({@code active:true}) or takes
 * it back ({@code active:false}).
 *
 * @param monster monster id
 * @param active  true while the client drives the monster
 */
public record LocalNav(String monster, boolean active) implements ServerMessage {
    public static final String TYPE = "local_nav";

    public LocalNav {
        Require.nonNull(monster, "monster");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
