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
 */
public record Welcome(RequestId id, int protocol, String session, String player, MapInfo map, int tickHz,
                      double navIntervalSeconds, double moveThresholdMeters, double localNavDistanceMeters)
        implements ServerMessage {
    public static final String TYPE = "welcome";

    public Welcome {
        Require.nonNull(session, "session");
        Require.nonNull(player, "player");
        Objects.requireNonNull(map, "map");
        Require.finite(navIntervalSeconds, "navIntervalSeconds");
        Require.finite(moveThresholdMeters, "moveThresholdMeters");
        Require.finite(localNavDistanceMeters, "localNavDistanceMeters");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
