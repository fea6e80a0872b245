package dev.navserver.protocol.message;

/**
 * Server → client {@code route_ok}: the answer to a {@code route} the server accepted.
 *
 * @param id   the {@code route}'s id, or {@code null}
 * @param name the route's name
 */
public record RouteOk(RequestId id, String name) implements ServerMessage {
    public static final String TYPE = "route_ok";

    public RouteOk {
        Require.nonNull(name, "name");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
