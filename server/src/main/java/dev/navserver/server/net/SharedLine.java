package dev.navserver.server.net;

import dev.navserver.protocol.json.MessageWriter;
import dev.navserver.protocol.message.ServerMessage;
import io.netty.buffer.ByteBuf;

/**
 * One message for any number of connections, encoded once: by the first I/O thread that writes it, and the same
 * bytes are copied to every other connection. Thread-safe.
 */
public final class SharedLine implements OutboundLine {
    private final ServerMessage message;
    private volatile byte[] bytes;

    public SharedLine(ServerMessage message) {
        this.message = message;
    }

    public ServerMessage message() {
        return message;
    }

    @Override
    public String type() {
        return message.type();
    }

    /** The message's JSON and {@code '\n'}, encoded at the first call; the same array afterwards. */
    public byte[] bytes() {
        byte[] b = bytes;
        if (b == null) {
            synchronized (this) {
                b = bytes;
                if (b == null) {
                    byte[] json = MessageWriter.toBytes(message);
                    b = java.util.Arrays.copyOf(json, json.length + 1);
                    b[json.length] = '\n';
                    bytes = b;
                }
            }
        }
        return b;
    }

    @Override
    public int size() {
        return bytes().length;
    }

    @Override
    public void writeTo(ByteBuf out) {
        out.writeBytes(bytes());
    }
}
