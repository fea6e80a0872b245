package dev.navserver.protocol.message;

import java.util.Objects;

/**
 * Client → server {@code spawn}: asks for a monster at {@code pos} that chases this session's player.
 *
 * @param id  request id to echo in {@code spawned} or {@code error}, or {@code null}
 * @param pos where to spawn, Unity world metres
 */
public record Spawn(RequestId id, Vec3 pos) implements ClientMessage {
    public static final String TYPE = "spawn";

    public Spawn {
        Objects.requireNonNull(pos, "pos");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
