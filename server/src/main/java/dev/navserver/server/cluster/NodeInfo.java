package dev.navserver.server.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The value of a node's membership key {@link ClusterKeys#node}: {@code {"nodeId":..,"host":..,"port":..,
 * "maxMaps":..}}. A draining node publishes {@code maxMaps} 0 so that placement gives it nothing. Immutable.
 *
 * @param host    the host clients are redirected to ({@code cluster.advertiseHost})
 * @param port    the node's game port, 1..65535
 * @param maxMaps the most maps it takes ({@code cluster.maxMaps}), 0 while draining
 */
public record NodeInfo(String nodeId, String host, int port, int maxMaps) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** UTF-8 JSON of this record. */
    public byte[] toJson() {
        return JSON.createObjectNode().put("nodeId", nodeId).put("host", host).put("port", port)
                .put("maxMaps", maxMaps).toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Parses a node key's value; null when it is not one (it is then ignored, as if the node were absent). */
    public static NodeInfo parse(byte[] json) {
        try {
            JsonNode n = JSON.readTree(json);
            if (n == null || !n.path("nodeId").isTextual() || !n.path("host").isTextual() || !n.path("port").isInt()
                    || n.path("port").asInt() < 1 || n.path("port").asInt() > 65535) {
                return null;
            }
            return new NodeInfo(n.path("nodeId").asText(), n.path("host").asText(), n.path("port").asInt(),
                    n.path("maxMaps").asInt(0));
        } catch (IOException e) {
            return null;
        }
    }
}
