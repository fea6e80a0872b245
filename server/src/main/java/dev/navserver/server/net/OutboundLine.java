package dev.navserver.server.net;

import io.netty.buffer.ByteBuf;

/**
 * An outbound NDJSON line whose bytes are made on the connection's I/O thread ({@link OutboundLineEncoder}) from
 * parts prepared elsewhere, so that the tick thread only hands it over. Implementations are immutable once written
 * to a channel and may go to many channels at once.
 */
public interface OutboundLine {
    /** The message's {@code type}, for {@code navserver_messages_out_total}. */
    String type();

    /** The line's length in bytes, {@code '\n'} included. */
    int size();

    /** Appends the line ({@link #size()} bytes) at {@code out}'s writer index. Any thread. */
    void writeTo(ByteBuf out);
}
