package dev.navserver.protocol.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.navserver.protocol.message.Message;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Serialises messages to the wire form: one compact JSON object, {@code type} first, {@code null} fields omitted,
 * UTF-8. Stateless and thread-safe.
 */
public final class MessageWriter {
    private MessageWriter() {
    }

    /** The JSON of {@code message}, without a line terminator. */
    public static String toJson(Message message) {
        try {
            return WireJson.MAPPER.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + message.type(), e);
        }
    }

    /** The UTF-8 JSON of {@code message}, without a line terminator. */
    public static byte[] toBytes(Message message) {
        try {
            return WireJson.MAPPER.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + message.type(), e);
        }
    }

    /**
     * Appends the UTF-8 JSON of {@code message} and {@code '\n'} at {@code out}'s writer index. On failure the
     * writer index is left where it was.
     */
    public static void writeLine(Message message, ByteBuf out) {
        int start = out.writerIndex();
        try (ByteBufOutputStream stream = new ByteBufOutputStream(out)) {
            WireJson.MAPPER.writeValue((OutputStream) stream, message);
            out.writeByte('\n');
        } catch (IOException e) {
            out.writerIndex(start);
            throw new UncheckedIOException("cannot serialise " + message.type(), e);
        } catch (RuntimeException e) {
            out.writerIndex(start);
            throw e;
        }
    }
}
