package dev.navserver.protocol.message;

import java.util.Objects;

/**
 * Server → client {@code welcome}: the answer to {@code hello}.
 *
 * @param id                     the {@code hello}'s id, or {@code null}
 * @param protocol               protocol version the server speaks
 * @param session                session id, e.g. {@code "s-1"}
 * @param player                 the player name from {@code hello}
 * @param map                    the session's map
 * @param tickHz                 server tick rate, ticks per second
 * @param navIntervalSeconds     minimum time between two plans of one monster, seconds
 * @param moveThresholdMeters    player XZ movement since the last plan that allows a re-plan, metres
 * @param localNavDistanceMeters monster-player distance below which the client drives the monster, metres
 * @param role                   {@link dev.navserver.protocol.Roles#AUTHORITY} or {@link
 *                               dev.navserver.protocol.Roles#PLAYER}
 * @param mapVersion             version of the session's map at the time of the welcome, {@code >= 1}
 */
public record Welcome(RequestId id, int protocol, String session, String player, MapInfo map, int tickHz,
                      double navIntervalSeconds, double moveThresholdMeters, double localNavDistanceMeters,
                      String role, long mapVersion)
        implements ServerMessage {
    public static final String TYPE = "welcome";

    public Welcome {
        Require.nonNull(session, "session");
        Require.nonNull(player, "player");
        Objects.requireNonNull(map, "map");
        Require.finite(navIntervalSeconds, "navIntervalSeconds");
        Require.finite(moveThresholdMeters, "moveThresholdMeters");
        Require.finite(localNavDistanceMeters, "localNavDistanceMeters");
        Require.nonNull(role, "role");
        Require.mapVersion(mapVersion);
    }

    /** A player session's welcome on the first version of its map (tests and fake servers). */
    public Welcome(RequestId id, int protocol, String session, String player, MapInfo map, int tickHz,
            double navIntervalSeconds, double moveThresholdMeters, double localNavDistanceMeters) {
        this(id, protocol, session, player, map, tickHz, navIntervalSeconds, moveThresholdMeters,
                localNavDistanceMeters, dev.navserver.protocol.Roles.PLAYER, 1);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
