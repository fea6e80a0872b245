package dev.navserver.protocol.message;

/**
 * Server → client {@code redirect}: another node serves {@code map}; the client connects to {@code host}:{@code port}
 * and sends its {@code hello} again there. Always followed by {@code bye} reason {@code redirect}, then the
 * connection closes.
 *
 * @param map  the map named in the client's {@code hello} (or the map the session was on)
 * @param host the serving node's advertised host
 * @param port the serving node's game port, 1..65535
 */
public record Redirect(String map, String host, int port) implements ServerMessage {
    public static final String TYPE = "redirect";

    public Redirect {
        Require.nonNull(map, "map");
        Require.nonNull(host, "host");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port: " + port + " is not 1..65535");
        }
    }

    @Override
    public String type() {
        return TYPE;
    }
}
